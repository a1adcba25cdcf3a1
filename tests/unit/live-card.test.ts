// The scoring page's card (ADR 26, "The phone") as the server renders it: what a scorer
// sees of a hole the card disagrees on, where they are looking.
import { describe, expect, it } from "vitest";
import { h, renderHtml, textOf } from "../render-fixtures";
import { ScoreCard } from "~/components/live/score-card";
import type { LiveState } from "~/lib/live/live-state";

const HOLES = 9;
const par3 = (strokes: (number | null)[]) => strokes.concat(Array.from({ length: HOLES - strokes.length }, () => null));

/** A card of two: both in on holes 1–4; on hole 5 Ann says Bo took 3 and Bo says 4, so it is flagged and Bo's hole 5 is null. */
const disputed = (): LiveState => ({
  roundId: 1,
  name: "Week 1",
  startsAt: 1_800_000_000,
  publishedAt: 1_799_990_000,
  finalizedAt: null,
  seq: 10,
  holes: Array.from({ length: HOLES }, (_, i) => ({ hole: i + 1, par: 3 })),
  cards: [{ id: 7, number: 1, startHole: 1, teeTime: null, startedAt: 1, lockedAt: null, entryIds: [11, 12] }],
  players: [
    {
      entryId: 11,
      playerId: 1,
      name: "Ann Ash",
      division: "MA1",
      cardId: 7,
      strokes: par3([3, 3, 3, 3, 3]),
      penalties: Array(HOLES).fill(0),
      dnf: false,
      signature: null,
    },
    {
      entryId: 12,
      playerId: 2,
      name: "Bo Birch",
      division: "MA1",
      cardId: 7,
      strokes: par3([3, 3, 3, 3, null]),
      penalties: Array(HOLES).fill(0),
      dnf: false,
      signature: null,
    },
  ],
  flags: [
    {
      entryId: 12,
      hole: 5,
      field: "strokes",
      values: [
        { userId: 101, name: "Ann Ash", value: 3, at: 1 },
        { userId: 102, name: "Bo Birch", value: 4, at: 2 },
      ],
    },
  ],
});

const card = (state: LiveState) =>
  renderHtml(
    h(ScoreCard, { initial: state, cardId: 7, scorer: { role: "player", playerId: 1 }, userId: 101, beatMs: 5000 }),
    "/rounds/1/score",
  );

/** The HTML of the element whose opening tag carries `marker`, up to its closing </section> or </li>. */
const partWith = (html: string, marker: string, close = "</section>") => {
  const start = html.lastIndexOf("<", html.indexOf(marker));
  return html.slice(start, html.indexOf(close, start) + close.length);
};

describe("a hole the card disagrees on", () => {
  it("says so in the hole: both values as a question, settled right there, not a dashed par", () => {
    const html = card(disputed());
    const hole = partWith(html, 'aria-labelledby="hole-title"');
    expect(textOf(hole)).toContain("Hole 5");
    const bo = partWith(hole, 'aria-label="Bo Birch, hole 5"', "</li>");
    expect(textOf(bo)).toContain("3 or 4?");
    expect(bo).not.toContain("Enter par 3 for Bo Birch");
    expect(bo).not.toContain("border-dashed");
    expect(textOf(bo)).toContain("Settle at 3");
    expect(textOf(bo)).toContain("Settle at 4");
  });

  it("a banner at the top of the card until it is settled, above the hole being scored", () => {
    const html = card(disputed());
    const top = textOf(html.slice(0, html.indexOf('aria-labelledby="hole-title"')));
    expect(top).toMatch(/Hole 5.*Bo Birch.*3 or 4\?/);
    const settled = { ...disputed(), flags: [] };
    settled.players[1].strokes[4] = 4;
    expect(textOf(card(settled))).not.toContain("3 or 4?");
  });

  it("the totals say the hole is left out until settled", () => {
    const totals = textOf(partWith(card(disputed()), 'aria-labelledby="totals-title"'));
    expect(totals).toMatch(/Bo Birch 12 \(E\), hole 5 in question/);
  });
});

/** The disputed card signed, locked and then corrected by an admin: Bo signed 27 on a 9-hole card, now 28. */
const lockedAndCorrected = (): LiveState => {
  const s = disputed();
  s.flags = [];
  s.cards[0] = { ...s.cards[0], lockedAt: 5 };
  s.players[0] = {
    ...s.players[0],
    strokes: par3([3, 3, 3, 3, 3, 3, 3, 3, 3]),
    signature: { method: "self", total: 27, dnf: false, at: 4 },
  };
  s.players[1] = {
    ...s.players[1],
    strokes: par3([3, 3, 3, 3, 4, 3, 3, 3, 3]),
    signature: { method: "pin", total: 27, dnf: false, at: 4 },
  };
  return s;
};

const adminCard = (state: LiveState) =>
  renderHtml(
    h(ScoreCard, { initial: state, cardId: 7, scorer: { role: "admin", playerId: null }, userId: 900, beatMs: 5000 }),
    "/rounds/1/score",
  );

describe("a locked card", () => {
  it("an admin types the new values and saves once: a field per player, one Save, no steppers", () => {
    const hole = partWith(adminCard(lockedAndCorrected()), 'aria-labelledby="hole-title"');
    expect(hole).toMatch(/<input[^>]*aria-label="Ann Ash, hole 1: strokes"/);
    expect(hole).toMatch(/<input[^>]*aria-label="Bo Birch, hole 1: strokes"/);
    expect(textOf(hole)).toContain("Save changes");
    expect(hole).not.toContain("One stroke less for");
  });

  it("each signature shows the total that was signed, and says when it changed since", () => {
    const signed = textOf(partWith(adminCard(lockedAndCorrected()), 'aria-labelledby="signoff-title"'));
    expect(signed).toMatch(/Ann Ash: signed 27 \(E\) by the player ✓/);
    expect(signed).toMatch(/Bo Birch: signed 27 \(E\) with the player's PIN, changed since: now 28 \(\+1\)/);
  });
});
