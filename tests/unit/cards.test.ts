import { describe, expect, it } from "vitest";
import {
  CARD_MAX,
  CARD_MIN,
  type CardPlayer,
  type Random,
  cardSizes,
  makeCards,
  spreadHoles,
  startLabel,
  startingHoles,
  teeTimes,
} from "../../app/lib/cards/cards";

/** A repeatable random source (a small linear congruential generator). */
function seeded(seed: number): Random {
  let s = seed;
  return (below) => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s % below;
  };
}

const field = (n: number, divisions: string[] = ["MA1"], rating = (i: number) => 1000 - i): CardPlayer[] =>
  Array.from({ length: n }, (_, i) => ({ entryId: i + 1, division: divisions[i % divisions.length] as string, rating: rating(i) }));

describe("cardSizes", () => {
  it("keeps every card between 3 and 5 for every field from 3 to 150, at each target size", () => {
    for (const target of [3, 4, 5]) {
      for (let n = CARD_MIN; n <= 150; n++) {
        const sizes = cardSizes(n, target);
        expect(
          sizes.reduce((a, b) => a + b, 0),
          `n=${n}`,
        ).toBe(n);
        for (const size of sizes) {
          expect(size, `n=${n} target=${target}`).toBeGreaterThanOrEqual(CARD_MIN);
          expect(size, `n=${n} target=${target}`).toBeLessThanOrEqual(CARD_MAX);
        }
        expect(Math.max(...sizes) - Math.min(...sizes), `n=${n}`).toBeLessThanOrEqual(1);
      }
    }
  });

  it("puts a field smaller than three on one card, and nobody on none", () => {
    expect(cardSizes(0, 4)).toEqual([]);
    expect(cardSizes(1, 4)).toEqual([1]);
    expect(cardSizes(2, 4)).toEqual([2]);
  });

  it("makes cards of the target size where the field divides, and the nearest sizes where it does not", () => {
    expect(cardSizes(12, 4)).toEqual([4, 4, 4]);
    expect(cardSizes(5, 4)).toEqual([5]);
    expect(cardSizes(6, 4)).toEqual([3, 3]);
    expect(cardSizes(7, 4)).toEqual([4, 3]);
    expect(cardSizes(9, 4)).toEqual([5, 4]);
    // A tie between 5+5 and 4+3+3: more, smaller cards.
    expect(cardSizes(10, 4)).toEqual([4, 3, 3]);
    expect(cardSizes(15, 5)).toEqual([5, 5, 5]);
    expect(cardSizes(15, 3)).toEqual([3, 3, 3, 3, 3]);
  });

  it("puts 150 players on 38 cards (36 of four, 2 of three)", () => {
    const sizes = cardSizes(150, 4);
    expect(sizes).toHaveLength(38);
    expect(sizes.filter((s) => s === 4)).toHaveLength(36);
    expect(sizes.filter((s) => s === 3)).toHaveLength(2);
  });
});

describe("makeCards", () => {
  const everyone = (cards: number[][]) => cards.flat().sort((a, b) => a - b);

  it("puts every player on exactly one card, in each mode, for fields of 1 to 150", () => {
    for (const mode of ["random", "rating", "division"] as const) {
      for (let n = 1; n <= 150; n += n < 20 ? 1 : 7) {
        const players = field(n, ["MPO", "MA1", "MA2", "FA1", "MA40"]);
        const cards = makeCards(players, { mode, size: 4, random: seeded(n) });
        expect(everyone(cards), `${mode} n=${n}`).toEqual(players.map((p) => p.entryId));
        for (const card of cards) {
          expect(card.length, `${mode} n=${n}`).toBeLessThanOrEqual(CARD_MAX);
          if (n >= CARD_MIN) expect(card.length, `${mode} n=${n}`).toBeGreaterThanOrEqual(CARD_MIN);
        }
      }
    }
  });

  it("rating spread: sorted by rating and dealt round-robin, so card 1 has the best and card k the k-th best", () => {
    // 12 players rated 1000, 999, … 989 (entry 1 the best) on 3 cards of 4.
    const cards = makeCards(field(12), { mode: "rating", size: 4, random: seeded(1) });
    expect(cards).toEqual([
      [1, 4, 7, 10],
      [2, 5, 8, 11],
      [3, 6, 9, 12],
    ]);
  });

  it("rating spread puts unrated players after every rated one", () => {
    const players = field(8, ["MA1"], (i) => 900 + i).map((p, i) => ({ ...p, rating: i < 2 ? null : p.rating }));
    const cards = makeCards(players, { mode: "rating", size: 4, random: seeded(3) });
    // Highest rated (entry 8, then 7) lead the two cards; the unrated (1, 2) come last.
    expect(cards.map((c) => c[0])).toEqual([8, 7]);
    expect(cards.map((c) => c.at(-1)).sort()).toEqual([1, 2]);
  });

  it("random cards differ with the random source and keep the sizes", () => {
    const a = makeCards(field(16), { mode: "random", size: 4, random: seeded(1) });
    const b = makeCards(field(16), { mode: "random", size: 4, random: seeded(2) });
    expect(a.map((c) => c.length)).toEqual([4, 4, 4, 4]);
    expect(a).not.toEqual(b);
  });

  it("by division: each division of three or more has cards of its own", () => {
    const players = [...field(8, ["MA1"]), ...field(4, ["FA1"]).map((p) => ({ ...p, entryId: p.entryId + 100 }))];
    const cards = makeCards(players, { mode: "division", size: 4, random: seeded(5) });
    for (const card of cards) {
      const divisions = new Set(card.map((id) => (id > 100 ? "FA1" : "MA1")));
      expect(divisions.size).toBe(1);
    }
    expect(cards).toHaveLength(3);
  });

  it("by division: players of small divisions share a card, and two left over join cards with room", () => {
    const div = (list: string[], from: number) => list.map((division, i) => ({ entryId: from + i, division, rating: null }));
    // MA1 ×7 (cards of 4 and 3), then MJ18 ×1 and FA2 ×1: two left over join the cards with room.
    const players = [...div(Array(7).fill("MA1"), 1), ...div(["MJ18", "FA2"], 50)];
    const cards = makeCards(players, { mode: "division", size: 4, random: seeded(9) });
    expect(cards.flat().sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 50, 51]);
    expect(cards).toHaveLength(2);
    // Three from small divisions: a mixed card of their own.
    const mixed = makeCards([...div(Array(4).fill("MA1"), 1), ...div(["MJ18", "FA2", "FA3"], 50)], {
      mode: "division",
      size: 4,
      random: seeded(2),
    });
    expect(mixed.map((c) => [...c].sort((a, b) => a - b))).toEqual([
      [1, 2, 3, 4],
      [50, 51, 52],
    ]);
  });

  it("by division: a leftover with every card full takes players from the largest cards", () => {
    const div = (list: string[], from: number) => list.map((division, i) => ({ entryId: from + i, division, rating: null }));
    // MA1 ×5 fills one card of five; one MJ18 is left: it makes a card of three with two of the five.
    const cards = makeCards([...div(Array(5).fill("MA1"), 1), ...div(["MJ18"], 50)], { mode: "division", size: 5, random: seeded(4) });
    expect(cards.map((c) => c.length).sort()).toEqual([3, 3]);
  });
});

describe("starting holes", () => {
  it("spreads fewer cards than holes evenly round the course", () => {
    expect(spreadHoles(4, 18)).toEqual([1, 5, 10, 14]);
    expect(startingHoles(3, 9)).toEqual([
      { hole: 1, slot: 0 },
      { hole: 4, slot: 0 },
      { hole: 7, slot: 0 },
    ]);
    expect(startingHoles(18, 18).map((s) => s.hole)).toEqual(Array.from({ length: 18 }, (_, i) => i + 1));
  });

  it("gives second cards to the layout's listed holes first, then the rest in course order", () => {
    const starts = startingHoles(22, 18, [7, 3, 12]);
    expect(starts).toHaveLength(22);
    const seconds = starts.filter((s) => s.slot === 1).map((s) => s.hole);
    expect(seconds).toEqual([1, 3, 7, 12]);
    // Every hole has a card before any hole has a second.
    expect(new Set(starts.filter((s) => s.slot === 0).map((s) => s.hole)).size).toBe(18);
  });

  it("with more than twice as many cards as holes, every hole takes a second and then a third", () => {
    const starts = startingHoles(20, 9, [5]);
    expect(starts).toHaveLength(20);
    expect(starts.filter((s) => s.slot === 1)).toHaveLength(9);
    expect(starts.filter((s) => s.slot === 2).map((s) => s.hole)).toEqual([1, 5]);
    const perHole = new Map<number, number>();
    for (const s of starts) perHole.set(s.hole, (perHole.get(s.hole) ?? 0) + 1);
    expect(Math.max(...perHole.values())).toBe(3);
  });

  it("ignores holes the layout does not have and listed twice", () => {
    const starts = startingHoles(11, 9, [30, 2, 2, 0]);
    expect(starts.filter((s) => s.slot === 1).map((s) => s.hole)).toEqual([1, 2]);
  });

  it("labels a hole's cards with letters only when it starts more than one", () => {
    expect(startLabel({ hole: 7, slot: 0 }, 1)).toBe("7");
    expect(startLabel({ hole: 7, slot: 0 }, 2)).toBe("7A");
    expect(startLabel({ hole: 7, slot: 1 }, 2)).toBe("7B");
  });
});

describe("tee times", () => {
  it("starts each card an interval after the one before", () => {
    expect(teeTimes(3, 1_800_000_000, 10)).toEqual([1_800_000_000, 1_800_000_600, 1_800_001_200]);
  });
});
