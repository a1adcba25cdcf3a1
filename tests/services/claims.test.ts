import { DEFAULT_LEAGUE_ID } from "~/.server/db/schema";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { makeUser } from "../auth-fixtures";
import { makePlayer, testDb, refusal } from "../fixtures";
import { loadSessionUser } from "~/.server/auth/current-user";
import { claims } from "~/.server/db/schema";
import type { AppError } from "~/.server/errors";
import { CLAIM_MESSAGES, claimsForUser, decideClaim, listClaims, myClaim, submitClaim, unclaim } from "~/.server/services/players/claims";

const db = testDb;

async function statusOf(id: number) {
  const [row] = await db().select().from(claims).where(eq(claims.id, id));
  return row;
}

describe("a user's claim", () => {
  it("starts pending, shows as the user's claim, and approving links the player to the user", async () => {
    const [user, player] = await Promise.all([makeUser(), makePlayer()]);
    const claim = await submitClaim(db(), user, { playerId: player.id, note: "That's me" });
    expect(claim).toMatchObject({
      status: "pending",
      userId: user.id,
      playerId: player.id,
      note: "That's me",
      firstName: player.firstName,
    });
    expect((await myClaim(db(), user.id))?.id).toBe(claim.id);
    expect(await loadSessionUser(db(), user.id, DEFAULT_LEAGUE_ID)).toMatchObject({ claimStatus: "pending", linkedPlayerId: null });

    const approved = await decideClaim(db(), claim.id, "approve");
    expect(approved.status).toBe("approved");
    expect(approved.approvedAt).toBeGreaterThan(0);
    expect(await loadSessionUser(db(), user.id, DEFAULT_LEAGUE_ID)).toMatchObject({ claimStatus: "approved", linkedPlayerId: player.id });
  });

  it("is refused for a missing player (404), an inactive one (400) and an admin (403)", async () => {
    const [user, admin, inactive] = await Promise.all([makeUser(), makeUser({ isAdmin: true }), makePlayer({ inactive: true })]);
    expect((await refusal(submitClaim(db(), user, { playerId: 987_654_321 }))).status).toBe(404);
    const err = await refusal(submitClaim(db(), user, { playerId: inactive.id }));
    expect([err.status, err.message]).toEqual([400, CLAIM_MESSAGES.inactive]);
    expect((await refusal(submitClaim(db(), admin, { playerId: inactive.id }))).status).toBe(403);
    expect(await claimsForUser(db(), user.id)).toEqual([]);
  });

  it("allows one open claim per user: a second is 409 until the first is withdrawn", async () => {
    const [user, a, b] = await Promise.all([makeUser(), makePlayer(), makePlayer()]);
    const first = await submitClaim(db(), user, { playerId: a.id });
    const err = await refusal(submitClaim(db(), user, { playerId: b.id }));
    expect([err.status, err.message]).toEqual([409, CLAIM_MESSAGES.alreadyOpen]);
    await unclaim(db(), user.id, first.id);
    expect((await statusOf(first.id))?.status).toBe("withdrawn");
    expect(await myClaim(db(), user.id)).toBeNull();
    const second = await submitClaim(db(), user, { playerId: b.id });
    expect(second.status).toBe("pending");
  });

  it("cannot be made on a player another user is linked to", async () => {
    const [owner, other, player] = await Promise.all([makeUser(), makeUser(), makePlayer()]);
    await decideClaim(db(), (await submitClaim(db(), owner, { playerId: player.id })).id, "approve");
    const err = await refusal(submitClaim(db(), other, { playerId: player.id }));
    expect([err.status, err.message]).toEqual([409, CLAIM_MESSAGES.playerTaken]);
  });

  it("can be unclaimed only by its user, and only while open", async () => {
    const [user, stranger, player] = await Promise.all([makeUser(), makeUser(), makePlayer()]);
    const claim = await submitClaim(db(), user, { playerId: player.id });
    expect((await refusal(unclaim(db(), stranger.id, claim.id))).status).toBe(403);
    expect((await statusOf(claim.id))?.status).toBe("pending");
    expect((await refusal(unclaim(db(), user.id, 987_654_321))).status).toBe(404);
    await decideClaim(db(), claim.id, "reject");
    expect((await refusal(unclaim(db(), user.id, claim.id))).status).toBe(409);
  });

  it("twenty racing submissions by one user leave exactly one open claim", async () => {
    const user = await makeUser();
    const targets = await Promise.all(Array.from({ length: 20 }, () => makePlayer()));
    const results = await Promise.allSettled(targets.map((p) => submitClaim(db(), user, { playerId: p.id })));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results) if (r.status === "rejected") expect((r.reason as AppError).status).toBe(409);
    expect((await claimsForUser(db(), user.id)).filter((c) => c.status === "pending")).toHaveLength(1);
  });
});

describe("an admin's decision", () => {
  it("conflict needs a note, which the user then sees; the user may withdraw and claim again", async () => {
    const [user, player, other] = await Promise.all([makeUser(), makePlayer(), makePlayer()]);
    const claim = await submitClaim(db(), user, { playerId: player.id });
    const err = await refusal(decideClaim(db(), claim.id, "conflict", "   "));
    expect([err.status, err.message]).toEqual([400, CLAIM_MESSAGES.noteRequired]);
    expect((await statusOf(claim.id))?.status).toBe("pending");
    await decideClaim(db(), claim.id, "conflict", "Two Kevins: which one are you?");
    expect(await myClaim(db(), user.id)).toMatchObject({ status: "conflict", note: "Two Kevins: which one are you?" });
    await unclaim(db(), user.id, claim.id);
    expect((await submitClaim(db(), user, { playerId: other.id })).status).toBe("pending");
  });

  it("un-link is a reject of an approved claim, which frees the player for someone else", async () => {
    const [user, other, player] = await Promise.all([makeUser(), makeUser(), makePlayer()]);
    const claim = await submitClaim(db(), user, { playerId: player.id });
    await decideClaim(db(), claim.id, "approve");
    const rejected = await decideClaim(db(), claim.id, "reject");
    expect(rejected).toMatchObject({ status: "rejected" });
    expect(rejected.rejectedAt).toBeGreaterThan(0);
    expect(await loadSessionUser(db(), user.id, DEFAULT_LEAGUE_ID)).toMatchObject({ linkedPlayerId: null });
    expect((await submitClaim(db(), other, { playerId: player.id })).status).toBe("pending");
  });

  it("refuses moves from states the action does not start from (409) and unknown claims (404)", async () => {
    const [user, player] = await Promise.all([makeUser(), makePlayer()]);
    const claim = await submitClaim(db(), user, { playerId: player.id });
    await decideClaim(db(), claim.id, "reject");
    expect((await refusal(decideClaim(db(), claim.id, "approve"))).status).toBe(409);
    expect((await refusal(decideClaim(db(), claim.id, "conflict", "note"))).status).toBe(409);
    expect((await refusal(decideClaim(db(), 987_654_321, "approve"))).status).toBe(404);
    expect((await statusOf(claim.id))?.status).toBe("rejected");
  });

  it("two users' claims on one player approved at once: exactly one wins, the other is 409", async () => {
    const [a, b, player] = await Promise.all([makeUser(), makeUser(), makePlayer()]);
    const ca = await submitClaim(db(), a, { playerId: player.id });
    const cb = await submitClaim(db(), b, { playerId: player.id });
    const results = await Promise.allSettled([decideClaim(db(), ca.id, "approve"), decideClaim(db(), cb.id, "approve")]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const loser = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect([(loser.reason as AppError).status, (loser.reason as AppError).message]).toEqual([409, CLAIM_MESSAGES.playerTaken]);
    const rows = await Promise.all([statusOf(ca.id), statusOf(cb.id)]);
    expect(rows.map((r) => r?.status).sort()).toEqual(["approved", "pending"]);
  });

  it("the admin list puts open claims first, with user and player names", async () => {
    // A claim in every state, the closed ones made last (so newest): the order is the
    // state's, not the age's.
    const users = await Promise.all(Array.from({ length: 5 }, () => makeUser()));
    const players = await Promise.all(Array.from({ length: 5 }, () => makePlayer()));
    const made: Awaited<ReturnType<typeof submitClaim>>[] = [];
    for (let i = 0; i < 5; i++) made.push(await submitClaim(db(), users[i], { playerId: players[i].id }));
    const [pending, conflict, approved, rejected, withdrawn] = made;
    await decideClaim(db(), conflict.id, "conflict", "Which one are you?");
    await decideClaim(db(), approved.id, "approve");
    await decideClaim(db(), rejected.id, "reject");
    await unclaim(db(), users[4].id, withdrawn.id);

    const list = await listClaims(db());
    const ours = list.filter((c) => made.some((m) => m.id === c.id));
    expect(ours.map((c) => c.id)).toEqual([pending.id, conflict.id, approved.id, withdrawn.id, rejected.id]);
    expect(ours.map((c) => c.status)).toEqual(["pending", "conflict", "approved", "withdrawn", "rejected"]);
    expect(ours[0]).toMatchObject({ userName: users[0].name, firstName: players[0].firstName, lastName: players[0].lastName });
    // The whole list, whatever else it holds, keeps that order of states.
    const rank = { pending: 0, conflict: 1, approved: 2, rejected: 3, withdrawn: 3 } as const;
    const ranks = list.map((c) => rank[c.status as keyof typeof rank]);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
  });
});
