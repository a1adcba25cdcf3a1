import { z } from "./zod";

// A form's date and time inputs (type="date", type="time") as their wall-clock parts, for
// the caller to place in the league's zone (zonedTimeToEpoch): the server never reads
// them in its own zone.

const realDate = ({ year, month, day }: { year: number; month: number; day: number }) => {
  const utc = new Date(Date.UTC(year, month - 1, day));
  return utc.getUTCFullYear() === year && utc.getUTCMonth() === month - 1 && utc.getUTCDate() === day;
};

/** "2026-11-26" → { year, month, day }: a real calendar day from 2000 to 2099 (a typo guard). */
export const FormDateSchema = z
  .string({ error: "Date is required" })
  .trim()
  .min(1, "Date is required")
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Enter a date like 2026-11-19")
  .transform((text) => {
    const [year, month, day] = text.split("-").map(Number) as [number, number, number];
    return { year, month, day };
  })
  .refine((p) => p.year >= 2000 && p.year <= 2099 && realDate(p), "Enter a real date");

/** "18:00" (or "18:00:00", as some browsers send) → { hour, minute }. */
export const FormTimeSchema = z
  .string({ error: "Time is required" })
  .trim()
  .min(1, "Time is required")
  .regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, "Enter a time like 18:00")
  .transform((text) => {
    const [hour, minute] = text.split(":").map(Number) as [number, number];
    return { hour, minute };
  });

/** The parts back as a date input's value: { 2026, 11, 26 } → "2026-11-26". */
export function dateText({ year, month, day }: { year: number; month: number; day: number }): string {
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}
