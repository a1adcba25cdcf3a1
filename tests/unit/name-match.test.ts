import { describe, expect, it } from "vitest";
import { matchScoreLines, normalizeName, type PasteEntry } from "~/lib/players/name-match";
import { type ParsedScoreLine, parseScoreText } from "~/lib/rounds/score-paste";
import fixture from "../fixtures/udisc-scorecard.csv?raw";

describe("normalizeName", () => {
  it("ignores case and accents, including letters NFD does not split", () => {
    expect(normalizeName("JANE DOÉ")).toBe("jane doe");
    expect(normalizeName("Zoë Ångström")).toBe("zoe angstrom");
    expect(normalizeName("Jan-Erik Strøm")).toBe("jan erik strom");
    expect(normalizeName("Günter Straße")).toBe("gunter strasse");
    expect(normalizeName("Æsa Łukasz Œdipe Đorđe Þór")).toBe("aesa lukasz oedipe dorde thor");
    expect(normalizeName("İlkay Işık")).toBe("ilkay isik");
  });

  it("turns 'Last, First' round and collapses spaces", () => {
    expect(normalizeName("Doe, Jane")).toBe("jane doe");
    expect(normalizeName("  Doe ,Jane  ")).toBe("jane doe");
    expect(normalizeName("Van Der Berg, Mary Ann")).toBe("mary ann van der berg");
    expect(normalizeName("Jane \t  Doe")).toBe("jane doe");
  });

  it("drops apostrophes and dots, and reads hyphens and other marks as spaces", () => {
    const obrien = ["O'Brien", "O’Brien", "O‘Brien", "O`Brien", "O´Brien", "OBrien"].map((n) => normalizeName(`Zoe ${n}`));
    expect(new Set(obrien)).toEqual(new Set(["zoe obrien"]));
    expect(normalizeName("J.R. Smith")).toBe(normalizeName("JR Smith"));
    expect(normalizeName("Jean-Luc Picard")).toBe("jean luc picard");
    expect(normalizeName("Jean–Luc (JL) Picard!")).toBe("jean luc jl picard");
  });

  it("is empty for nothing readable", () => {
    expect(normalizeName("")).toBe("");
    expect(normalizeName(" - , . ")).toBe("");
    expect(normalizeName(null as unknown as string)).toBe("");
  });
});

const entries: PasteEntry[] = [
  { id: 1, firstName: "Jane", lastName: "Doe" },
  { id: 2, firstName: "Jan-Erik", lastName: "Strøm" },
  { id: 3, firstName: "Zoë", lastName: "O'Brien" },
  { id: 4, firstName: "José", lastName: "Álvarez" },
  { id: 5, firstName: "Sam", lastName: "Sample" },
  { id: 6, firstName: "Chris", lastName: "Example" },
];
const line = (n: number, name: string, score = 54): ParsedScoreLine => ({ line: n, raw: `${name} ${score}`, name, score });
const statuses = (rows: ParsedScoreLine[], list = entries) =>
  matchScoreLines(rows, list).lines.map((l) => [l.name, l.status, l.entryId, l.candidates]);

describe("matchScoreLines", () => {
  it("matches however the name is written", () => {
    const rows = ["Doe, Jane", "jan-erik strom", "ZOË O’BRIEN", "Alvarez, Jose"].map((n, i) => line(i + 1, n));
    expect(statuses(rows)).toEqual([
      ["Doe, Jane", "matched", 1, [1]],
      ["jan-erik strom", "matched", 2, [2]],
      ["ZOË O’BRIEN", "matched", 3, [3]],
      ["Alvarez, Jose", "matched", 4, [4]],
    ]);
  });

  it("marks unknown names and lists the entries no line matched", () => {
    const { lines, unmatchedEntries } = matchScoreLines([line(1, "Jane Doe"), line(2, "Jane Q Doe"), line(3, "Nobody Here")], entries);
    expect(lines.map((l) => [l.status, l.entryId, l.candidates])).toEqual([
      ["matched", 1, [1]],
      ["unknown", null, []],
      ["unknown", null, []],
    ]);
    expect(unmatchedEntries.map((e) => e.id)).toEqual([2, 3, 4, 5, 6]);
  });

  it("marks every line of an entry named more than once as duplicate, keeping line order and scores", () => {
    const rows = [line(1, "Jane Doe", 54), line(2, "Sam Sample", 60), line(4, "DOE, JANE", 56)];
    const { lines, unmatchedEntries } = matchScoreLines(rows, entries);
    expect(lines.map((l) => [l.line, l.status, l.entryId, l.score])).toEqual([
      [1, "duplicate", 1, 54],
      [2, "matched", 5, 60],
      [4, "duplicate", 1, 56],
    ]);
    expect(unmatchedEntries.map((e) => e.id)).toEqual([2, 3, 4, 6]);
  });

  it("marks a name two entries share as ambiguous, with both as candidates, and leaves both unmatched", () => {
    const twins = [...entries, { id: 7, firstName: "JANE", lastName: "DOÉ" }];
    const { lines, unmatchedEntries } = matchScoreLines([line(1, "Jane Doe"), line(2, "Sam Sample")], twins);
    expect(lines.map((l) => [l.status, l.entryId, l.candidates])).toEqual([
      ["ambiguous", null, [1, 7]],
      ["matched", 5, [5]],
    ]);
    expect(unmatchedEntries.map((e) => e.id)).toEqual([1, 2, 3, 4, 6, 7]);
  });

  it("copes with no lines, no entries and an entry without a name", () => {
    expect(matchScoreLines([], entries).unmatchedEntries).toEqual(entries);
    expect(statuses([line(1, "Jane Doe")], [])).toEqual([["Jane Doe", "unknown", null, []]]);
    const nameless = [{ id: 9, firstName: "", lastName: "" }];
    expect(statuses([line(1, "-")], nameless)).toEqual([["-", "unknown", null, []]]);
  });

  it("matches the UDisc sample export to its entries", () => {
    const { lines, unmatchedEntries } = matchScoreLines(parseScoreText(fixture).rows, entries);
    expect(lines.map((l) => [l.entryId, l.status, l.score])).toEqual([
      [1, "matched", 54],
      [2, "matched", 62],
      [3, "matched", 59],
      [4, "matched", 64],
    ]);
    // Sam stopped after nine holes and Chris played none: their lines are junk, so they still need a score.
    expect(unmatchedEntries.map((e) => e.id)).toEqual([5, 6]);
  });

  it("matches a 300-line paste one to one", () => {
    const many = Array.from({ length: 300 }, (_, i) => ({ id: i + 1, firstName: `Pläyer${i}`, lastName: "Ñame" }));
    const text = many.map((e) => `${e.lastName}, ${e.firstName}\t${(e.id % 80) + 40}`).join("\n");
    const { lines, unmatchedEntries } = matchScoreLines(parseScoreText(text).rows, many);
    expect(lines.map((l) => [l.status, l.entryId, l.score])).toEqual(many.map((e) => ["matched", e.id, (e.id % 80) + 40]));
    expect(unmatchedEntries).toEqual([]);
  });
});
