// The read-only parts of the round, player and players-list pages as the server renders
// them: what a visitor (or a screen reader, or a browser without JavaScript) gets. Text an
// admin or player typed (round and player names, transfer notes) stays text.
import { describe, expect, it } from "vitest";
import { TZ, h, renderHtml, textOf } from "../render-fixtures";
import { RatingAndHandicapPanel } from "~/components/ratings/rating-and-handicap-panel";
import { PlayerRoundsTable } from "~/components/players/player-rounds-table";
import { RegisteredTable, ResultsTable } from "~/components/rounds/round-results";
import { ScoreChartPanel } from "~/components/players/score-chart";
import { TransferTable } from "~/components/money/transfer-table";
import { Pager } from "~/components/ui/pager";
import { SortHeader } from "~/components/ui/sort-header";
import { resultGroups } from "~/lib/rounds/results";
import { scoreChart } from "~/lib/players/score-chart";
import { zonedTimeToEpoch } from "~/lib/shared/time";
import type { RatingAndHandicap } from "~/.server/services/ratings/rating-and-handicap";

const EVIL = `<img src=x onerror="alert(1)">&'`;
const at = (month: number, day: number) => zonedTimeToEpoch({ year: 2026, month, day, hour: 18 }, TZ);
const noMarkupFrom = (html: string) => expect(html).not.toContain("<img");

const entry = (id: number, division: string, score: number, firstName = `F${id}`) => ({
  id,
  playerId: 100 + id,
  firstName,
  lastName: `L${id}`,
  division,
  score,
  entryPayoutCents: score === 47 ? 2500 : 0,
  rating: score > 0 ? 1000 - score : null,
});
const entries = [entry(1, "MA1", 50), entry(2, "MPO", 47, EVIL), entry(3, "MA1", 48), entry(4, "MPO", 0)];

/** The cells' text of each body row that is not a division's group row. */
const rowsOf = (html: string) =>
  [...html.matchAll(/<tr>(<td[\s\S]*?)<\/tr>/g)].map((m) => [...m[1].matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((c) => textOf(c[1])));

describe("a round's results", () => {
  it("one table, a group row per division with its winner, each name a link to the player", () => {
    const html = renderHtml(h(ResultsTable, { groups: resultGroups(entries, [103]), net: false }));
    noMarkupFrom(html);
    expect(html.match(/<table/g)).toHaveLength(1);
    expect(html.match(/scope="colgroup"/g)).toHaveLength(2);
    const text = textOf(html);
    expect(text).toContain(`MPO 2 players · Winner: ${EVIL} L2 (47)`);
    expect(text).toContain("MA1 2 players · Winner: F3 L3 (48)");
    expect(html).toContain('href="/players/102"');
    expect(rowsOf(html)).toEqual([
      ["1", `${EVIL} L2`, "47", "953", "$25.00"],
      ["–", "F4 L4", "–", "–", ""],
      ["2", "F1 L1", "50", "950", ""],
      ["1", "F3 L3 Ace", "48", "952", ""],
    ]);
    expect(textOf(html)).not.toContain("Net");
  });

  it("with net scores: ranked by score − handicap going in, the gross place beside it, a dash where there is none", () => {
    const groups = resultGroups(entries, [], { 101: { handicap: 4.5 }, 102: { handicap: -1.2 }, 104: { handicap: 3 } });
    const html = renderHtml(h(ResultsTable, { groups, net: true }));
    expect(textOf(html)).toMatch(/^Results by net score Net place Player Net Hcp Score Gross place Rating Payout/);
    expect(textOf(html)).toContain("MA1 2 players · Net winner: F1 L1 (45.5)");
    // F1 (50, net 45.5) is placed first by net in MA1, though F3 (48, no handicap) shot less.
    expect(rowsOf(html)).toEqual([
      ["1", `${EVIL} L2`, "48.2", "-1.2", "47", "1", "953", "$25.00"],
      ["–", "F4 L4", "–", "3.0", "–", "–", "–", ""],
      ["1", "F1 L1", "45.5", "4.5", "50", "2", "950", ""],
      ["–", "F3 L3", "–", "–", "48", "1", "952", ""],
    ]);
  });

  it("before scores, who signed up by division, with no score columns", () => {
    const html = renderHtml(h(RegisteredTable, { groups: resultGroups(entries, []) }));
    expect(textOf(html)).toMatch(/^Registered players Player MPO 2 players/);
    expect(textOf(html)).not.toContain("Score");
    expect(html.match(/href="\/players\/\d+"/g)).toHaveLength(4);
  });
});

describe("the player page", () => {
  it("draws the chart at two sizes, each an image named by its summary, with the numbers in a table", () => {
    const chart = scoreChart(
      [
        { roundId: 1, startsAt: at(4, 2), roundName: EVIL, score: 50, par: 54, rating: null },
        { roundId: 2, startsAt: at(5, 7), roundName: "Spring #2", score: 47, par: 54, rating: null },
      ],
      "scores",
      TZ,
    );
    const html = renderHtml(h(ScoreChartPanel, { chart }));
    noMarkupFrom(html);
    expect(html.match(/<svg [^>]*role="img"/g)).toHaveLength(2);
    expect(html).toContain(`aria-label="${chart!.summary}"`);
    expect(html.match(/<circle /g)).toHaveLength(4);
    expect(textOf(html)).toContain(
      "Score against par each singles round by date (lower is better), with the dashed line at each season's average. 2026: \u22125.5 over 2",
    );
    expect(html).toContain('<caption class="sr-only">Score history data</caption>');
    expect(rowsOf(html)).toEqual([
      ["04/02/26", EVIL, "50", "\u22124", "\u22125.5"],
      ["05/07/26", "Spring #2", "47", "\u22127", "\u22125.5"],
    ]);
    expect(renderHtml(h(ScoreChartPanel, { chart: null }))).toBe("");
  });

  it("lists the rounds played with a link to each, the place as 'n of total'", () => {
    const round = {
      roundId: 3,
      startsAt: at(6, 1),
      roundName: EVIL,
      division: "MA1",
      score: 52,
      position: "2 of 9",
      entryPayoutCents: 500,
      credit: { addedCents: 0, usedCents: 1200 },
      rating: 901,
      cancelled: null,
    };
    const html = renderHtml(h(PlayerRoundsTable, { rounds: [round] }));
    noMarkupFrom(html);
    expect(html).toContain('href="/rounds/3"');
    expect(rowsOf(html)).toEqual([[`${EVIL} 06/01/26`, "52", "901", "2 of 9", "MA1", "$5.00", "", "$12.00"]]);
    // Two rounds on one evening: each says when it started.
    const late = { ...round, roundId: 4, roundName: "Late nine", startsAt: round.startsAt + 2 * 3600 + 30 * 60 };
    const both = rowsOf(renderHtml(h(PlayerRoundsTable, { rounds: [late, round] })));
    expect(both.map((cells) => cells[0])).toEqual(["Late nine 06/01/26 8:30 PM", `${EVIL} 06/01/26 6:00 PM`]);
    // On a phone every money column is on the round's card, under its label.
    expect(html).toContain('data-label="Payout"');
    expect(html).toContain('data-label="Credit used"');
    // Where the player's money is hidden (ADR 25) the credit columns are left out.
    const hidden = renderHtml(h(PlayerRoundsTable, { rounds: [{ ...round, credit: null }] }));
    expect(rowsOf(hidden)).toEqual([[`${EVIL} 06/01/26`, "52", "901", "2 of 9", "MA1", "$5.00"]]);
    expect(hidden).not.toContain("Credit used");
    // A cancelled round (ADR 50) stays listed with its credit, its result void: the label instead.
    const off = rowsOf(renderHtml(h(PlayerRoundsTable, { rounds: [{ ...round, cancelled: "Cancelled: weather" }] })));
    expect(off).toEqual([[`${EVIL} 06/01/26`, "–", "–", "Cancelled: weather", "MA1", "", "", "$12.00"]]);
  });

  it("shows the handicap's sum, ten rounds of history with the rest under 'Earlier rounds', and the method notes", () => {
    const history = Array.from({ length: 12 }, (_, i) => ({
      roundId: 12 - i,
      startsAt: at(5, 20 - i),
      roundName: `Round ${12 - i}`,
      score: 50,
      roundRating: null,
      handicap: i < 9 ? 5 : null,
      rating: null,
    }));
    const form: RatingAndHandicap = {
      handicap: { handicap: 5, rounds: 10, average: 50, overPar: 10, par: 40, percent: 50 },
      rating: null,
      ratedRounds: 0,
      established: false,
      history,
      settings: { handicapRounds: 10, handicapPercent: 50, handicapPar: 40 },
    };
    const html = renderHtml(h(RatingAndHandicapPanel, { form }));
    const text = textOf(html);
    expect(text).toContain("Handicap: average of the last 10 rounds: 50.0 − par 40 = 10.0 × 50% = 5.0.");
    expect(html).toMatch(/<details><summary[^>]*>Earlier rounds \(<!-- -->2<!-- -->\)/);
    expect(html.match(/<caption class="sr-only">Rating and handicap after each round<\/caption>/g)).toHaveLength(1);
    expect(rowsOf(html)).toHaveLength(12);
    expect(html).toContain('aria-label="Round 12, 05/20/26"');
    expect(text).toContain("How handicaps are computed");
    expect(text).toContain(
      "average of a player's last 10 scored league rounds (all seasons, rounded to one decimal), minus par, times 50%",
    );
    expect(text).toContain("its layout's par, or 40 for a round without a layout");
  });

  it("lists transfers read-only: 'League' for the league's side, the note as text", () => {
    const html = renderHtml(
      h(TransferTable, {
        transfers: [
          {
            id: 1,
            date: at(6, 2),
            fromPlayerId: null,
            toPlayerId: 4,
            amountCents: 1000,
            description: EVIL,
            fromName: null,
            toName: "Ann Lee",
          },
        ],
        caption: "Transfers",
      }),
    );
    noMarkupFrom(html);
    expect(html).toContain('href="/players/4"');
    expect(textOf(html)).toContain(`06/02/26 League → to Ann Lee ${EVIL} $10.00`);
    expect(textOf(html)).not.toContain("Delete");
  });
});

describe("/players-all's sort headers and pager", () => {
  const sort = { column: "balance", dir: "desc" } as const;
  const head = (path: string) =>
    renderHtml(
      h(
        "table",
        null,
        h(
          "thead",
          null,
          h(
            "tr",
            null,
            h(SortHeader, { column: "balance", label: "Balance", sort, firstDir: "desc", numeric: true }),
            h(SortHeader, { column: "name", label: "Name", sort }),
          ),
        ),
      ),
      path,
    );

  it("link to this page sorted by their column, keeping the filters: a second click reverses, aria-sort on the sorted one", () => {
    const html = head("/players-all?division=MA1&sort=balance&dir=desc&page=2");
    expect(html).toContain('aria-sort="descending"');
    expect(html.match(/aria-sort/g)).toHaveLength(1);
    const links = [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1].replace(/&amp;/g, "&"));
    expect(links).toEqual(["/players-all?division=MA1&sort=balance&dir=asc", "/players-all?division=MA1&sort=name&dir=asc"]);
  });

  it("pager: Previous and Next keep the query, page 1 drops the parameter, nothing for a single page", () => {
    const page = (n: number, pages: number) => ({ page: n, pages, total: pages * 100 - 30, pageSize: 100 });
    const html = renderHtml(
      h(Pager, { page: page(2, 3), label: "Player pages", steps: ["Previous", "Next"] }),
      "/players-all?sort=rounds&dir=desc&page=2",
    );
    const links = [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1].replace(/&amp;/g, "&"));
    expect(links).toEqual(["/players-all?sort=rounds&dir=desc", "/players-all?sort=rounds&dir=desc&page=3"]);
    expect(textOf(html)).toBe("← Previous Page 2 of 3 (270 in all) Next →");
    expect(renderHtml(h(Pager, { page: page(1, 1), label: "Player pages" }))).toBe("");
  });
});
