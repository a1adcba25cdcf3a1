import type { ChoiceName, SettingName } from "~/lib/settings/league-settings";

// The settings form's own words per field (./settings-form.tsx); labels, bounds and defaults
// are the settings' (app/lib/settings/league-settings.ts).

export const STANDINGS: [SettingName, string][] = [
  ["pointsFirst", "What the winner of a division gets in a round."],
  ["pointsStep", "How many fewer points each place below 1st gets."],
  ["pointsFloor", "The fewest points a place gets; at most the points for 1st."],
  ["pointsParticipation", "Added for every round a player has a score in."],
  ["standingsBestN", "A player's total is the sum of this many best rounds of the season."],
];

export const NIGHT: [SettingName, string][] = [
  ["checkInOpensMinutes", "Players can check themselves in from this long before a round starts."],
  ["cardSize", "Scorecards are made as near this size as the field allows (never fewer than 3 unless the field is smaller, at most 5)."],
  ["teeIntervalMinutes", "With tee times, each scorecard starts this long after the one before."],
];

export const NIGHT_CHOICES: [ChoiceName, string][] = [
  ["cardMode", "How Make cards groups the checked-in players; the admin can choose another each time."],
  ["cardStart", "Shotgun uses each layout's holes; tee times start at the round's start time."],
  ["caliRule", "In a doubles round, the odd player out plays as a team of one, the cali; the team's score is what the scorecard records."],
];

export const TAGS: [SettingName, string][] = [
  ["tagCount", "Tags 1 to this number make the pool an admin assigns from."],
  ["tagExpiryWeeks", "A holder who plays no round for this long gives the tag back at the next tags round; 0 keeps tags however long."],
];

export const HANDICAPS: [SettingName, string][] = [
  ["handicapRounds", "How many of a player's latest rounds the handicap is taken from."],
  ["handicapPercent", "The share of the difference from par given as strokes."],
  ["handicapPar", "The score a handicap is measured from."],
];

/** Rain-outs (ADR 50): the holes an early end needs; the policy's own hint is RAIN_OUT_POLICY. */
export const RAIN_OUTS: [SettingName, string][] = [
  [
    "endEarlyHoles",
    "A round can be ended early (rained out part-way) once every card has finished this many holes; each result is then the score to par over those holes.",
  ],
];

export const RAIN_OUT_POLICY =
  'What happens to a round when the weather stops it, in your own words (up to 1,000 characters): shown in the sign-up dialog under "Rain-out policy". Leave it empty to show nothing.';
