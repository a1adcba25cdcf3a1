// Markup built on the server (app/.server/html): every text an admin or player typed (round
// names, player names, transfer notes) is escaped, so it cannot add markup to the page, and
// the chart keeps its accessible structure.
import { describe, expect, it } from "vitest";
import { esc } from "~/.server/html/escape";
import { playerRoundsHtml } from "~/.server/html/player-rounds";
import { chartForPage } from "~/.server/html/score-chart";
import { transfersHtml } from "~/.server/html/transfers";
import { scoreChart } from "~/lib/score-chart";
import { zonedTimeToEpoch } from "~/lib/time";

const TZ = "America/Chicago";
const EVIL = `<img src=x onerror="alert(1)">&'`;
const at = (month: number, day: number) => zonedTimeToEpoch({ year: 2026, month, day, hour: 18 }, TZ);

describe("server-built HTML", () => {
  it("escapes the five characters that matter in text and attributes", () => {
    expect(esc(EVIL)).toBe("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&amp;&#39;");
  });

  it("draws the chart with a role=img SVG per size and escapes round names in its titles and data table", () => {
    const chart = scoreChart(
      [
        { roundId: 1, d: at(4, 2), n: EVIL, score: 50, rating: null },
        { roundId: 2, d: at(5, 7), n: "Spring #2", score: 47, rating: null },
      ],
      "scores",
      TZ,
    );
    const page = chartForPage(chart);
    expect(page).not.toBeNull();
    const html = page!.figure + page!.data;
    expect(html).not.toContain("<img");
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
    expect(page!.figure.match(/<svg [^>]*role="img"/g)).toHaveLength(2);
    expect(page!.figure).toMatch(/^<figcaption /);
    expect(page!.figure.match(/<circle /g)).toHaveLength(4);
    expect(page!.data).toContain('<caption class="sr-only">Score history data</caption>');
    expect(chartForPage(null)).toBeNull();
  });

  it("escapes names and notes in the rounds and transfers tables", () => {
    const rounds = playerRoundsHtml(
      [
        {
          roundId: 3,
          d: at(6, 1),
          n: EVIL,
          division: "MA1",
          score: 52,
          result: "2/9",
          payoutCents: 0,
          payoutAdjustCents: 0,
          entryPayoutCents: 500,
          creditAddedCents: 0,
          creditUsedCents: 0,
          rating: 901,
        },
      ],
      TZ,
    );
    expect(rounds).not.toContain("<img");
    expect(rounds).toContain('<a href="/rounds/3"');
    expect(rounds).toContain("2 of 9");
    const transfers = transfersHtml(
      [{ id: 1, d: at(6, 2), fromPlayerId: null, toPlayerId: 4, amtCents: 1000, description: EVIL, fromName: null, toName: EVIL }],
      "Transfers",
      TZ,
    );
    expect(transfers).not.toContain("<img");
    expect(transfers).toContain(">League</span>");
  });
});
