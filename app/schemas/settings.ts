import { z } from "./zod";
import { SETTINGS, type SettingName } from "../lib/league-settings";

// The league's settings (/admin/settings and PUT /api/admin/settings): whole numbers
// within bounds a league could mean (app/lib/league-settings.ts), each message naming the
// field as the form labels it.

function whole(label: string, min: number, max: number) {
  const range = `${label} must be a whole number from ${min} to ${max}`;
  return z.preprocess(
    // A form posts text: digits (spaces around them allowed) become the number; anything else stays as sent and fails.
    (v) => (typeof v === "string" && /^\s*\d{1,6}\s*$/.test(v) ? Number(v) : v),
    z
      .number({
        error: (issue) => (issue.input === undefined || issue.input === "" || issue.input === null ? `${label} is required` : range),
      })
      .int(range)
      .min(min, range)
      .max(max, range),
  );
}

const field = (name: SettingName) => whole(SETTINGS[name].label, SETTINGS[name].min, SETTINGS[name].max);

export const LeagueSettingsSchema = z
  .object({
    pointsFirst: field("pointsFirst"),
    pointsStep: field("pointsStep"),
    pointsFloor: field("pointsFloor"),
    pointsParticipation: field("pointsParticipation"),
    standingsBestN: field("standingsBestN"),
    handicapRounds: field("handicapRounds"),
    handicapPercent: field("handicapPercent"),
    handicapPar: field("handicapPar"),
  })
  .refine((s) => s.pointsFloor <= s.pointsFirst, { path: ["pointsFloor"], message: "Floor must not be more than the points for 1st" });

export type LeagueSettingsInput = z.infer<typeof LeagueSettingsSchema>;
