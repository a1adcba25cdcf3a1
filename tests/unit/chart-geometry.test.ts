// The score chart's arithmetic (app/lib/players/chart-geometry.ts, app/lib/players/score-chart.ts): scales,
// round tick values, month ticks in the league's zone, season averages, and the numbers a
// reader sees (summary, table rows) for scores and ratings.
import { describe, expect, it } from "vitest";
import { groupMeans, linearScale, niceTicks, timeTicks } from "~/lib/players/chart-geometry";
import { COMPACT, type HistoryPoint, WIDE, scoreChart } from "~/lib/players/score-chart";
import { wallParts, zonedTimeToEpoch } from "~/lib/shared/time";

const TZ = "America/Chicago";
const at = (year: number, month: number, day: number, hour = 18) => zonedTimeToEpoch({ year, month, day, hour }, TZ);

describe("linearScale", () => {
  it("maps the domain onto the range, flipped for a y axis, and a one-value domain to the middle", () => {
    const y = linearScale([50, 60], [200, 0]);
    expect([y(50), y(55), y(60)]).toEqual([200, 100, 0]);
    expect(linearScale([5, 5], [0, 100])(5)).toBe(50);
  });
});

describe("niceTicks", () => {
  it("covers the values with round steps of 1, 2 or 5 × 10^n", () => {
    expect(niceTicks(47, 63, 5)).toEqual([45, 50, 55, 60, 65]);
    expect(niceTicks(51, 54, 6)).toEqual([51, 52, 53, 54]);
    expect(niceTicks(812, 1004, 6)).toEqual([800, 850, 900, 950, 1000, 1050]);
  });

  it("never steps below a whole stroke and widens a single value", () => {
    expect(niceTicks(54, 54, 5)).toEqual([53, 54, 55]);
    expect(niceTicks(54, 55, 8)).toEqual([54, 55]);
  });
});

describe("timeTicks", () => {
  it("puts ticks on the first of a month in the league's zone, as few as fit (every 2 months here: 7 monthly ticks are too many)", () => {
    const ticks = timeTicks(at(2026, 3, 5), at(2026, 10, 29), TZ, 6);
    expect(ticks.map((t) => t.label)).toEqual(["May ’26", "Jul ’26", "Sep ’26"]);
    for (const t of ticks) expect(wallParts(t.at, TZ)).toMatchObject({ day: 1, hour: 0, minute: 0 });
  });

  it("labels years alone once a step is a year or more", () => {
    expect(timeTicks(at(2019, 5, 1), at(2026, 9, 1), TZ, 6).map((t) => t.label)).toEqual(["2020", "2022", "2024", "2026"]);
  });
});

describe("groupMeans", () => {
  it("averages each group in first-seen order", () => {
    const means = groupMeans(
      [1, 2, 3, 10, 20],
      (n) => (n < 10 ? 0 : 1),
      (n) => n,
    );
    expect(means.map((g) => [g.key, g.mean, g.items.length])).toEqual([
      [0, 2, 3],
      [1, 15, 2],
    ]);
  });
});

const point = (d: number, score: number, rating: number | null = null, roundId = d): HistoryPoint => ({
  roundId,
  startsAt: d,
  roundName: `Week ${roundId}`,
  score,
  par: 54,
  rating,
});

describe("scoreChart", () => {
  const history = [
    point(at(2025, 6, 5), 56, null, 1),
    point(at(2025, 6, 12), 52, null, 2),
    point(at(2026, 4, 2), 50, 980, 3),
    point(at(2026, 4, 9), 0, null, 4),
  ];

  it("plots scored rounds against their par in date order with each season's average and says lower is better", () => {
    const chart = scoreChart(history, "scores", TZ)!;
    expect(chart.metric).toBe("scores");
    expect(chart.rows.map((r) => [r.roundId, r.value, r.label, r.score, r.seasonAverage])).toEqual([
      [1, 2, "+2", 56, "E"],
      [2, -2, "\u22122", 52, "E"],
      [3, -4, "\u22124", 50, "\u22124.0"],
    ]);
    expect(chart.seasons).toEqual([
      { season: 2025, average: "E", rounds: 2 },
      { season: 2026, average: "\u22124.0", rounds: 1 },
    ]);
    expect(chart.summary).toBe(
      "Scores against par of 3 rounds, 06/05/25 to 04/02/26: best \u22124, worst +2 (lower is better). Season average: 2025 E, 2026 \u22124.0.",
    );
    // A 9-hole round's 28 (par 27) is +1 on the same line as an 18-hole round's 55 (par 54).
    const mixed = scoreChart([{ ...point(at(2026, 5, 1), 28), par: 27 }, point(at(2026, 5, 8), 55)], "scores", TZ)!;
    expect(mixed.rows.map((r) => r.value)).toEqual([1, 1]);
  });

  it("lays out both sizes inside their plot areas, the average line at its value", () => {
    const chart = scoreChart(history, "scores", TZ)!;
    for (const [view, size] of [
      [chart.compact, COMPACT],
      [chart.wide, WIDE],
    ] as const) {
      expect([view.width, view.height]).toEqual([size.width, size.height]);
      for (const d of view.dots) {
        expect(d.x).toBeGreaterThanOrEqual(view.plot.left);
        expect(d.x).toBeLessThanOrEqual(view.plot.right);
        expect(d.y).toBeGreaterThanOrEqual(view.plot.top);
        expect(d.y).toBeLessThanOrEqual(view.plot.bottom);
      }
      // Lower scores sit lower: 50 (−4) below 56 (+2).
      expect(view.dots[2].y).toBeGreaterThan(view.dots[0].y);
      // The 2025 average (E) halfway between its rounds' +2 and −2.
      expect(view.averages[0].y).toBeCloseTo((view.dots[0].y + view.dots[1].y) / 2, 0);
      expect(view.line.startsWith(`M${view.dots[0].x} ${view.dots[0].y} L`)).toBe(true);
      expect(view.dots[0].title).toBe("06/05/25 Week 1: +2 (56)");
    }
  });

  it("shows ratings only when some are stored, and says higher is better", () => {
    expect(scoreChart(history.slice(0, 2), "ratings", TZ)).toMatchObject({ metric: "scores", hasRatings: false });
    const ratings = scoreChart(history, "ratings", TZ)!;
    expect(ratings).toMatchObject({ metric: "ratings", hasRatings: true });
    expect(ratings.rows.map((r) => r.value)).toEqual([980]);
    expect(ratings.summary).toContain("(higher is better)");
  });

  it("is null with nothing scored yet", () => {
    expect(scoreChart([point(at(2026, 1, 1), 0)], "scores", TZ)).toBeNull();
    expect(scoreChart([], "scores", TZ)).toBeNull();
  });
});
