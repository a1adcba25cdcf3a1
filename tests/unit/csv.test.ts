import { describe, expect, it } from "vitest";
import { csvCell, toCsv } from "~/lib/shared/csv";

describe("csvCell (RFC 4180 quoting)", () => {
  it("leaves plain text and numbers as they are", () => {
    expect(csvCell("Riverside Doubles")).toBe("Riverside Doubles");
    expect(csvCell(12)).toBe("12");
    expect(csvCell("12.50")).toBe("12.50");
    expect(csvCell("")).toBe("");
  });

  it("quotes a field with a comma, a quote or a line break, doubling its quotes", () => {
    expect(csvCell("Smith, Jo")).toBe('"Smith, Jo"');
    expect(csvCell('The "Big" Round')).toBe('"The ""Big"" Round"');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell("two\r\nlines")).toBe('"two\r\nlines"');
  });
});

describe("csvCell (formula injection)", () => {
  it.each([
    ['=HYPERLINK("http://x")', '"\'=HYPERLINK(""http://x"")"'],
    ["+1+1", "'+1+1"],
    ["-2+3", "'-2+3"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\t=1", "'\t=1"],
    ["\r=1", '"\'\r=1"'],
    ["=1,2", '"\'=1,2"'],
  ])("defuses %j", (raw, out) => {
    expect(csvCell(raw)).toBe(out);
  });

  it("keeps plain numbers, negative ones included, as numbers", () => {
    expect(csvCell("-12.50")).toBe("-12.50");
    expect(csvCell(-3)).toBe("-3");
    expect(csvCell("-")).toBe("'-");
    expect(csvCell("-1e5")).toBe("'-1e5");
  });

  it("only looks at the start of the cell", () => {
    expect(csvCell("A = B")).toBe("A = B");
    expect(csvCell("Ace @ hole 7")).toBe("Ace @ hole 7");
  });
});

describe("toCsv", () => {
  it("writes the rows with CRLF after each, header first", () => {
    const csv = toCsv([
      ["Round", "Entries", "Payout pool"],
      ["Doubles, week 1", 12, "54.00"],
      ["=cmd", 0, "0.00"],
    ]);
    expect(csv).toBe('Round,Entries,Payout pool\r\n"Doubles, week 1",12,54.00\r\n\'=cmd,0,0.00\r\n');
  });

  it("writes nothing for no rows", () => {
    expect(toCsv([])).toBe("");
  });
});
