// A player's night in a round (services/night/player-night.ts): what they owe, whether they
// are checked in, and their card with its start and cardmates only once cards are published.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { makeEntry, makePlayer, makeRound, nowSec, testDb } from "../fixtures";
import { PRICE, paidEntry } from "../money-fixtures";
import { cardPlayers, cards, entries, rounds } from "~/.server/db/schema";
import { playerNight } from "~/.server/services/night/player-night";
import { DEFAULT_LEAGUE_ID } from "~/.server/db/tables/leagues";

describe("playerNight", () => {
  it("is null for a player with no entry in the round", async () => {
    const [round, player] = await Promise.all([makeRound(), makePlayer()]);
    expect(await playerNight(testDb(), round.id, player.id)).toBeNull();
  });

  it("says what an unpaid entry owes, and nothing for one paid in cash", async () => {
    const unpaid = await paidEntry();
    expect(await playerNight(testDb(), unpaid.round.id, unpaid.player.id)).toEqual({
      entryId: unpaid.entry.id,
      checkedInAt: null,
      owedCents: PRICE,
      card: null,
    });
    const cash = await paidEntry({ cashCents: PRICE });
    expect((await playerNight(testDb(), cash.round.id, cash.player.id))?.owedCents).toBe(0);
    const part = await paidEntry({ creditCents: 200 });
    expect((await playerNight(testDb(), part.round.id, part.player.id))?.owedCents).toBe(PRICE - 200);
  });

  it("shows the card only once published: its number, shared start hole and the others on it in order", async () => {
    const db = testDb();
    const round = await makeRound();
    const people = await Promise.all([1, 2, 3, 4].map(() => makePlayer()));
    const list = await Promise.all(people.map((p) => makeEntry({ roundId: round.id, playerId: p.id })));
    const [card3, card4] = await db
      .insert(cards)
      .values([
        { leagueId: DEFAULT_LEAGUE_ID, roundId: round.id, number: 3, startHole: 7, startSlot: 0 },
        { leagueId: DEFAULT_LEAGUE_ID, roundId: round.id, number: 4, startHole: 7, startSlot: 1 },
      ])
      .returning();
    await db.insert(cardPlayers).values([
      { leagueId: DEFAULT_LEAGUE_ID, entryId: list[0].id, cardId: card3.id, position: 0 },
      { leagueId: DEFAULT_LEAGUE_ID, entryId: list[2].id, cardId: card3.id, position: 1 },
      { leagueId: DEFAULT_LEAGUE_ID, entryId: list[1].id, cardId: card3.id, position: 2 },
      { leagueId: DEFAULT_LEAGUE_ID, entryId: list[3].id, cardId: card4.id, position: 0 },
    ]);
    const checkedIn = nowSec();
    await db.update(entries).set({ checkedInAt: checkedIn }).where(eq(entries.id, list[0].id));
    expect((await playerNight(db, round.id, people[0].id))?.card).toBeNull();

    await db.update(rounds).set({ cardsPublishedAt: nowSec() }).where(eq(rounds.id, round.id));
    const night = await playerNight(db, round.id, people[0].id);
    expect(night?.checkedInAt).toBe(checkedIn);
    expect(night?.card).toEqual({
      cardId: card3.id,
      number: 3,
      startHole: 7,
      startLabel: "7A",
      teeTime: null,
      mates: [
        { playerId: people[2].id, name: `${people[2].firstName} ${people[2].lastName}` },
        { playerId: people[1].id, name: `${people[1].firstName} ${people[1].lastName}` },
      ],
    });
    expect((await playerNight(db, round.id, people[3].id))?.card).toMatchObject({ number: 4, startLabel: "7B", mates: [] });
  });
});
