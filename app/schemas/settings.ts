import { z } from "./zod";
import {
  CHOICES,
  type ChoiceName,
  SETTINGS,
  type SettingName,
  TEXT_SETTINGS,
  type TextSettingName,
  choiceValues,
} from "../lib/settings/league-settings";
import { DIVISIONS, isDivision } from "../lib/players/divisions";

// The league's settings (/admin/settings and PUT /api/admin/settings): whole numbers
// within bounds a league could mean (app/lib/settings/league-settings.ts), each message naming the
// field as the form labels it.

/** A whole number from `min` to `max`, as JSON gives it or as a form posts it (digits). */
export function whole(label: string, min: number, max: number) {
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

/**
 * The league's own words (the rain-out policy, ADR 50): text, trimmed, lines ended by "\n" as
 * a form's "\r\n" arrives, at most its `max` characters; "" clears it.
 */
function words(name: TextSettingName) {
  const { label, max } = TEXT_SETTINGS[name];
  return z.preprocess(
    (v) => (typeof v === "string" ? v.replace(/\r\n?/g, "\n") : v),
    z
      .string({ error: `${label} must be text` })
      .trim()
      .max(max, `${label} must be at most ${max} characters`),
  );
}

function choice<V extends string>(name: ChoiceName, values: readonly [V, ...V[]]) {
  const { label, options } = CHOICES[name];
  return z.enum(values, { error: `${label}: choose one of ${options.map((o) => o.label).join(", ")}` });
}

/**
 * The league's divisions, in its order: a list (the /api) or the form's text with the codes
 * separated by commas or spaces. Each a PDGA division, none twice, at least one.
 */
const DivisionListSchema = z.preprocess(
  (v) =>
    typeof v === "string"
      ? v
          .split(/[\s,]+/)
          .map((d) => d.trim().toUpperCase())
          .filter(Boolean)
      : v,
  z
    .array(z.string({ error: "Divisions must be division codes" }), { error: "Divisions must be a list of division codes" })
    .min(1, "Name at least one division")
    .max(DIVISIONS.length, `At most ${DIVISIONS.length} divisions`)
    .refine((list) => list.every(isDivision), {
      message: `Divisions must be PDGA division codes (${DIVISIONS.join(", ")})`,
    })
    .refine((list) => new Set(list).size === list.length, { message: "Name each division once" }),
);

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
    // Settings added later are optional: a save without them keeps what is stored.
    checkInOpensMinutes: field("checkInOpensMinutes").optional(),
    cardSize: field("cardSize").optional(),
    teeIntervalMinutes: field("teeIntervalMinutes").optional(),
    cardMode: choice("cardMode", choiceValues("cardMode")).optional(),
    cardStart: choice("cardStart", choiceValues("cardStart")).optional(),
    moneyVisibility: choice("moneyVisibility", choiceValues("moneyVisibility")).optional(),
    divisions: DivisionListSchema.optional(),
    bagTags: choice("bagTags", choiceValues("bagTags")).optional(),
    caliRule: choice("caliRule", choiceValues("caliRule")).optional(),
    distanceUnit: choice("distanceUnit", choiceValues("distanceUnit")).optional(),
    tagCount: field("tagCount").optional(),
    tagExpiryWeeks: field("tagExpiryWeeks").optional(),
    // Rain-outs (ADR 50): the holes an early end needs, and the policy the sign-up dialog shows.
    endEarlyHoles: field("endEarlyHoles").optional(),
    rainOutPolicy: words("rainOutPolicy").optional(),
  })
  .refine((s) => s.pointsFloor <= s.pointsFirst, { path: ["pointsFloor"], message: "Floor must not be more than the points for 1st" });

export type LeagueSettingsInput = z.infer<typeof LeagueSettingsSchema>;
