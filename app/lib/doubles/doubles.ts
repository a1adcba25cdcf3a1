// Random-draw doubles (ADR 31), pure so the draw, the payouts, the standings and the tests
// agree: teams drawn from the checked-in field (at random, or balanced: the strongest with
// the weakest), an odd player left over plays "cali" as a team of one; a team plays one
// score, ranks against the other teams, and its payout is split between its partners.
import { type Random, shuffled } from "../cards/cards";

/** The division a doubles round's results are labelled with: the teams play one field. */
export const DOUBLES_DIVISION = "Doubles";

/** How teams are drawn, in the form's order with its words: the zod enum and the form's options read it. */
export const DRAW_MODE_LABELS = {
  random: "At random",
  balanced: "Balanced: the strongest with the weakest",
} as const;
export type DrawMode = keyof typeof DRAW_MODE_LABELS;
export const DRAW_MODES = Object.keys(DRAW_MODE_LABELS) as [DrawMode, ...DrawMode[]];

/** What a league's cali plays (a league setting): two shots each time, best one counts; or one ball alone. */
export type CaliRule = "best_of_two" | "one_ball";
export const CALI_RULES: readonly CaliRule[] = ["best_of_two", "one_ball"];
export const CALI_RULE_WORDS: Record<CaliRule, string> = {
  best_of_two: "throws twice every shot and plays the better",
  one_ball: "plays one ball alone",
};

export type DrawPlayer = { entryId: number; rating: number | null };

/**
 * The teams of a draw, each a list of entry ids (a cali team has one). random: shuffled,
 * then paired in order, the last one left over. balanced: highest rated first (unrated
 * after every rated player, in random order), the first with the last, the second with
 * the second to last, …; an odd field's middle player plays cali.
 */
export function drawTeams(players: readonly DrawPlayer[], mode: DrawMode, random?: Random): number[][] {
  const mixed = shuffled(players, random);
  if (mode === "random") {
    const teams: number[][] = [];
    for (let i = 0; i < mixed.length; i += 2) teams.push(mixed.slice(i, i + 2).map((p) => p.entryId));
    return teams;
  }
  const ranked = [...mixed].sort((a, b) => (b.rating ?? Number.NEGATIVE_INFINITY) - (a.rating ?? Number.NEGATIVE_INFINITY));
  const teams: number[][] = [];
  for (let i = 0, j = ranked.length - 1; i <= j; i++, j--) {
    teams.push(i === j ? [(ranked[i] as DrawPlayer).entryId] : [(ranked[i] as DrawPlayer).entryId, (ranked[j] as DrawPlayer).entryId]);
  }
  // The cali team (an odd field's middle player) last, so team numbers follow strength.
  return [...teams.filter((t) => t.length === 2), ...teams.filter((t) => t.length === 1)];
}

/** An entry of a doubles round as its payouts and places read it; `team` null: not drawn (a team of one). */
export type TeamEntry = { id: number; team: number | null; score: number; dnf?: boolean };

/** Which team an entry plays in: its drawn team, or itself alone when not drawn. */
export const teamKey = (e: { id: number; team?: number | null }) => (e.team == null ? `solo:${e.id}` : `team:${e.team}`);

/** The round's teams, each its members by entry id (lowest first); the first member's score and DNF are the team's. */
export function teamsOf<T extends { id: number; team: number | null }>(entries: readonly T[]): T[][] {
  const byTeam = new Map<string, T[]>();
  for (const e of [...entries].sort((a, b) => a.id - b.id)) byTeam.set(teamKey(e), [...(byTeam.get(teamKey(e)) ?? []), e]);
  return [...byTeam.values()];
}

/**
 * A team's payout split between its partners to the cent: equal parts, the odd cent to
 * the first listed (the lower entry id).
 */
export function splitBetween(cents: number, members: number): number[] {
  const each = Math.floor(cents / members);
  return Array.from({ length: members }, (_, i) => each + (i < cents - each * members ? 1 : 0));
}

/** "Ann Lee & Bob Ray", or a cali's own name with "(cali)". */
export const teamName = (names: readonly string[]) => (names.length === 1 ? `${names[0]} (cali)` : names.join(" & "));

/** A doubles team as its round's results show it: its place among the teams, partners, score and payout (both shares). */
export type TeamResult = {
  key: string;
  place: number | null;
  /** The place as people write it: "1", or "T1" when another team shares it (as tied players are). */
  placeLabel: string | null;
  teams: number | null;
  members: { playerId: number; name: string }[];
  score: number;
  dnf: boolean;
  payoutCents: number;
};

type ResultEntry = TeamEntry & { playerId: number; name: string; result: string | null; payoutCents: number };

/** The round's teams ranked as stored on their partners ("2/5|(Doubles)"): placed first, by place. */
export function teamResults(entries: readonly ResultEntry[]): TeamResult[] {
  const rows = teamsOf(entries).map((members): TeamResult => {
    const first = members[0] as ResultEntry;
    const m = /^(\d+)\/(\d+)/.exec(first.result ?? "");
    return {
      key: members.map((e) => e.id).join("-"),
      place: m ? Number(m[1]) : null,
      placeLabel: null,
      teams: m ? Number(m[2]) : null,
      members: members.map((e) => ({ playerId: e.playerId, name: e.name })),
      score: first.score,
      dnf: Boolean(first.dnf),
      payoutCents: members.reduce((sum, e) => sum + e.payoutCents, 0),
    };
  });
  const shared = (place: number) => rows.filter((r) => r.place === place && !r.dnf).length > 1;
  for (const r of rows) r.placeLabel = r.place === null ? null : `${!r.dnf && shared(r.place) ? "T" : ""}${r.place}`;
  return rows.sort((a, b) => (a.place ?? Number.MAX_SAFE_INTEGER) - (b.place ?? Number.MAX_SAFE_INTEGER) || a.key.localeCompare(b.key));
}
