// The admin's settings for standings and handicaps, each with its one default, its bounds
// and the label the form and every message call it by. The table's column defaults
// (app/.server/db/schema.ts), the zod schema (app/schemas/settings.ts), the form
// (app/components/settings-form.tsx) and the row that is not saved yet all read them here.
// No zod in this file: the settings form imports it.

type Setting = { label: string; min: number; max: number; default: number };

export const SETTINGS = {
  pointsFirst: { label: "Points for 1st", min: 0, max: 1000, default: 100 },
  pointsStep: { label: "Step per place", min: 0, max: 1000, default: 5 },
  pointsFloor: { label: "Floor", min: 0, max: 1000, default: 10 },
  pointsParticipation: { label: "Participation points", min: 0, max: 1000, default: 5 },
  standingsBestN: { label: "Best rounds counted", min: 1, max: 100, default: 10 },
  handicapRounds: { label: "Handicap rounds", min: 1, max: 50, default: 10 },
  handicapPercent: { label: "Handicap percentage", min: 0, max: 100, default: 80 },
  handicapPar: { label: "Par", min: 1, max: 200, default: 54 },
} as const satisfies Record<string, Setting>;

export type SettingName = keyof typeof SETTINGS;

/** Every setting's value: what league_settings holds, or the defaults until the admin saves. */
export type LeagueSettings = Record<SettingName, number>;

export const DEFAULT_SETTINGS: LeagueSettings = Object.fromEntries(
  Object.entries(SETTINGS).map(([name, s]) => [name, s.default]),
) as LeagueSettings;
