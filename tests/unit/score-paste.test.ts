import { describe, expect, it } from "vitest";
import { MAX_PASTE_LINES, parseScoreText, scoreProblem } from "~/lib/rounds/score-paste";
import { splitCsvRow } from "~/lib/rounds/udisc-csv";
// The fixture follows real UDisc exports kept in public repositories:
// lanekatris/monorepo software/web/public/static/2024-06-udisc-scorecards-f6e47591.csv
// (PlayerName,CourseName,LayoutName,StartDate,EndDate,Total,+/-,RoundRating,Hole1..Hole30;
// a "Par" row opens each round; unplayed holes are 0 and the Total counts only the holes
// played; a round with nothing played has Total 0; names may end in a space) and
// cardouken/udisctransformer src/main/resources/udisc.csv (the older header with one Date
// column and no RoundRating). Names and course are invented; the course is quoted for its comma.
import fixture from "../fixtures/udisc-scorecard.csv?raw";

const rowsOf = (text: string) => parseScoreText(text).rows.map((r) => [r.name, r.score]);
const junkOf = (text: string) => parseScoreText(text).junk.map((j) => [j.line, j.reason]);
const RANGE = "Score must be a whole number from 1 to 500";

describe("parseScoreText: typed lines", () => {
  it("reads 'First Last score', 'Last, First score' and longer names, with the score after any spaces", () => {
    const paste = parseScoreText(
      "Jane Doe 54\nDoe, John   61\nMary Ann Van Der Berg\n\nAnna María Ólafsdóttir 58\nZoë O’Brien-Smith      49",
    );
    expect(paste.format).toBe("lines");
    expect(paste.rows).toEqual([
      { line: 1, raw: "Jane Doe 54", name: "Jane Doe", score: 54 },
      { line: 2, raw: "Doe, John   61", name: "Doe, John", score: 61 },
      { line: 5, raw: "Anna María Ólafsdóttir 58", name: "Anna María Ólafsdóttir", score: 58 },
      { line: 6, raw: "Zoë O’Brien-Smith      49", name: "Zoë O’Brien-Smith", score: 49 },
    ]);
    expect(paste.junk).toEqual([{ line: 3, raw: "Mary Ann Van Der Berg", reason: "No score at the end of the line" }]);
  });

  it("drops a leading place number, as copied from a leaderboard", () => {
    expect(rowsOf("1. Jane Doe 48\n2) John Roe 50\n10 Sam Sample 55")).toEqual([
      ["Jane Doe", 48],
      ["John Roe", 50],
      ["Sam Sample", 55],
    ]);
  });

  it("gives a reason for each line it cannot read, and keeps reading the rest", () => {
    const text = [
      "Jane Doe",
      "John Roe 0",
      "Sam Sample 501",
      "Ann Lee 54.5",
      "Bo Ek 54,5",
      "Cy Fox +3",
      "Di Gil -2",
      "54",
      "Ed Hu 55",
    ].join("\n");
    expect(junkOf(text)).toEqual([
      [1, "No score at the end of the line"],
      [2, RANGE],
      [3, RANGE],
      [4, RANGE],
      [5, RANGE],
      [6, "“+3” looks like a score against par: paste the total strokes"],
      [7, "“-2” looks like a score against par: paste the total strokes"],
      [8, "No name before the score"],
    ]);
    expect(rowsOf(text)).toEqual([["Ed Hu", 55]]);
  });

  it("accepts the edges of the range and a leading zero", () => {
    expect(rowsOf("A One 1\nB Two 500\nC Three 054")).toEqual([
      ["A One", 1],
      ["B Two", 500],
      ["C Three", 54],
    ]);
  });

  it("ignores blank lines silently and reads CRLF, CR and a byte order mark", () => {
    const paste = parseScoreText("\uFEFFJane Doe 54\r\n\r\n   \r\nJohn Roe 60\rSam Sample 58\r\n");
    expect(paste.rows.map((r) => [r.line, r.name, r.score])).toEqual([
      [1, "Jane Doe", 54],
      [4, "John Roe", 60],
      [5, "Sam Sample", 58],
    ]);
    expect(paste.junk).toEqual([]);
  });

  it("reads nothing from an empty or blank paste", () => {
    expect(parseScoreText("")).toEqual({ format: "lines", rows: [], junk: [] });
    expect(parseScoreText(" \n\t\n\r\n")).toEqual({ format: "lines", rows: [], junk: [] });
  });
});

describe("parseScoreText: tab-separated rows", () => {
  it("reads First/Last/score, Name/score and 'Last, First'/score, skipping a header row", () => {
    const paste = parseScoreText("First\tLast\tScore\nJane\tDoe\t54\nJohn Roe\t61\nLee, Ann\t58\n");
    expect(paste.format).toBe("tsv");
    expect(paste.rows.map((r) => [r.line, r.name, r.score])).toEqual([
      [2, "Jane Doe", 54],
      [3, "John Roe", 61],
      [4, "Lee, Ann", 58],
    ]);
    expect(paste.junk).toEqual([]);
  });

  it("takes the last numeric cell as the score and the words before it as the name", () => {
    expect(rowsOf("1\tJane\tDoe\tMA1\t54\tpaid\n2\tJohn\tRoe\t\t61\t")).toEqual([
      ["Jane Doe MA1", 54],
      ["John Roe", 61],
    ]);
  });

  it("reads the first row as data when it holds a number, and junks later rows without one", () => {
    const paste = parseScoreText("Jane\tDoe\t54\nName\tScore\nJohn\tRoe\t+2\nAnn\tLee\t0");
    expect(paste.rows.map((r) => r.name)).toEqual(["Jane Doe"]);
    expect(paste.junk.map((j) => [j.line, j.reason])).toEqual([
      [2, "No score in this row"],
      [3, "“+2” looks like a score against par: paste the total strokes"],
      [4, RANGE],
    ]);
  });

  it("reads a line without tabs among tab rows as a typed line", () => {
    expect(rowsOf("Jane\tDoe\t54\nJohn Roe 61")).toEqual([
      ["Jane Doe", 54],
      ["John Roe", 61],
    ]);
  });
});

describe("parseScoreText: UDisc CSV export", () => {
  it("reads the sample export: Total per player, Par row skipped, quoted names, unfinished rounds as junk", () => {
    const paste = parseScoreText(fixture);
    expect(paste.format).toBe("udisc-csv");
    expect(paste.rows.map((r) => [r.line, r.name, r.score])).toEqual([
      [3, "Jane Doe", 54],
      [4, "Strøm, Jan-Erik", 62],
      [5, "Zoë O’Brien", 59],
      [6, "José Álvarez", 64],
    ]);
    expect(paste.junk.map((j) => [j.line, j.reason])).toEqual([
      [7, "Round not finished: no score on 9 of 18 holes"],
      [8, "No total score (did not finish?)"],
    ]);
    expect(paste.junk[0].raw).toMatch(/^Sam Sample,"Maple Hollow Park, North",Blue Tees,/);
  });

  it("reads the same file with CRLF line endings and a byte order mark", () => {
    const crlf = `\uFEFF${fixture.replace(/\r?\n/g, "\r\n")}`;
    expect(parseScoreText(crlf)).toEqual(parseScoreText(fixture));
  });

  it("reads the older header (one Date column, no RoundRating) by column name", () => {
    const text = [
      "PlayerName,CourseName,LayoutName,Date,Total,+/-,Hole1,Hole2,Hole3",
      "Par,Kernu,Main,2019-10-19 17:32,9,,3,3,3",
      "Oskar,Kernu,Main,2019-10-19 17:32,10,1,3,4,3",
      '"Doe, Jane",Kernu,Main,2019-10-19 17:32,8,-1,2,3,3',
    ].join("\n");
    expect(rowsOf(text)).toEqual([
      ["Oskar", 10],
      ["Doe, Jane", 8],
    ]);
  });

  it("takes empty, DNF and 0 totals as not finished, and never takes the +/- as the score", () => {
    const text = [
      "PlayerName,Total,+/-",
      "Jane Doe,,",
      "John Roe,DNF,",
      "Ann Lee,0,0",
      "Bo Ek,+3,3",
      "Cy Fox,abc,1",
      ",55,1",
      "Di Gil,56,2",
    ].join("\n");
    expect(junkOf(text)).toEqual([
      [2, "No total score (did not finish?)"],
      [3, "No total score (did not finish?)"],
      [4, "No total score (did not finish?)"],
      [5, "“+3” looks like a score against par: paste the total strokes"],
      [6, "The total “abc” is not a number"],
      [7, "No player name in this row"],
    ]);
    expect(rowsOf(text)).toEqual([["Di Gil", 56]]);
  });

  it("without a Total column, adds the +/- (E is even) to the par of the Par row before it", () => {
    const oneRound = ["PlayerName,+/-,Hole1,Hole2,Hole3", "Par,,3,3,4", "Jane Doe,-1,2,3,4", "John Roe,E,3,3,4", "Ann Lee,+2,4,4,4"];
    expect(rowsOf(oneRound.join("\n"))).toEqual([
      ["Jane Doe", 9],
      ["John Roe", 10],
      ["Ann Lee", 12],
    ]);
    const twoRounds = ["PlayerName,CourseName,+/-,Hole1,Hole2", "Par,A,,3,4", "Jane Doe,A,1,4,4", "Par,B,,3,3", "Jane Doe,B,-1,2,3"].join(
      "\n",
    );
    expect(rowsOf(twoRounds)).toEqual([
      ["Jane Doe", 8],
      ["Jane Doe", 5],
    ]);
  });

  it("junks a +/- that cannot become strokes: no Par row, not a number, or out of range", () => {
    const text = ["PlayerName,+/-,Hole1", "Jane Doe,2,5", "Par,,3", "John Roe,x,3", "Ann Lee,-3,1", "Bo Ek,,"].join("\n");
    expect(junkOf(text)).toEqual([
      [2, "No Total column and no Par row, so the +/- cannot be turned into strokes"],
      [4, "The +/- value “x” is not a whole number"],
      [5, RANGE],
      [6, "No total score (did not finish?)"],
    ]);
  });

  it("junks every row when the header has neither Total nor +/-", () => {
    expect(junkOf("PlayerName,Hole1\nJane Doe,3")).toEqual([[2, "The header has no Total or +/- column, so there is no score to read"]]);
  });

  it("only counts holes the layout has: empty trailing hole columns are not unplayed holes", () => {
    const text = ["PlayerName,Total,+/-,Hole1,Hole2,Hole3,Hole4", "Par,6,,3,3,,", "Jane Doe,5,-1,2,3,,", "John Roe,3,0,3,,,"].join("\n");
    expect(rowsOf(text)).toEqual([["Jane Doe", 5]]);
    expect(junkOf(text)).toEqual([[4, "Round not finished: no score on 1 of 2 holes"]]);
  });

  it("reads the export copied out of a spreadsheet (tabs), and a second export pasted after the first", () => {
    const tabs = "PlayerName\tCourseName\tTotal\t+/-\nPar\tA\t54\t\nJane Doe\tA\t52\t-2";
    expect(parseScoreText(tabs).format).toBe("udisc-csv");
    expect(rowsOf(tabs)).toEqual([["Jane Doe", 52]]);
    const twice = `${fixture}\n${fixture}`;
    expect(parseScoreText(twice).rows).toHaveLength(8);
    expect(parseScoreText(twice).junk).toHaveLength(4);
  });

  it("keeps quoted fields whole: commas, doubled quotes, an unclosed quote", () => {
    expect(splitCsvRow('"Doe, Jane","a ""b"" c",x', ",")).toEqual(["Doe, Jane", 'a "b" c', "x"]);
    expect(splitCsvRow('Jane "JD" Doe,"open, end', ",")).toEqual(['Jane "JD" Doe', "open, end"]);
    expect(splitCsvRow(' a , "b" x,', ",")).toEqual([" a ", "b x", ""]);
    expect(splitCsvRow(" a , b ,", ",")).toEqual([" a ", " b ", ""]);
    expect(splitCsvRow("", ",")).toEqual([""]);
  });
});

describe("parseScoreText on hostile input", () => {
  it("reads the first lines of a huge paste and reports the rest as one junk item", () => {
    const lines = Array.from({ length: MAX_PASTE_LINES + 2500 }, (_, i) => `Player${i} Name ${(i % 90) + 40}`);
    const paste = parseScoreText(`${lines.join("\n")}\n\n`);
    expect(paste.rows).toHaveLength(MAX_PASTE_LINES);
    expect(paste.rows.at(-1)).toMatchObject({ line: MAX_PASTE_LINES, name: `Player${MAX_PASTE_LINES - 1} Name` });
    expect(paste.junk).toEqual([
      { line: MAX_PASTE_LINES + 1, raw: lines[MAX_PASTE_LINES], reason: "Only the first 5000 lines are read: paste the rest separately" },
    ]);
    // Blank lines past the limit are not worth a word.
    const blankTail = `${lines.slice(0, MAX_PASTE_LINES).join("\n")}${"\n".repeat(50)}`;
    expect(parseScoreText(blankTail).junk).toEqual([]);
  });

  it("junks a very long line with its text cut short, and does not throw on binary-looking text", () => {
    const paste = parseScoreText(`${"x".repeat(3_000_000)} 54\nJane Doe 54`);
    expect(paste.rows.map((r) => r.name)).toEqual(["Jane Doe"]);
    expect(paste.junk[0].reason).toBe("Line is too long to read (over 2000 characters)");
    expect(paste.junk[0].raw).toHaveLength(201);

    let seed = 7;
    const rnd = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const alphabet = [
      '"',
      ",",
      "\t",
      "\n",
      "\r",
      " ",
      "+",
      "-",
      ".",
      "5",
      "0",
      "é",
      "\u0000",
      "\uFEFF",
      "\uD800",
      "a",
      "Par",
      "PlayerName",
      "Total",
      "+/-",
    ];
    for (let n = 0; n < 300; n++) {
      const text = Array.from({ length: Math.floor(rnd() * 200) }, () => alphabet[Math.floor(rnd() * alphabet.length)]).join("");
      const { rows, junk } = parseScoreText(text);
      for (const r of rows) expect(scoreProblem(r.score)).toBeNull();
      for (const j of junk) expect(j.reason).not.toBe("");
    }
    expect(parseScoreText(undefined as unknown as string)).toEqual({ format: "lines", rows: [], junk: [] });
  });
});

describe("scoreProblem", () => {
  it("accepts whole numbers from 1 to 500 only", () => {
    expect([1, 54, 500].map(scoreProblem)).toEqual([null, null, null]);
    expect([0, 501, 54.5, -3, Number.NaN, Number.POSITIVE_INFINITY].map(scoreProblem)).toEqual(Array(6).fill(RANGE));
  });
});
