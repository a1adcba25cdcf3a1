// /admin/reports and its CSV downloads through the route modules' own
// loaders, with the request context the Worker builds: 'No data' for a league with no
// rounds, the admin guard, the files an admin downloads and the 400 for an unknown table.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { makeEntry, makePlayer, makeRound } from "../fixtures";
import { argsFor, outcome } from "../route-fixtures";
import { leagueFromEnv } from "~/.server/league";
import { REPORT_COLUMNS } from "~/lib/money/report";
import { zonedTimeToEpoch } from "~/lib/shared/time";
import * as csvRoute from "~/routes/admin-reports-csv";
import * as page from "~/routes/admin-reports";

const TZ = leagueFromEnv(env).timeZone;
const HEADER = REPORT_COLUMNS.map((c) => c.label).join(",");

/** The CSV loader's answer as a file: status, headers, whether it opens with a UTF-8 byte order mark, and its text. */
async function download(who: "admin" | "player" | "nobody", query: string) {
  const res = (await csvRoute.loader(await argsFor(who, `/admin/reports.csv${query}`))) as Response;
  const bytes = new Uint8Array(await res.arrayBuffer());
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  return { res, bom, text: new TextDecoder().decode(bytes) };
}

// This test must run first in the file: the database is the file's own and still empty.
describe("a league with no rounds", () => {
  it("shows 'No data' and downloads files with only the header and a zero total", async () => {
    expect((await outcome(page.loader(await argsFor("admin", "/admin/reports")))).data).toEqual({ report: null });
    const { text } = await download("admin", "?table=seasons");
    expect(text).toBe(`Season,${HEADER}\r\nTotal,0${",0.00".repeat(REPORT_COLUMNS.length - 1)}\r\n`);
  });
});

describe("guards", () => {
  it.each([
    ["nobody", "/login"],
    ["player", "/"],
  ] as const)("%s is sent to %s from the page and from both files", async (who, to) => {
    expect(await outcome(page.loader(await argsFor(who, "/admin/reports")))).toMatchObject({ status: 302, location: to });
    for (const table of ["rounds", "seasons", "nope"]) {
      const answer = await outcome(csvRoute.loader(await argsFor(who, `/admin/reports.csv?table=${table}`)));
      expect(answer).toMatchObject({ status: 302, location: to });
    }
  });
});

describe("the CSV files", () => {
  it("gives an admin each table as a CSV attachment whose rows match the report", async () => {
    const round = await makeRound({
      startsAt: zonedTimeToEpoch({ year: 2088, month: 12, day: 31, hour: 21 }, TZ),
      name: '=HYPERLINK("x"), late',
    });
    await makeEntry({ roundId: round.id, playerId: (await makePlayer()).id, ace: false, creditUsedCents: 500 });
    const { data } = await outcome(page.loader(await argsFor("admin", "/admin/reports")));
    const row = data.report.rounds.find((r: { id: number }) => r.id === round.id);
    expect(row).toMatchObject({ entries: 1, payoutCents: round.payoutCents, creditUsedCents: 500, aceInCents: 0 });

    const rounds = await download("admin", "?table=rounds");
    expect(rounds.res.status).toBe(200);
    expect(rounds.res.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(rounds.res.headers.get("Content-Disposition")).toMatch(/^attachment; filename="league-report-rounds-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(rounds.res.headers.get("Cache-Control")).toBe("private, no-store");
    expect(rounds.bom, "Excel reads UTF-8 only after a byte order mark").toBe(true);
    const lines = rounds.text.split("\r\n");
    expect(lines[0]).toBe(`Date,Round,${HEADER}`);
    // The admin-typed name cannot run as a formula; its date is the league's, not UTC's.
    const dollars = (c: number) => (c / 100).toFixed(2);
    expect(lines).toContain(
      `2088-12-31,"'=HYPERLINK(""x""), late",1,${dollars(round.feePdgaCents)},${dollars(round.feeCourseCents)},${dollars(round.feeOtherCents)},${dollars(round.payoutCents)},0.00,0.00,5.00,0.00,0.00,0.00,0.00,0.00,0.00,0.00,0.00`,
    );
    expect(lines.filter((l) => l.startsWith("Total,,"))).toHaveLength(1);
    expect(lines.length).toBe(data.report.rounds.length + 3); // header, rounds, total, and the last CRLF

    const seasons = await download("admin", "?table=seasons");
    expect(seasons.res.headers.get("Content-Disposition")).toMatch(/filename="league-report-seasons-/);
    expect(seasons.text.split("\r\n")).toContain(
      `2088,1,${dollars(round.feePdgaCents)},${dollars(round.feeCourseCents)},${dollars(round.feeOtherCents)},${dollars(round.payoutCents)},0.00,0.00,5.00,0.00,0.00,0.00,0.00,0.00,0.00,0.00,0.00`,
    );
  });

  it.each(["?table=players", "?table=", ""])("answers %j with 400 and says which tables there are", async (query) => {
    const { res, text } = await download("admin", query);
    expect(res.status).toBe(400);
    expect(res.headers.get("Content-Type")).toContain("application/json");
    expect(JSON.parse(text)).toEqual({ error: expect.stringContaining("table=rounds or table=seasons"), code: "bad_request" });
  });
});
