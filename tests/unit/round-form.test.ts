import { describe, expect, it } from "vitest";
import { addDays, defaultRoundDate, nextWeekday, rowLabel, toDateTimeInputs } from "~/lib/rounds/round-dates";
import { centsInput } from "~/lib/shared/money";
import { roundInputs } from "~/lib/rounds/round-values";
import { zonedTimeToEpoch } from "~/lib/shared/time";
import { multiRoundsSchema, roundFormSchema } from "~/schemas/round-form";

const TZ = "America/Chicago";
const at = (year: number, month: number, day: number, hour = 0, minute = 0) => zonedTimeToEpoch({ year, month, day, hour, minute }, TZ);

const fields = (extra: Record<string, string> = {}) => ({
  date: "2026-11-26",
  time: "18:00",
  name: "Week 12",
  location: "Oak Hollow",
  fee_pdga: ".5",
  fee_course: "1",
  fee_other: "0",
  ace: "1.00",
  payout: "4.50",
  pdga_url: "",
  ...extra,
});

describe("round dates in the league's zone", () => {
  it("shows a stored time as the inputs' values, and adds calendar days", () => {
    expect(toDateTimeInputs(at(2026, 11, 26, 18), TZ)).toEqual({ date: "2026-11-26", time: "18:00" });
    expect(addDays("2026-12-29", 7)).toBe("2027-01-05");
    expect(addDays("2028-02-26", 7)).toBe("2028-03-04");
    expect(addDays("not a date", 7)).toBeNull();
    expect(rowLabel(3, "2026-11-26")).toBe("Row 3 (Thu 11/26)");
    expect(rowLabel(3, "")).toBe("Row 3");
  });

  it("next Thursday is never today", () => {
    expect(nextWeekday(at(2026, 11, 19, 10), TZ)).toBe("2026-11-26");
    // Wednesday 23:30 in Chicago is already Thursday in UTC: the zone decides.
    expect(nextWeekday(at(2026, 11, 18, 23, 30), TZ)).toBe("2026-11-19");
  });

  it("a new round goes a week after the latest, at its wall-clock time across a DST change, and never in the past", () => {
    expect(defaultRoundDate(at(2026, 3, 5, 18, 30), at(2026, 3, 6), TZ)).toEqual({ date: "2026-03-12", time: "18:30" });
    // The latest round was months ago: the same weekday and time, next week from now.
    expect(defaultRoundDate(at(2026, 3, 5, 18), at(2026, 6, 10, 12), TZ)).toEqual({ date: "2026-06-11", time: "18:00" });
    expect(defaultRoundDate(null, at(2026, 11, 20), TZ)).toEqual({ date: "2026-11-26", time: "18:00" });
  });

  it("money shows as dollars with two decimals", () => {
    expect([0, 5, 50, 450, 10_000].map(centsInput)).toEqual(["0.00", "0.05", "0.50", "4.50", "100.00"]);
    const round = {
      startsAt: at(2026, 7, 2, 18),
      name: "Glow",
      location: "Elm",
      layoutId: null,
      pdgaUrl: null,
      feePdgaCents: 50,
      feeCourseCents: 0,
      feeOtherCents: 25,
      aceCents: 100,
      payoutCents: 450,
    };
    expect(roundInputs(round, TZ)).toEqual({
      ...fields({ date: "2026-07-02", name: "Glow", location: "Elm" }),
      layout_id: "",
      fee_pdga: "0.50",
      fee_course: "0.00",
      fee_other: "0.25",
    });
  });
});

describe("roundFormSchema", () => {
  it("reads the date and time in the league's zone and the money as cents", () => {
    const parsed = roundFormSchema(TZ).parse(fields({ date: "2026-07-02", pdga_url: " https://www.pdga.com/tour/event/1 " }));
    expect(parsed).toEqual({
      startsAt: at(2026, 7, 2, 18),
      name: "Week 12",
      location: "Oak Hollow",
      fee_pdga: 50,
      fee_course: 100,
      fee_other: 0,
      ace: 100,
      payout: 450,
      pdga_url: "https://www.pdga.com/tour/event/1",
      // The form always shows "Counts for tags" and "Doubles": left unticked, they are off.
      tags: false,
      doubles: false,
    });
    expect(roundFormSchema(TZ).parse(fields({ tags: "on" })).tags).toBe(true);
    expect(roundFormSchema(TZ).parse(fields({ doubles: "on" })).doubles).toBe(true);
  });

  it("a round that plays a layout needs no location; one without needs it, said with its other errors", () => {
    expect(roundFormSchema(TZ).parse(fields({ location: "", layout_id: "7" }))).toMatchObject({ location: "", layout_id: 7 });
    expect(roundFormSchema(TZ).parse(fields({ layout_id: "" }))).toMatchObject({ location: "Oak Hollow", layout_id: null });
    const result = roundFormSchema(TZ).safeParse(fields({ location: " ", layout_id: "", name: "" }));
    expect(result.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["name", "Name is required"],
      ["location", "Location is required"],
    ]);
    expect(roundFormSchema(TZ).safeParse(fields({ layout_id: "x" })).error?.issues[0]?.message).toBe("Invalid layout id");
  });

  it.each([
    ["date", "", "Date is required"],
    ["date", "2026-02-30", "Enter a real date"],
    ["time", "25:00", "Enter a time like 18:00"],
    ["time", "", "Time is required"],
    ["name", " ", "Name is required"],
    ["payout", "4.505", "Payout can have at most 2 decimals"],
    ["fee_course", "", "Course fund is required"],
    ["pdga_url", "http://x", "PDGA link must start with https://"],
  ])("%s = %j → %s", (field, value, message) => {
    const result = roundFormSchema(TZ).safeParse(fields({ [field]: value }));
    expect(result.success).toBe(false);
    expect(result.error?.issues.find((i) => i.path[0] === field)?.message).toBe(message);
  });
});

describe("multiRoundsSchema", () => {
  const row = (i: number, extra: Record<string, string>) => ({ ...fields(), row: String(i + 1), delete: "0", ...extra });

  it("turns rows into creates, updates and deletes; a deleted new row is dropped and a deleted row skips the field rules", () => {
    const parsed = multiRoundsSchema(TZ).parse({
      rows: [
        row(0, { id: "-1" }),
        row(1, { id: "12", version: "5", name: "Renamed", date: "2026-12-03" }),
        { id: "13", version: "0", row: "4", delete: "1", date: "2026-12-10", name: "" },
        { id: "-2", row: "5", delete: "1" },
      ],
    });
    expect(parsed).toEqual([
      {
        kind: "save",
        id: null,
        label: "Row 1 (Thu 11/26)",
        values: expect.objectContaining({ name: "Week 12", startsAt: at(2026, 11, 26, 18) }),
      },
      {
        kind: "save",
        id: 12,
        version: 5,
        label: "Row 2 (Thu 12/3)",
        values: expect.objectContaining({ name: "Renamed", startsAt: at(2026, 12, 3, 18) }),
      },
      { kind: "delete", id: 13, version: 0, label: "Row 4 (Thu 12/10)" },
    ]);
    expect(multiRoundsSchema(TZ).parse({})).toEqual([]);
  });

  it("answers each bad field by its row's input name, and refuses a round twice", () => {
    const result = multiRoundsSchema(TZ).safeParse({
      rows: [
        row(0, { id: "4", version: "1" }),
        row(1, { id: "-1", name: "", payout: "x" }),
        row(2, { id: "4", version: "1" }),
        { id: "0", row: "4", delete: "1" },
      ],
    });
    const byPath = Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));
    expect(byPath).toEqual({
      "rows.1.name": "Name is required",
      "rows.1.payout": "Payout must be an amount in dollars, like 12.50",
      "rows.3.id": "Invalid round id",
    });
    const twice = multiRoundsSchema(TZ).safeParse({ rows: [row(0, { id: "4", version: "1" }), row(2, { id: "4", version: "1" })] });
    expect(twice.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([["rows.1.id", "Round 4 appears twice"]]);
  });

  it("needs the version a stored round's row was read at (ADR 20), saved or deleted; a new row has none", () => {
    const result = multiRoundsSchema(TZ).safeParse({
      rows: [row(0, { id: "-1" }), row(1, { id: "12" }), { id: "13", row: "3", delete: "1" }, row(3, { id: "14", version: "x" })],
    });
    expect((result.error?.issues ?? []).map((i) => [i.path.join("."), i.message])).toEqual([["rows.3.version", "Invalid round version"]]);
    const missing = multiRoundsSchema(TZ).safeParse({
      rows: [row(0, { id: "-1" }), row(1, { id: "12" }), { id: "13", row: "3", delete: "1" }],
    });
    expect((missing.error?.issues ?? []).map((i) => [i.path.join("."), i.message])).toEqual([
      ["rows.1.version", "version is required: send the version of the round as you read it"],
      ["rows.2.version", "version is required: send the version of the round as you read it"],
    ]);
  });
});
