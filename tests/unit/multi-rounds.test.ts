import { describe, expect, it } from "vitest";
import { addRow, errorsById, loadedRows, nextRoundName, rowState } from "~/lib/rounds/multi-rounds";

const inputs = {
  date: "2026-12-29",
  time: "18:30",
  name: "Week 52",
  location: "Oak Hollow",
  layout_id: "4",
  fee_pdga: "0.50",
  fee_course: "1.00",
  fee_other: "0.00",
  ace: "1.00",
  payout: "4.50",
  pdga_url: "",
};

describe("the multi-editor's rows", () => {
  it("a row is changed exactly while it differs from what was loaded; deleted and new rows say so", () => {
    const [row] = loadedRows([{ id: 7, entryCount: 0, version: 3, ...inputs }]);
    expect(row?.version).toBe(3);
    expect(rowState(row!)).toBeNull();
    const edited = { ...row!, values: { ...row!.values, name: "Renamed" } };
    expect(rowState(edited)).toBe("changed");
    expect(rowState({ ...edited, values: { ...edited.values, name: "Week 52" } })).toBeNull();
    expect(rowState({ ...row!, deleted: true })).toBe("deleted");
  });

  it("a new row is the last one's next week: 7 days on, its time, place, layout and fees, the name numbered on", () => {
    const last = { ...inputs, fee_course: "1.50", fee_other: "1.00", pdga_url: "https://www.pdga.com/tour/event/1" };
    const rows = addRow(loadedRows([{ id: 7, entryCount: 3, version: 0, ...last }]), { date: "2026-11-26", time: "18:00" });
    expect(rows[1]).toEqual({
      id: -1,
      entryCount: 0,
      version: null,
      original: null,
      deleted: false,
      // The PDGA link is the last round's own event: not copied.
      values: { ...last, date: "2027-01-05", name: "Week 53", pdga_url: "" },
    });
    expect(rowState(rows[1]!)).toBe("new");
    expect(rowState({ ...rows[1]!, deleted: true })).toBeNull();
    expect(addRow(rows, { date: "x", time: "x" }).at(-1)?.id).toBe(-2);
  });

  it("the first row of an empty editor takes the given date and time; a row with a bad date is followed by the default", () => {
    const [first] = addRow([], { date: "2026-11-26", time: "18:00" });
    expect(first?.values).toMatchObject({
      date: "2026-11-26",
      time: "18:00",
      name: "",
      location: "",
      layout_id: "",
      fee_pdga: "0.50",
      fee_course: "1.00",
      payout: "4.50",
      ace: "1.00",
    });
    const bad = [{ ...first!, values: { ...first!.values, date: "" } }];
    expect(addRow(bad, { date: "2026-11-26", time: "18:00" }).at(-1)?.values.date).toBe("2026-11-26");
  });

  it("numbers a name on: its last number one up, as wide as it was; a name without one gets ' 2'", () => {
    expect(nextRoundName("Week 52")).toBe("Week 53");
    expect(nextRoundName("Week 9")).toBe("Week 10");
    expect(nextRoundName("Week 09")).toBe("Week 10");
    expect(nextRoundName("Week 99")).toBe("Week 100");
    expect(nextRoundName("Round 2 of 12")).toBe("Round 2 of 13");
    expect(nextRoundName("Doubles12")).toBe("Doubles13");
    expect(nextRoundName("Glow Round")).toBe("Glow Round 2");
    expect(nextRoundName("Glow Round 2")).toBe("Glow Round 3");
    expect(nextRoundName("Week 12345678901234567899")).toBe("Week 12345678901234567900");
    expect(nextRoundName("  Season Finale ")).toBe("Season Finale 2");
    expect(nextRoundName("")).toBe("");
  });

  it("maps a save's field errors back to the rows that were posted", () => {
    const errors = errorsById(
      { "rows[0].name": "Name is required", "rows[1].payout": "Bad", "rows[1].name": "Too long", form: "x", "rows[5].name": "?" },
      [-1, 12],
    );
    expect([...errors]).toEqual([
      [-1, { name: "Name is required" }],
      [12, { payout: "Bad", name: "Too long" }],
    ]);
  });
});
