import type { DistanceUnit } from "../settings/league-settings";

// A CTP distance (ADR 30): stored in whole centimetres whatever the league's unit, so a
// change of the setting changes only how distances read and are typed, never which mark
// is shorter. Feet read with one decimal (7.5 ft: 6 inches), metres with two (2.35 m).

export type { DistanceUnit };

export const CM_PER_FOOT = 30.48;

/** How each unit is typed and read: the field's label, an example, the most a CTP can be. */
export const DISTANCE_UNITS = {
  ft: { word: "feet", short: "ft", example: "7.5", max: 330, decimals: 1, cmPer: CM_PER_FOOT },
  m: { word: "metres", short: "m", example: "2.4", max: 100, decimals: 2, cmPer: 100 },
} as const satisfies Record<DistanceUnit, unknown>;

/** A distance typed in `unit`, in whole centimetres. */
export const cmFrom = (value: number, unit: DistanceUnit) => Math.round(value * DISTANCE_UNITS[unit].cmPer);

/** A distance in centimetres as a person reads it in `unit`: "7.5 ft", "2.35 m", or nothing. */
export function distanceLabel(cm: number | null, unit: DistanceUnit): string {
  if (cm === null) return "";
  const u = DISTANCE_UNITS[unit];
  return `${(cm / u.cmPer).toFixed(u.decimals)} ${u.short}`;
}

/** The CTP form's distance field: "Distance in feet (optional)". */
export const distanceFieldLabel = (unit: DistanceUnit) => `Distance in ${DISTANCE_UNITS[unit].word} (optional)`;
