import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call, expectStatus, makeUser, tokenFor } from "../auth-fixtures";
import { makePlayer, testDb } from "../fixtures";
import { adminToken, answersOf, later, offsets, oneWayOrTheOther, RUNS } from "./race-fixtures";
import { claims } from "~/.server/db/schema";
import { CLAIM_MESSAGES } from "~/.server/services/players/claims";

// Admins deciding claims at once (PUT /api/claims/{id}/{action}): each transition is one
// conditional update and the unique indexes hold "one approved claim per player" (ADR 12),
// so two approvals of the same player end with one linked user and the other untouched.

/** A user who claimed `playerId` through the API (pending). */
async function claimant(playerId: number) {
  const user = await makeUser();
  const token = await tokenFor(user);
  const { claim } = await expectStatus<{ claim: { id: number } }>(
    await call("POST", "/api/claims", { token, body: { player_id: playerId } }),
    201,
  );
  return { user, token, claimId: claim.id };
}

const decide = (admin: string, claimId: number, action: "approve" | "reject") =>
  call("PUT", `/api/claims/${claimId}/${action}`, { token: admin, body: {} });

const claimsOfPlayer = (playerId: number) => testDb().select().from(claims).where(eq(claims.playerId, playerId));

/** What the session shows the user: the player they are linked to, and their claim's state. */
async function linkOf(token: string): Promise<{ linked_player: number | null; claimStatus: string | null }> {
  const me = await expectStatus(await call("GET", "/api/users/me", { token }), 200);
  return me.user;
}

describe("two admins approving two users' claims on one player at once", () => {
  it.each(RUNS)("run %i: one approved claim and one linked user; the other claim stays pending, its user unlinked", async (run) => {
    const player = await makePlayer();
    const [a, b] = await Promise.all([claimant(player.id), claimant(player.id)]);
    const [admin1, admin2] = await Promise.all([adminToken(), adminToken()]);
    const [d1, d2] = offsets(run);
    const answers = await answersOf([
      later(d1, () => decide(admin1, a.claimId, "approve")),
      later(d2, () => decide(admin2, b.claimId, "approve")),
    ]);

    const won = oneWayOrTheOther(answers, 200, CLAIM_MESSAGES.playerTaken);
    expect(won).toHaveLength(1);
    const [winner, loser] = answers[0]?.status === 200 ? [a, b] : [b, a];
    expect(won[0]?.body.claim).toMatchObject({ id: winner.claimId, status: "approved" });

    const rows = await claimsOfPlayer(player.id);
    expect(rows.filter((c) => c.status === "approved").map((c) => c.id)).toEqual([winner.claimId]);
    const lost = rows.find((c) => c.id === loser.claimId);
    expect(lost).toMatchObject({ status: "pending", approvedAt: null });
    expect(await linkOf(winner.token)).toMatchObject({ linked_player: player.id, claimStatus: "approved" });
    expect(await linkOf(loser.token)).toMatchObject({ linked_player: null, claimStatus: "pending" });
  });

  it.each(RUNS)("run %i: each of two admins approves both claims at once — still one approved", async () => {
    const player = await makePlayer();
    const [a, b] = await Promise.all([claimant(player.id), claimant(player.id)]);
    const [admin1, admin2] = await Promise.all([adminToken(), adminToken()]);
    const answers = await answersOf([
      decide(admin1, a.claimId, "approve"),
      decide(admin2, b.claimId, "approve"),
      decide(admin2, a.claimId, "approve"),
      decide(admin1, b.claimId, "approve"),
    ]);
    const won = oneWayOrTheOther(
      answers,
      200,
      /^(This player record is already claimed by another user\.|This claim is approved; it cannot be moved to approved\.)$/,
    );
    expect(won).toHaveLength(1);
    const rows = await claimsOfPlayer(player.id);
    expect(rows.filter((c) => c.status === "approved")).toHaveLength(1);
    expect(rows.filter((c) => c.status === "pending")).toHaveLength(1);
    const links = await Promise.all([linkOf(a.token), linkOf(b.token)]);
    expect(links.map((l) => l.linked_player).sort()).toEqual([null, player.id].sort());
  });
});

describe("one claim decided twice at once", () => {
  it.each(RUNS)("run %i: approved twice — one 200, one 409 naming the state it found, approved once", async (run) => {
    const player = await makePlayer();
    const a = await claimant(player.id);
    const [admin1, admin2] = await Promise.all([adminToken(), adminToken()]);
    const [d1, d2] = offsets(run);
    const answers = await answersOf([
      later(d1, () => decide(admin1, a.claimId, "approve")),
      later(d2, () => decide(admin2, a.claimId, "approve")),
    ]);
    expect(oneWayOrTheOther(answers, 200, "This claim is approved; it cannot be moved to approved.")).toHaveLength(1);
    const [row, ...more] = await claimsOfPlayer(player.id);
    expect(more).toHaveLength(0);
    expect(row).toMatchObject({ status: "approved", approvedAt: expect.any(Number), rejectedAt: null });
    expect(await linkOf(a.token)).toMatchObject({ linked_player: player.id });
  });

  it.each(RUNS)("run %i: approved and rejected at once — rejected either way, and the user unlinked", async (run) => {
    const player = await makePlayer();
    const a = await claimant(player.id);
    const [admin1, admin2] = await Promise.all([adminToken(), adminToken()]);
    const [d1, d2] = offsets(run);
    const [approved, rejected] = await answersOf([
      later(d1, () => decide(admin1, a.claimId, "approve")),
      later(d2, () => decide(admin2, a.claimId, "reject")),
    ]);
    // Reject also moves an approved claim (the admin's un-link), so it wins in either order;
    // the approval went first (200) or found the claim rejected (409).
    expect(rejected?.status).toBe(200);
    if (approved?.status !== 200)
      expect(approved).toMatchObject({ status: 409, body: { error: "This claim is rejected; it cannot be moved to approved." } });
    const [row] = await claimsOfPlayer(player.id);
    expect(row).toMatchObject({ status: "rejected", rejectedAt: expect.any(Number) });
    expect(await linkOf(a.token)).toMatchObject({ linked_player: null, claimStatus: "rejected" });
  });
});
