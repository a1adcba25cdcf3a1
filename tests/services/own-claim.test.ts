import { DEFAULT_LEAGUE_ID } from "~/.server/db/schema";
import { describe, expect, it } from "vitest";
import { makeUser } from "../auth-fixtures";
import { makePlayer, makeTransfer, nowSec, testDb } from "../fixtures";
import { loadSessionUser } from "~/.server/auth/current-user";
import { claims } from "~/.server/db/schema";
import { ownClaim } from "~/.server/services/players/own-claim";

type Status = (typeof claims.$inferInsert)["status"];

async function claim(userId: number, playerId: number, status: Status, updatedAt = nowSec()) {
  await testDb().insert(claims).values({ leagueId: DEFAULT_LEAGUE_ID, userId, playerId, status, updatedAt });
}

describe("ownClaim: the claim the profile card shows", () => {
  it("is null without a claim, and for a withdrawn one", async () => {
    const user = await makeUser();
    expect(await ownClaim(testDb(), user.id)).toBeNull();
    await claim(user.id, (await makePlayer()).id, "withdrawn");
    expect(await ownClaim(testDb(), user.id)).toBeNull();
  });

  it("prefers the approved claim over a newer rejected one, with the player's name and credit", async () => {
    const user = await makeUser();
    const mine = await makePlayer();
    await makeTransfer({ toPlayerId: mine.id, amountCents: 1250 });
    await makeTransfer({ fromPlayerId: mine.id, amountCents: 500 });
    await claim(user.id, mine.id, "approved", nowSec() - 100);
    // One open claim per user (an index): a newer closed claim is what old data can hold.
    await claim(user.id, (await makePlayer()).id, "rejected", nowSec());
    expect(await ownClaim(testDb(), user.id)).toEqual({
      id: expect.any(Number),
      status: "approved",
      note: null,
      playerId: mine.id,
      firstName: mine.firstName,
      lastName: mine.lastName,
      balanceCents: 750,
    });
  });

  it("otherwise shows the newest live claim, agreeing with the session's claim status", async () => {
    const user = await makeUser();
    const older = await makePlayer();
    const newer = await makePlayer();
    await claim(user.id, older.id, "rejected", nowSec() - 100);
    await claim(user.id, newer.id, "pending", nowSec());
    const shown = await ownClaim(testDb(), user.id);
    expect(shown).toMatchObject({ status: "pending", playerId: newer.id });
    expect((await loadSessionUser(testDb(), user.id, DEFAULT_LEAGUE_ID))?.claimStatus).toBe(shown?.status);
  });
});
