// Wrong scoring PINs (ADR 26): a cardmate guessing a player's PIN is limited per player in
// the round (5), per day across rounds (20), and per address per day (50). Reaching a limit
// stops that cardmate's PIN tries only: the player still signs on their own phone, and
// another cardmate with the right PIN still signs for them.
import { describe, expect, it } from "vitest";
import { change, liveState, makeLiveRound, pinOf, post, postOk, wholeCard } from "../live-fixtures";
import type { Change, ChangeResult } from "~/schemas/live";

const PAR = (_p: number, _h: number) => 3;
type Refused = Extract<ChangeResult, { status: "refused" }>;

/** POSTs the changes and answers their results, every one refused (a wrong or stopped PIN). */
async function refusedAll(roundId: number, token: string, changes: Change[], ip?: string): Promise<Refused[]> {
  const { status, body } = await post(roundId, token, changes, { ip });
  expect(status, JSON.stringify(body)).toBe(200);
  for (const r of body.results) expect(r.status, JSON.stringify(r)).toBe("refused");
  return body.results as Refused[];
}

const wrongPins = (entryId: number, n: number) => Array.from({ length: n }, () => change.signoff(entryId, { pin: "9999" }));
const methodOf = async (roundId: number, entryId: number) =>
  (await liveState(roundId)).state.players.find((p) => p.entryId === entryId)?.signature?.method;

describe("wrong scoring PINs", () => {
  it("five from one cardmate for one player stop that cardmate's tries for that player in the round, and nobody else's", async () => {
    const {
      round,
      cards: [card],
    } = await makeLiveRound([4], { pins: true });
    const [a, b, c, d] = card.players;
    const nameB = `${b.player.firstName} ${b.player.lastName}`;
    await postOk(round.id, a.token, wholeCard(card, PAR));
    const wrong = await refusedAll(round.id, a.token, wrongPins(b.entry.id, 5));
    expect(wrong.map((r) => r.code)).toEqual(["forbidden", "forbidden", "forbidden", "forbidden", "forbidden"]);
    expect(wrong[0].error).toContain(`Wrong PIN for ${nameB}`);
    // A sixth try, even with the right PIN: A's tries for B are over for this round.
    const [stopped] = await refusedAll(round.id, a.token, [change.signoff(b.entry.id, { pin: pinOf(1) })]);
    expect(stopped.code).toBe("rate_limited");
    expect(stopped.error).toContain(`${nameB} can still sign on their own phone`);
    // A's tries for another player, another cardmate's for B, and B's own sign-off all go on.
    await postOk(round.id, a.token, [change.signoff(c.entry.id, { pin: pinOf(2) })]);
    await postOk(round.id, d.token, [change.signoff(b.entry.id, { pin: pinOf(1) })]);
    expect(await methodOf(round.id, b.entry.id)).toBe("pin");
    await postOk(round.id, b.token, [change.signoff(b.entry.id)]);
    expect(await methodOf(round.id, b.entry.id)).toBe("self");
  });

  it("twenty a day from one cardmate stop their tries in every round; the player and another cardmate still sign", async () => {
    const one = await makeLiveRound([5], { pins: true });
    const [a, ...others] = one.cards[0].players;
    await postOk(one.round.id, a.token, wholeCard(one.cards[0], PAR));
    for (const other of others) {
      const wrong = await refusedAll(one.round.id, a.token, wrongPins(other.entry.id, 5));
      expect(wrong.map((r) => r.code)).toEqual(["forbidden", "forbidden", "forbidden", "forbidden", "forbidden"]);
    }
    // The next round, the same cardmate: even the right PIN is refused until tomorrow.
    const two = await makeLiveRound([3], { pins: true, seat: [a] });
    const [again, x, y] = two.cards[0].players;
    await postOk(two.round.id, a.token, wholeCard(two.cards[0], PAR));
    const [stopped] = await refusedAll(two.round.id, a.token, [change.signoff(x.entry.id, { pin: pinOf(1) })]);
    expect(stopped.code).toBe("rate_limited");
    expect(stopped.error).toContain("today");
    await postOk(two.round.id, y.token, [change.signoff(x.entry.id, { pin: pinOf(1) })]);
    expect(await methodOf(two.round.id, x.entry.id)).toBe("pin");
    await postOk(two.round.id, a.token, [change.signoff(again.entry.id)]);
    expect(await methodOf(two.round.id, again.entry.id)).toBe("self");
  });

  it("fifty a day from one address stop PIN tries from it; own sign-offs there and PINs from elsewhere still go", async () => {
    const {
      round,
      cards: [card],
    } = await makeLiveRound([5], { pins: true });
    const [a, b, c, d, e] = card.players;
    const ip = "198.51.100.50";
    await postOk(round.id, a.token, wholeCard(card, PAR));
    const tries: [typeof a, (typeof a)[]][] = [
      [a, [b, c, d, e]],
      [b, [a, c, d, e]],
      [c, [a, b]],
    ];
    for (const [cardmate, players] of tries) {
      for (const p of players) {
        const wrong = await refusedAll(round.id, cardmate.token, wrongPins(p.entry.id, 5), ip);
        expect(wrong.map((r) => r.code)).toEqual(["forbidden", "forbidden", "forbidden", "forbidden", "forbidden"]);
      }
    }
    const [stopped] = await refusedAll(round.id, c.token, [change.signoff(d.entry.id, { pin: pinOf(3) })], ip);
    expect(stopped.code).toBe("rate_limited");
    expect(stopped.error).toContain("this address");
    await postOk(round.id, c.token, [change.signoff(d.entry.id, { pin: pinOf(3) })], { ip: "198.51.100.51" });
    expect(await methodOf(round.id, d.entry.id)).toBe("pin");
    await postOk(round.id, e.token, [change.signoff(e.entry.id)], { ip });
    expect(await methodOf(round.id, e.entry.id)).toBe("self");
  });
});
