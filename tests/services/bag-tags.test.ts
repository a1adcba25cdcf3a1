import { beforeEach, describe, expect, it } from "vitest";
import { DAY, makeEntry, makePlayer, makeRound, refusal, storedRoundValues, testDb } from "../fixtures";
import { holders, movesOfRound, saveScores, scene, tagsOf, tagsOn, tagsRound } from "../tags-fixtures";
import { writeLiveScores } from "~/.server/services/live/live-results";
import { saveRound } from "~/.server/services/entries/round-admin";
import { getRound } from "~/.server/services/rounds/rounds";
import { updateLeagueSettings } from "~/.server/services/settings/league-settings";
import { assignTag, takeBackTag } from "~/.server/services/tags/tag-admin";
import { tagBoard, tagHistory } from "~/.server/services/tags/tags";
import { afterWrite } from "../after-write";

// ADR 27: after a round that counts for tags, its players swap tags by finish; the swap is
// recomputed, never repeated, when results change, and a correction replays later rounds.

const db = testDb;

beforeEach(() => tagsOn());

describe("the swap by finish", () => {
  it("gives the lowest tag to the best score, the next to the next", async () => {
    const s = scene();
    const [a, b, c] = await holders([s.tag(1), s.tag(2), s.tag(3)]);
    await tagsRound(s.week(0), [
      [a, 55],
      [b, 48],
      [c, 51],
    ]);
    expect(await tagsOf([a, b, c])).toEqual([s.tag(3), s.tag(1), s.tag(2)]);
  });

  it("breaks a tie in score by the better incoming tag", async () => {
    const s = scene();
    const [a, b, c] = await holders([s.tag(1), s.tag(2), s.tag(3)]);
    await tagsRound(s.week(0), [
      [c, 50],
      [b, 50],
      [a, 54],
    ]);
    expect(await tagsOf([a, b, c])).toEqual([s.tag(3), s.tag(1), s.tag(2)]);
  });

  it("leaves out players without a tag, DNFs and players who did not play: they keep what they have", async () => {
    const s = scene();
    const [a, b, dnf, away] = await holders([s.tag(1), s.tag(2), s.tag(3), s.tag(4)]);
    const untagged = await makePlayer();
    await tagsRound(s.week(0), [
      [untagged, 40],
      [dnf, "dnf"],
      [a, 52],
      [b, 49],
    ]);
    expect(await tagsOf([a, b, dnf, away, untagged])).toEqual([s.tag(2), s.tag(1), s.tag(3), s.tag(4), null]);
  });

  it("writes a history row per tag that changed hands, with the round", async () => {
    const s = scene();
    const [a, b, c] = await holders([s.tag(1), s.tag(2), s.tag(3)]);
    const { round } = await tagsRound(s.week(0), [
      [a, 50],
      [b, 47],
      [c, 60],
    ]);
    const moves = await movesOfRound(round.id);
    expect(moves.map((m) => [m.tag, m.fromPlayerId, m.toPlayerId, m.reason])).toEqual(
      expect.arrayContaining([
        [s.tag(1), a.id, b.id, "swap"],
        [s.tag(2), b.id, a.id, "swap"],
      ]),
    );
    expect(moves).toHaveLength(2);
    const history = await tagHistory(db(), { tag: s.tag(1) });
    expect(history[0]).toMatchObject({ from: { id: a.id }, to: { id: b.id }, round: { id: round.id }, reason: "swap" });
    expect(history[1]).toMatchObject({ from: null, to: { id: a.id }, round: null, reason: "assigned" });
  });

  it("swaps nothing in a round that does not count for tags, or while tags are off", async () => {
    const s = scene();
    const [a, b] = await holders([s.tag(1), s.tag(2)]);
    const plain = await makeRound({ startsAt: s.week(0) });
    const ea = await makeEntry({ roundId: plain.id, playerId: a.id });
    const eb = await makeEntry({ roundId: plain.id, playerId: b.id });
    await saveScores([
      [ea.id, 60],
      [eb.id, 45],
    ]);
    await updateLeagueSettings(db(), { bagTags: "off" });
    await tagsRound(s.week(1), [
      [a, 60],
      [b, 45],
    ]);
    expect(await tagsOf([a, b])).toEqual([s.tag(1), s.tag(2)]);
  });
});

describe("the live round's finalise", () => {
  it("swaps by the totals it writes through the entries' one write; a DNF keeps its tag", async () => {
    const s = scene();
    const [a, b, c] = await holders([s.tag(1), s.tag(2), s.tag(3)]);
    const round = await makeRound({ startsAt: s.week(0), countsForTags: true });
    const [ea, eb, ec] = await Promise.all([a, b, c].map((p) => makeEntry({ roundId: round.id, playerId: p.id })));
    await afterWrite(
      await writeLiveScores(db(), round.id, [
        { entryId: ea!.id, score: 0, dnf: true },
        { entryId: eb!.id, score: 55, dnf: false },
        { entryId: ec!.id, score: 51, dnf: false },
      ]),
    );
    expect(await tagsOf([a, b, c])).toEqual([s.tag(1), s.tag(3), s.tag(2)]);
  });
});

describe("saving again", () => {
  it("swaps nothing twice: the same results saved again write no move", async () => {
    const s = scene();
    const [a, b] = await holders([s.tag(1), s.tag(2)]);
    const { round, entries } = await tagsRound(s.week(0), [
      [a, 56],
      [b, 50],
    ]);
    const before = await movesOfRound(round.id);
    await saveScores(entries.map((e, i) => [e.id, i === 0 ? 56 : 50]));
    await saveScores([[entries[1]!.id, 50]]);
    expect(await movesOfRound(round.id)).toEqual(before);
    expect(await tagsOf([a, b])).toEqual([s.tag(2), s.tag(1)]);
  });

  it("recomputes a round's swap from the holdings before it when a score changes", async () => {
    const s = scene();
    const [a, b] = await holders([s.tag(1), s.tag(2)]);
    const { entries } = await tagsRound(s.week(0), [
      [a, 56],
      [b, 50],
    ]);
    await saveScores([[entries[1]!.id, 58]]);
    expect(await tagsOf([a, b])).toEqual([s.tag(1), s.tag(2)]);
  });

  it("replays the later tags rounds when an older one is corrected", async () => {
    const s = scene();
    const [a, b, c] = await holders([s.tag(1), s.tag(2), s.tag(3)]);
    const first = await tagsRound(s.week(0), [
      [a, 50],
      [b, 45],
      [c, 55],
    ]);
    await tagsRound(s.week(1), [
      [a, 40],
      [b, 50],
    ]);
    expect(await tagsOf([a, b, c])).toEqual([s.tag(1), s.tag(2), s.tag(3)]);
    // B's 45 was a 60: week 1 gave A tag 1, C tag 2, B tag 3; week 2 then leaves A and B as they are.
    await saveScores([[first.entries[1]!.id, 60]]);
    expect(await tagsOf([a, b, c])).toEqual([s.tag(1), s.tag(3), s.tag(2)]);
  });

  it("swaps again from a round ticked to count for tags after its results were in", async () => {
    const s = scene();
    const [a, b] = await holders([s.tag(1), s.tag(2)]);
    const round = await makeRound({ startsAt: s.week(0) });
    const ea = await makeEntry({ roundId: round.id, playerId: a.id });
    const eb = await makeEntry({ roundId: round.id, playerId: b.id });
    await saveScores([
      [ea.id, 60],
      [eb.id, 45],
    ]);
    expect(await tagsOf([a, b])).toEqual([s.tag(1), s.tag(2)]);
    const stored = await getRound(db(), round.id);
    await afterWrite(
      await saveRound(
        db(),
        round.id,
        {
          ...storedRoundValues(stored),
          tags: true,
        },
        stored.version,
      ),
    );
    expect(await tagsOf([a, b])).toEqual([s.tag(2), s.tag(1)]);
  });
});

describe("expiry", () => {
  for (const weeks of [1, 4, 12]) {
    it(`returns the tag of a holder absent ${weeks} week(s) to the pool at the next tags round, not before`, async () => {
      await tagsOn(weeks);
      const s = scene();
      const [a, b, away] = await holders([s.tag(1), s.tag(2), s.tag(3)]);
      // The absent holder's last round, then tags rounds one day short of the expiry and at it.
      const last = await makeRound({ startsAt: s.week(0) });
      const e = await makeEntry({ roundId: last.id, playerId: away.id });
      await saveScores([[e.id, 50]]);
      await tagsRound(s.week(weeks) - DAY, [
        [a, 50],
        [b, 51],
      ]);
      expect((await tagsOf([away]))[0]).toBe(s.tag(3));
      const { round } = await tagsRound(s.week(weeks), [
        [a, 50],
        [b, 51],
      ]);
      expect((await tagsOf([away]))[0]).toBeNull();
      const moves = await movesOfRound(round.id);
      expect(moves.find((m) => m.tag === s.tag(3))).toMatchObject({ fromPlayerId: away.id, toPlayerId: null, reason: "expired" });
      expect((await tagBoard(db())).pool).toContain(s.tag(3));
    });
  }

  it("never returns a tag while the expiry is 0 (never)", async () => {
    await tagsOn(0);
    const s = scene();
    const [a, away] = await holders([s.tag(1), s.tag(2)]);
    await tagsRound(s.week(60), [[a, 50]]);
    expect(await tagsOf([away])).toEqual([s.tag(2)]);
  });
});

describe("an admin's assignments", () => {
  it("gives a tag from the pool to a player without one, and takes it back, as history with the admin's action", async () => {
    const s = scene();
    const p = await makePlayer();
    await assignTag(db(), { tag: s.tag(1), playerId: p.id });
    expect((await tagBoard(db())).holders).toContainEqual(expect.objectContaining({ tag: s.tag(1), playerId: p.id }));
    await takeBackTag(db(), { tag: s.tag(1) });
    expect(await tagsOf([p])).toEqual([null]);
    const history = await tagHistory(db(), { playerId: p.id });
    expect(history.map((h) => h.reason)).toEqual(["taken_back", "assigned"]);
  });

  it("refuses a held tag, a second tag, a tag outside the pool, a tag in the pool taken back, and everything while tags are off", async () => {
    const s = scene();
    const [a] = await holders([s.tag(1)]);
    const b = await makePlayer();
    expect(await refusal(assignTag(db(), { tag: s.tag(1), playerId: b.id }))).toMatchObject({ status: 409 });
    expect((await refusal(assignTag(db(), { tag: s.tag(2), playerId: a.id }))).message).toContain(`already holds tag ${s.tag(1)}`);
    expect(await refusal(assignTag(db(), { tag: 501, playerId: b.id }))).toMatchObject({ status: 400 });
    expect(await refusal(takeBackTag(db(), { tag: s.tag(2) }))).toMatchObject({ status: 409 });
    expect(await refusal(assignTag(db(), { tag: s.tag(2), playerId: 9_999_999 }))).toMatchObject({ status: 404 });
    await updateLeagueSettings(db(), { bagTags: "off" });
    expect(await refusal(assignTag(db(), { tag: s.tag(2), playerId: b.id }))).toMatchObject({ status: 409 });
    expect(await tagsOf([a, b])).toEqual([s.tag(1), null]);
  });
});
