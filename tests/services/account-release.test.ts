import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { claims, entries, payments, players, waitlist } from "~/.server/db/schema";
import { deleteUser } from "~/.server/services/accounts/user-admin";
import { makeAdmin, makeUser } from "../auth-fixtures";
import { makeEntry, makePlayer, makeRound, testDb } from "../fixtures";

// A league's rows name accounts without a foreign key (ADR 46): deleting an account lets go
// of it in the leagues' rows in the same batch, as the foreign keys' cascades used to.

describe("deleting an account", () => {
  it("drops its claims and waitlist places, and leaves its payments, check-ins and records naming no one", async () => {
    const db = testDb();
    const [admin, user, player, round] = await Promise.all([
      makeAdmin(),
      makeUser(),
      makePlayer(),
      makeRound({ openForRegistration: true }),
    ]);
    await db.insert(claims).values({ leagueId: db.leagueId, userId: user.id, playerId: player.id, status: "approved" });
    const [own] = await db
      .insert(players)
      .values({ leagueId: db.leagueId, firstName: "Made", lastName: "ByUser", division: "MA1", createdByUserId: user.id })
      .returning();
    const other = await makeRound({ openForRegistration: true });
    await db.insert(waitlist).values({ leagueId: db.leagueId, roundId: other.id, playerId: player.id, userId: user.id, division: "MA1" });
    const [paid] = await db
      .insert(payments)
      .values({
        leagueId: db.leagueId,
        userId: user.id,
        roundId: round.id,
        playerId: player.id,
        method: "paypal",
        status: "failed",
        amountCents: 0,
        division: "MA1",
      })
      .returning();
    const entry = await makeEntry({ roundId: round.id, playerId: player.id });
    await db.update(entries).set({ checkedInAt: 1, checkedInBy: user.id }).where(eq(entries.id, entry.id));

    await deleteUser(db, admin.id, user.id);

    expect(await db.select().from(claims).where(eq(claims.userId, user.id))).toEqual([]);
    expect(await db.select().from(waitlist).where(eq(waitlist.userId, user.id))).toEqual([]);
    expect((await db.select().from(payments).where(eq(payments.id, paid.id)))[0]?.userId).toBeNull();
    expect((await db.select().from(entries).where(eq(entries.id, entry.id)))[0]).toMatchObject({ checkedInAt: 1, checkedInBy: null });
    expect((await db.select().from(players).where(eq(players.id, own.id)))[0]?.createdByUserId).toBeNull();
    // The player record and its entry are the league's: they stay.
    expect(await db.select({ id: players.id }).from(players).where(eq(players.id, player.id))).toHaveLength(1);
  });
});
