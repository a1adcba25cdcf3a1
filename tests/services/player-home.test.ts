// What the home page leads with for a signed-in user (app/.server/pages/player-home.ts): their
// claim and its player's credit, and once approved their next round (the next they are
// entered in, else the league's next) with the one action that fits (sign up, check in, or
// look) and their card once published.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { makeUser } from "../auth-fixtures";
import { DAY, makeEntry, makePlayer, makeRound, makeTransfer, nowSec, testDb } from "../fixtures";
import { cardPlayers, cards, claims, entries, rounds } from "~/.server/db/schema";
import { NEXT_ROUND_GRACE_SECONDS, playerHome } from "~/.server/pages/player-home";
import { updateLeagueSettings } from "~/.server/services/settings/league-settings";
import { getDb } from "~/.server/db/client";
import { observeD1 } from "../../workers/d1-observer";
import { gatherReads } from "../../workers/read-runner";
import { DEFAULT_LEAGUE_ID } from "~/.server/db/tables/leagues";

const HOUR = 3600;
// Each test plays in a span of time of its own, after every round the tests before it made.
let clock = nowSec() + 1000 * DAY;
const laterNow = () => (clock += 100 * DAY);

async function claimant(status: "approved" | "pending" | "conflict" = "approved", note: string | null = null) {
  const [user, player] = await Promise.all([makeUser(), makePlayer()]);
  await testDb().insert(claims).values({ leagueId: DEFAULT_LEAGUE_ID, userId: user.id, playerId: player.id, status, note });
  return { user, player };
}

beforeAll(async () => {
  await updateLeagueSettings(testDb(), { checkInOpensMinutes: 120 });
});

describe("playerHome", () => {
  it("a user without a claim gets neither a claim nor a next round (the page asks them to claim)", async () => {
    const user = await makeUser();
    await makeRound({ startsAt: laterNow() + DAY, openForRegistration: true });
    expect(await playerHome(testDb(), user.id, clock)).toEqual({ claim: null, next: null, waitlist: null, paypalBack: [] });
  });

  it("a claim waiting or in conflict: where it stands, with the admin's note, and no round to sign up for", async () => {
    const pending = await claimant("pending");
    const conflict = await claimant("conflict", "Which email did you sign up with?");
    await makeRound({ startsAt: laterNow() + DAY, openForRegistration: true });
    expect(await playerHome(testDb(), pending.user.id, clock)).toMatchObject({ claim: { status: "pending" }, next: null });
    expect(await playerHome(testDb(), conflict.user.id, clock)).toMatchObject({
      claim: { status: "conflict", note: "Which email did you sign up with?", playerId: conflict.player.id },
      next: null,
    });
  });

  it("an approved player not signed up: the next round and Sign up while it is open; their credit with the claim", async () => {
    const { user, player } = await claimant();
    await makeTransfer({ fromPlayerId: null, toPlayerId: player.id, amountCents: 1_250 });
    const now = laterNow();
    // Played tonight but more than the evening ago: no longer the next round.
    await makeRound({ startsAt: now - NEXT_ROUND_GRACE_SECONDS - 60, openForRegistration: true });
    const next = await makeRound({ startsAt: now + 2 * DAY, openForRegistration: true, location: "Cedar Bluff" });
    await makeRound({ startsAt: now + 9 * DAY, openForRegistration: true });
    const home = await playerHome(testDb(), user.id, now);
    expect(home.claim).toMatchObject({ status: "approved", playerId: player.id, balanceCents: 1_250 });
    expect(home.next).toMatchObject({
      round: { id: next.id, name: next.name, startsAt: next.startsAt, location: "Cedar Bluff", openForRegistration: true },
      night: null,
      checkInOpensAt: next.startsAt - 120 * 60,
      action: "signUp",
    });
    await testDb().update(rounds).set({ openForRegistration: false }).where(eq(rounds.id, next.id));
    expect((await playerHome(testDb(), user.id, now)).next?.action).toBe("view");
  });

  it("a round they are entered in comes before an earlier one they are not", async () => {
    const { user, player } = await claimant();
    const now = laterNow();
    await makeRound({ startsAt: now + DAY, openForRegistration: true });
    const theirs = await makeRound({ startsAt: now + 8 * DAY, openForRegistration: true });
    await makeEntry({ roundId: theirs.id, playerId: player.id });
    expect((await playerHome(testDb(), user.id, now)).next).toMatchObject({ round: { id: theirs.id }, night: { owedCents: 600 } });
  });

  it("signed up: what it owes, Check in only from when check-in opens until the start, then the card once published", async () => {
    const db = testDb();
    const { user, player } = await claimant();
    const now = laterNow();
    const round = await makeRound({ startsAt: now + HOUR, openForRegistration: true });
    const entry = await makeEntry({ roundId: round.id, playerId: player.id });
    const mate = await makePlayer({ firstName: "Ann", lastName: "Lee" });
    const mateEntry = await makeEntry({ roundId: round.id, playerId: mate.id });

    // Check-in opens two hours before the start: an hour before it, it is open.
    const home = await playerHome(db, user.id, now);
    expect(home.next).toMatchObject({
      round: { id: round.id },
      night: { entryId: entry.id, owedCents: 600, checkedInAt: null, card: null },
    });
    expect(home.next?.action).toBe("checkIn");
    // Three hours before the start it is not open yet; after the start it is over.
    expect((await playerHome(db, user.id, now - 2 * HOUR)).next?.action).toBe("view");
    expect((await playerHome(db, user.id, now + HOUR + 60)).next?.action).toBe("view");

    await db.update(entries).set({ checkedInAt: now }).where(eq(entries.id, entry.id));
    const [card] = await db
      .insert(cards)
      .values({
        leagueId: DEFAULT_LEAGUE_ID,
        roundId: round.id,
        number: 3,
        startHole: 7,
        startSlot: 0,
      })
      .returning();
    await db.insert(cardPlayers).values([
      { leagueId: DEFAULT_LEAGUE_ID, entryId: entry.id, cardId: card.id, position: 0 },
      { leagueId: DEFAULT_LEAGUE_ID, entryId: mateEntry.id, cardId: card.id, position: 1 },
    ]);
    const checkedIn = await playerHome(db, user.id, now);
    expect(checkedIn.next?.action).toBe("view");
    expect(checkedIn.next?.night).toMatchObject({ checkedInAt: now, card: null });

    await db.update(rounds).set({ cardsPublishedAt: now }).where(eq(rounds.id, round.id));
    // Claim, waitlist, next round, the night in it, its card's mates: one trip (ADR 41).
    const { binding, seen } = observeD1(env.DB);
    expect((await playerHome(getDb(gatherReads(binding), DEFAULT_LEAGUE_ID), user.id, now)).next?.night?.card).toMatchObject({
      number: 3,
      startLabel: "7",
      mates: [{ playerId: mate.id, name: "Ann Lee" }],
    });
    expect(seen.roundTrips).toBe(1);
  });
});
