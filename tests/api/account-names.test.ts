import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call, expectStatus, makeAdmin, makeUser, tokenFor } from "../auth-fixtures";
import { makeEntry, makePlayer, makeRound, nowSec, testDb } from "../fixtures";
import { makeLiveRound } from "../live-fixtures";
import { argsFor, outcome } from "../route-fixtures";
import { claims, payments, users } from "~/.server/db/schema";
import { DEFAULT_LEAGUE_ID } from "~/.server/db/tables/leagues";
import { setScoringPin } from "~/.server/services/accounts/scoring-pin";
import { pinHashOfPlayer, roundPlayersWithPin } from "~/.server/services/live/live-roster";
import * as claimsPage from "~/routes/admin-claims";
import * as paymentsPage from "~/routes/admin-payments";

// A league's rows name accounts by id; the names come from the accounts, read apart (ADR 46).
// Each read shows the name, and an account deleted before the league let go of it (the
// league's rows still hold its id) shows the product's fallback, never a broken page: no
// name for a payer, "user #id" for a claimant or a filter's choice, none for who checked in.

/** An account that existed and is gone: its id stays in the league's rows. */
async function goneAccount() {
  const user = await makeUser();
  await testDb().delete(users).where(eq(users.id, user.id));
  return user.id;
}

async function paymentOf(userId: number) {
  const [round, player] = await Promise.all([makeRound(), makePlayer()]);
  const [row] = await testDb()
    .insert(payments)
    .values({
      leagueId: DEFAULT_LEAGUE_ID,
      userId,
      roundId: round.id,
      playerId: player.id,
      method: "credit",
      status: "completed",
      amountCents: 0,
      creditUsedCents: 600,
      division: "MA1",
    })
    .returning();
  return row!;
}

describe("names read apart from the league's rows", () => {
  it("payments: the payer on the /api list and the page and its filter; a payer whose account is gone", async () => {
    const [payer, gone, token] = await Promise.all([makeUser(), goneAccount(), makeAdmin().then((a) => tokenFor(a))]);
    const [mine, orphan] = [await paymentOf(payer.id), await paymentOf(gone)];
    const all = await expectStatus<{ id: number; user_id: number; user_name: string | null }[]>(
      await call("GET", "/api/admin/payments/all", { token }),
      200,
    );
    expect(all.find((p) => p.id === mine.id)).toMatchObject({ user_id: payer.id, user_name: payer.name });
    expect(all.find((p) => p.id === orphan.id)).toMatchObject({ user_id: gone, user_name: null });
    const theirs = await expectStatus<{ user_name: string }[]>(await call("GET", `/api/admin/payments/${payer.id}`, { token }), 200);
    expect(theirs.map((p) => p.user_name)).toEqual([payer.name]);

    const page = await outcome(paymentsPage.loader(await argsFor("admin", "/admin/payments")));
    expect(page.status).toBe(200);
    const rows = page.data.payments as { id: number; userName: string | null }[];
    expect(rows.find((p) => p.id === mine.id)?.userName).toBe(payer.name);
    expect(rows.find((p) => p.id === orphan.id)?.userName).toBeNull();
    expect(page.data.users).toEqual(
      expect.arrayContaining([
        { id: payer.id, label: payer.name },
        { id: gone, label: `user #${gone}` },
      ]),
    );
    // Filtered by the payer: their name beside their payments.
    const filtered = await outcome(paymentsPage.loader(await argsFor("admin", `/admin/payments?user=${payer.id}`)));
    expect(filtered.data.payments).toEqual([expect.objectContaining({ id: mine.id, userName: payer.name })]);
  });

  it("claims: the claimant in the admin's list, the page and a decision; a claim whose account is gone is not listed", async () => {
    const [claimant, gone, admin, p1, p2] = await Promise.all([makeUser(), goneAccount(), makeAdmin(), makePlayer(), makePlayer()]);
    const [open] = await testDb()
      .insert(claims)
      .values([
        { leagueId: DEFAULT_LEAGUE_ID, userId: claimant.id, playerId: p1.id, status: "pending" },
        { leagueId: DEFAULT_LEAGUE_ID, userId: gone, playerId: p2.id, status: "pending" },
      ])
      .returning();
    const token = await tokenFor(admin);
    const { claims: list } = await expectStatus<{ claims: { user_id: number; user_name: string }[] }>(
      await call("GET", "/api/claims", { token }),
      200,
    );
    // A claim of an account deleted since waits for its league's release job: nobody to decide for.
    expect(list).toEqual(expect.arrayContaining([expect.objectContaining({ user_id: claimant.id, user_name: claimant.name })]));
    expect(list.some((c) => c.user_id === gone)).toBe(false);
    const page = await outcome(claimsPage.loader(await argsFor("admin", "/admin/claims")));
    const listed = page.data.claims.map((c: { userId: number; userName: string }) => [c.userId, c.userName]);
    expect(listed).toEqual(expect.arrayContaining([[claimant.id, claimant.name]]));
    expect(listed.some(([id]: [number]) => id === gone)).toBe(false);
    const decided = await expectStatus(await call("PUT", `/api/claims/${open!.id}/approve`, { token, body: {} }), 200);
    expect(decided.claim).toMatchObject({ user_id: claimant.id, user_name: claimant.name, status: "approved" });
  });

  it("the check-in desk names who checked each entry in; one whose account is gone keeps the time, not the name", async () => {
    const [admin, gone, round] = await Promise.all([makeAdmin(), goneAccount(), makeRound({ startsAt: nowSec() + 3600 })]);
    const [byAdmin, byGone, notIn] = await Promise.all([makePlayer(), makePlayer(), makePlayer()]);
    await makeEntry({ roundId: round.id, playerId: byAdmin.id, checkedInAt: nowSec(), checkedInBy: admin.id });
    await makeEntry({ roundId: round.id, playerId: byGone.id, checkedInAt: nowSec(), checkedInBy: gone });
    await makeEntry({ roundId: round.id, playerId: notIn.id });
    const desk = await expectStatus<{ entries: { player_id: number; checked_in: boolean; checked_in_by: unknown }[] }>(
      await call("GET", `/api/admin/rounds/${round.id}/check-in`, { token: await tokenFor(admin) }),
      200,
    );
    const byPlayer = new Map(desk.entries.map((e) => [e.player_id, e]));
    expect(byPlayer.get(byAdmin.id)).toMatchObject({ checked_in: true, checked_in_by: { user_id: admin.id, name: admin.name } });
    expect(byPlayer.get(byGone.id)).toMatchObject({ checked_in: true, checked_in_by: { user_id: gone, name: "" } });
    expect(byPlayer.get(notIn.id)).toMatchObject({ checked_in: false, checked_in_by: null });
  });

  it("who may sign with a scoring PIN: the account's PIN, read after the claim that links it", async () => {
    const { round, cards } = await makeLiveRound([3], { pins: true });
    const [a, b, c] = cards[0].players;
    await setScoringPin(testDb(), b!.user.id, null);
    await testDb().delete(users).where(eq(users.id, c!.user.id));
    expect(await roundPlayersWithPin(testDb(), round.id)).toEqual([a!.player.id]);
    expect(await pinHashOfPlayer(testDb(), a!.player.id)).toMatch(/\S/);
    expect(await pinHashOfPlayer(testDb(), b!.player.id)).toBeNull();
    expect(await pinHashOfPlayer(testDb(), c!.player.id)).toBeNull();
  });
});
