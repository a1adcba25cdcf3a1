import { z } from "zod";

// The league's settings (/admin/settings and PUT /api/admin/settings): whole numbers
// within bounds a league could mean, each message naming the field as the form labels it.

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

export const LeagueSettingsSchema = z
  .object({
    pointsFirst: whole("Points for 1st", 0, 1000),
    pointsStep: whole("Step per place", 0, 1000),
    pointsFloor: whole("Floor", 0, 1000),
    pointsParticipation: whole("Participation points", 0, 1000),
    standingsBestN: whole("Best rounds counted", 1, 100),
    handicapRounds: whole("Handicap rounds", 1, 50),
    handicapPercent: whole("Handicap percentage", 0, 100),
    handicapPar: whole("Par", 1, 200),
  })
  .refine((s) => s.pointsFloor <= s.pointsFirst, { path: ["pointsFloor"], message: "Floor must not be more than the points for 1st" });

export type LeagueSettingsInput = z.infer<typeof LeagueSettingsSchema>;
