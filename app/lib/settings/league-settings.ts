// The admin's settings (standings, handicaps, league night, the league's divisions and who
// sees its money), each with its one default, its bounds or choices and the label the form
// and every message call it by. The table's column defaults
// (app/.server/db/tables/settings.ts), the zod schema (app/schemas/settings.ts), the form
// (app/components/settings/settings-form.tsx) and the row that is not saved yet all read them here.
// No zod in this file: the settings form imports it.

import type { CardMode } from "../cards/cards";

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
  checkInOpensMinutes: { label: "Check-in opens (minutes before the start)", min: 0, max: 1440, default: 120 },
  cardSize: { label: "Players per card", min: 3, max: 5, default: 4 },
  teeIntervalMinutes: { label: "Minutes between tee times", min: 1, max: 60, default: 10 },
  tagCount: { label: "Tags in the pool", min: 1, max: 500, default: 50 },
  tagExpiryWeeks: { label: "Weeks absent before a tag returns (0: never)", min: 0, max: 12, default: 0 },
  endEarlyHoles: { label: "Holes every card must finish to end a round early", min: 1, max: 36, default: 9 },
} as const satisfies Record<string, Setting>;

export type SettingName = keyof typeof SETTINGS;

/**
 * The settings that are the league's own words: each with its label and its longest text.
 * The rain-out policy (ADR 50) shows in the sign-up dialog under "Rain-out policy"; empty, nothing shows.
 */
export const TEXT_SETTINGS = {
  rainOutPolicy: { label: "Rain-out policy", max: 1000, default: "" },
} as const;

export type TextSettingName = keyof typeof TEXT_SETTINGS;

type Choice<V extends string> = { label: string; options: readonly { value: V; label: string }[]; default: V };

/** The settings that are one of a few choices. */
export const CHOICES = {
  cardMode: {
    label: "Make cards",
    options: [
      { value: "random", label: "At random" },
      { value: "rating", label: "By rating spread" },
      { value: "division", label: "By division" },
    ],
    default: "random",
  } satisfies Choice<CardMode>,
  cardStart: {
    label: "Start",
    options: [
      { value: "shotgun", label: "Shotgun (every card on its own hole)" },
      { value: "tee_times", label: "Tee times (one after another from hole 1)" },
    ],
    default: "shotgun",
  } satisfies Choice<"shotgun" | "tee_times">,
  moneyVisibility: {
    label: "Who sees balances and transfers",
    options: [
      { value: "everyone", label: "Everyone" },
      { value: "players", label: "Signed-in players" },
      { value: "admins", label: "Admins only" },
    ],
    default: "everyone",
  } satisfies Choice<"everyone" | "players" | "admins">,
  bagTags: {
    label: "Bag tags",
    options: [
      { value: "off", label: "Off" },
      { value: "every", label: "On: new rounds count for tags" },
      { value: "chosen", label: "On: rounds count when ticked" },
    ],
    default: "off",
  } satisfies Choice<"off" | "every" | "chosen">,
  // Random-draw doubles (ADR 31): what the odd player out, the "cali", plays.
  caliRule: {
    label: "Cali in doubles",
    options: [
      { value: "best_of_two", label: "Throws twice every shot, plays the better" },
      { value: "one_ball", label: "Plays one ball alone" },
    ],
    default: "best_of_two",
  } satisfies Choice<"best_of_two" | "one_ball">,
  // Side pots' CTP distances (ADR 30): stored in centimetres, shown and typed in this unit.
  distanceUnit: {
    label: "CTP distances in",
    options: [
      { value: "ft", label: "Feet" },
      { value: "m", label: "Metres" },
    ],
    default: "ft",
  } satisfies Choice<"ft" | "m">,
} as const;

export type ChoiceName = keyof typeof CHOICES;
type ChoiceValue<N extends ChoiceName> = (typeof CHOICES)[N]["options"][number]["value"];

/** A choice's values in the form's order: the table's enum and the zod enum read them here. */
export const choiceValues = <N extends ChoiceName>(name: N) =>
  CHOICES[name].options.map((o) => o.value) as unknown as readonly [ChoiceValue<N>, ...ChoiceValue<N>[]];
export type MoneyVisibility = ChoiceValue<"moneyVisibility">;
export type CardStart = ChoiceValue<"cardStart">;
export type BagTags = ChoiceValue<"bagTags">;
export type CaliRule = ChoiceValue<"caliRule">;
export type DistanceUnit = ChoiceValue<"distanceUnit">;

/** The divisions a league runs until its admin says otherwise: the nine the demo league plays. */
export const DEFAULT_LEAGUE_DIVISIONS: readonly string[] = ["MPO", "MP40", "FPO", "MA1", "MA2", "MA3", "MA40", "FA1", "MJ18"];

/** Every setting's value: what league_settings holds, or the defaults until the admin saves. */
export type LeagueSettings = Record<SettingName, number> & { [N in ChoiceName]: ChoiceValue<N> } & Record<TextSettingName, string> & {
    /** The league's divisions, in its order: offered first wherever a division is chosen. */
    divisions: string[];
  };

export const DEFAULT_SETTINGS: LeagueSettings = {
  ...(Object.fromEntries(Object.entries(SETTINGS).map(([name, s]) => [name, s.default])) as Record<SettingName, number>),
  cardMode: CHOICES.cardMode.default,
  cardStart: CHOICES.cardStart.default,
  moneyVisibility: CHOICES.moneyVisibility.default,
  bagTags: CHOICES.bagTags.default,
  caliRule: CHOICES.caliRule.default,
  distanceUnit: CHOICES.distanceUnit.default,
  rainOutPolicy: TEXT_SETTINGS.rainOutPolicy.default,
  divisions: [...DEFAULT_LEAGUE_DIVISIONS],
};
