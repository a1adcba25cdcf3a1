import { describe, expect, it } from "vitest";
import { testDb } from "../fixtures";
import { checkedInRound } from "../night-fixtures";
import { recordQueue } from "../registration-fixtures";
import { publishCards } from "~/.server/services/cards/card-publish";
import { makeRoundCards, saveCards } from "~/.server/services/cards/card-writes";
import { myNight, publishedCards } from "~/.server/services/night/round-night";

// What the round page shows of a league night (ADR 25): the cards only once published, with
// their starts and names in card order; a player's own night with the check-in window.

describe("the round page's cards", () => {
  it("are none while a draft, then every card with its start label and names", async () => {
    const night = await checkedInRound(8);
    const made = await makeRoundCards(testDb(), night.round.id, { version: 0, start: "shotgun" });
    expect(await publishedCards(testDb(), night.round.id)).toEqual([]);
    const shared = made.cards.map((c) => ({ number: c.number, startHole: 7, teeTime: null, entryIds: c.players.map((p) => p.entryId) }));
    const saved = await saveCards(testDb(), night.round.id, made.version, shared);
    await publishCards(testDb(), night.round.id, saved.version, { jobs: recordQueue().queue, origin: "http://localhost" });
    const names = (n: number) => saved.cards[n]!.players.map((p) => p.name);
    expect(await publishedCards(testDb(), night.round.id)).toEqual([
      { number: 1, startLabel: "7A", teeTime: null, names: names(0) },
      { number: 2, startLabel: "7B", teeTime: null, names: names(1) },
    ]);
  });

  it("a player's night carries the check-in window: from the league's minutes before the start until it", async () => {
    const night = await checkedInRound(3);
    const mine = await myNight(testDb(), night.round.id, night.people[0]!.id, night.round.startsAt);
    expect(mine?.window).toEqual({ opensAt: night.round.startsAt - 120 * 60, closesAt: night.round.startsAt });
    expect(mine?.checkedInAt).not.toBeNull();
  });
});
