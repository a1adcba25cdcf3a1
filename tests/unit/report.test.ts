import { describe, expect, it } from "vitest";
import { REPORT_COLUMNS, type ReconcileInput, type RoundReport, reconcile, sumRows, zeroSums } from "~/lib/money/report";
import { roundsCsv, seasonsCsv } from "~/lib/money/report-csv";
import { zonedTimeToEpoch } from "~/lib/shared/time";

// The report's arithmetic with books the database cannot hold (it keeps them balanced by
// its foreign keys): reconcile() must still say when they are out, by how much and which way.

const books: ReconcileInput = {
  balancesCents: 10_000 - 2_500 + 1_500 - 300,
  creditAddedCents: 10_000,
  creditUsedCents: 2_500,
  leagueInCents: 1_500,
  leagueOutCents: 300,
  aceInCents: 4_200,
  acesPaidCents: 1_700,
  // $3 prepaid for rounds not started yet; a $2 ace dated later than now.
  acePrepaidCents: 300,
  acesAheadCents: 200,
  acePotCents: 4_200 - 300 - (1_700 - 200),
  sidePotsInCents: 2_000,
  sidePotsPaidCents: 1_500,
  sidePotsHeldCents: 500,
};

describe("reconcile", () => {
  it("says balanced when Σ balances = added − used + league in − league out, and pot = started rounds' fund in − paid until now", () => {
    const r = reconcile(books);
    expect(r.leagueNetCents).toBe(1_200);
    expect(r.ledger).toEqual({ expectedCents: 8_700, actualCents: 8_700, diffCents: 0, balanced: true });
    expect(r.ace).toEqual({ expectedCents: 2_400, actualCents: 2_400, diffCents: 0, balanced: true });
    expect(r.sidePots).toEqual({ expectedCents: 500, actualCents: 500, diffCents: 0, balanced: true });
  });

  it("says the side pots are out when what they hold is not their buy-ins less their wins", () => {
    expect(reconcile({ ...books, sidePotsHeldCents: 250 }).sidePots).toMatchObject({ balanced: false, diffCents: -250 });
  });

  it("says out, by how much and which way, when the balances differ from the ledger", () => {
    const over = reconcile({ ...books, balancesCents: books.balancesCents + 125 });
    expect(over.ledger).toMatchObject({ balanced: false, diffCents: 125 });
    const under = reconcile({ ...books, balancesCents: books.balancesCents - 1 });
    expect(under.ledger).toMatchObject({ balanced: false, diffCents: -1 });
    // A transfer out to the league that nobody's balance paid for.
    const cashedOut = reconcile({ ...books, leagueOutCents: books.leagueOutCents + 500 });
    expect(cashedOut.ledger).toMatchObject({ balanced: false, diffCents: 500, expectedCents: 8_200 });
    expect(cashedOut.ace.balanced).toBe(true);
  });

  it("says the ace pot is out when it differs from fund in − prepaid − paid", () => {
    const r = reconcile({ ...books, acePotCents: 0 });
    expect(r.ace).toEqual({ expectedCents: 2_400, actualCents: 0, diffCents: -2_400, balanced: false });
    expect(r.ledger.balanced).toBe(true);
    // A pot that counted the prepaid fees (as /aces once did) is out by exactly them.
    expect(reconcile({ ...books, acePotCents: books.acePotCents + 300 }).ace).toMatchObject({ balanced: false, diffCents: 300 });
  });
});

describe("sumRows", () => {
  it("adds every column", () => {
    const one = { ...zeroSums(), entries: 2, pdgaCents: 100, convenienceCents: 7 };
    const two = { ...zeroSums(), entries: 3, pdgaCents: 150, acesPaidCents: 80 };
    expect(sumRows([one, two])).toEqual({ ...zeroSums(), entries: 5, pdgaCents: 250, acesPaidCents: 80, convenienceCents: 7 });
    expect(sumRows([])).toEqual(zeroSums());
  });
});

describe("the report's CSV files", () => {
  const tz = "America/Chicago";
  const round: RoundReport = {
    ...zeroSums(),
    id: 7,
    // 9 pm on New Year's Eve in Chicago is already the next day in UTC.
    startsAt: zonedTimeToEpoch({ year: 2026, month: 12, day: 31, hour: 21 }, tz),
    name: '=Doubles, "late"',
    entries: 4,
    payoutCents: 1_800,
    creditUsedCents: -25,
    sidePotsInCents: 1_000,
    sidePotsPaidCents: 750,
  };

  it("writes the page's columns, dollars as plain decimals, the league's date, defused names and a totals row", () => {
    const lines = roundsCsv([round], sumRows([round]), tz).split("\r\n");
    expect(lines[0]).toBe(`Date,Round,${REPORT_COLUMNS.map((c) => c.label).join(",")}`);
    expect(lines[1]).toBe(
      `2026-12-31,"'=Doubles, ""late""",4,0.00,0.00,0.00,18.00,0.00,0.00,-0.25,0.00,0.00,0.00,0.00,0.00,0.00,10.00,7.50`,
    );
    expect(lines[2]).toBe("Total,,4,0.00,0.00,0.00,18.00,0.00,0.00,-0.25,0.00,0.00,0.00,0.00,0.00,0.00,10.00,7.50");
    expect(lines[3]).toBe("");
  });

  it("writes a season per row, then the totals", () => {
    const season = { ...zeroSums(), season: 2026, entries: 1, pdgaCents: 1_234_567 };
    expect(seasonsCsv([season], season).split("\r\n")).toEqual([
      `Season,${REPORT_COLUMNS.map((c) => c.label).join(",")}`,
      "2026,1,12345.67,0.00,0.00,0.00,0.00,0.00,0.00,0.00,0.00,0.00,0.00,0.00,0.00,0.00,0.00",
      "Total,1,12345.67,0.00,0.00,0.00,0.00,0.00,0.00,0.00,0.00,0.00,0.00,0.00,0.00,0.00,0.00",
      "",
    ]);
  });
});
