import { groupByDivision } from "../players/divisions";
import { type LiveCard, type LivePlayer, type LiveState, holesPlayed, playerComplete, playerToPar, playerTotal } from "./live-state";
import { DOUBLES_DIVISION, teamName } from "../doubles/doubles";

// The live leaderboard by division and the admin's watch list, both computed from a
// LiveState (./live-state.ts) alone: the server's JSON and the pages compute the same.

export type LeaderRow = {
  entryId: number;
  playerId: number;
  name: string;
  cardNumber: number;
  /** "1", "T2", or "DNF"; null before the player's first hole. */
  place: string | null;
  /** Holes with an agreed score: "thru 7". */
  thru: number;
  /** Every hole in. */
  finished: boolean;
  strokes: number;
  toPar: number;
  dnf: boolean;
  /** A hole of theirs is flagged (the card disagrees): their total leaves it out until settled. */
  flagged: boolean;
};

export type LeaderDivision = { division: string; rows: LeaderRow[] };

/** "E", "+3", "−2": a total against par as a leaderboard writes it. */
export const toParLabel = (toPar: number): string => (toPar === 0 ? "E" : toPar > 0 ? `+${toPar}` : `\u2212${-toPar}`);

/**
 * A doubles round's players as the board ranks them (ADR 31): each team once, as its first
 * partner (whose score is the team's) under the partners' names, in one field; a player not
 * drawn plays alone.
 */
function teamRows(players: readonly LivePlayer[], teams: Readonly<Record<number, number>>): LivePlayer[] {
  const byTeam = new Map<number, LivePlayer[]>();
  for (const p of [...players].sort((a, b) => a.entryId - b.entryId)) {
    const team = teams[p.entryId];
    if (team !== undefined) byTeam.set(team, [...(byTeam.get(team) ?? []), p]);
  }
  return [...players]
    .sort((a, b) => a.entryId - b.entryId)
    .flatMap((p) => {
      const team = teams[p.entryId];
      const members = team === undefined ? [p] : (byTeam.get(team) ?? [p]);
      if (members[0] !== p) return [];
      const name = team === undefined ? p.name : teamName(members.map((m) => m.name));
      return [{ ...p, name, division: DOUBLES_DIVISION }];
    });
}

/**
 * Each division's players, best total against par first; DNFs and players yet to start last.
 * `teams` (entry id → team number): a doubles round's teams, ranked as one field.
 */
export function leaderboard(state: LiveState, teams: Readonly<Record<number, number>> = {}): LeaderDivision[] {
  const cardNumber = new Map(state.cards.map((c) => [c.id, c.number]));
  const flagged = new Set(state.flags.map((f) => f.entryId));
  const doubles = Object.keys(teams).length > 0;
  const field = doubles ? teamRows(state.players, teams) : state.players;
  const flaggedTeam = (p: LivePlayer) =>
    flagged.has(p.entryId) || (doubles && state.flags.some((f) => teams[f.entryId] === teams[p.entryId] && teams[p.entryId] !== undefined));
  return groupByDivision(field).map(([division, players]) => {
    const rows = players.map(
      (p): LeaderRow => ({
        entryId: p.entryId,
        playerId: p.playerId,
        name: p.name,
        cardNumber: cardNumber.get(p.cardId) ?? 0,
        place: null,
        thru: holesPlayed(p),
        finished: holesPlayed(p) === state.holes.length,
        strokes: playerTotal(p),
        toPar: playerToPar(p, state.holes),
        dnf: p.dnf,
        flagged: flaggedTeam(p),
      }),
    );
    const ranked = (r: LeaderRow) => !r.dnf && r.thru > 0;
    rows.sort((a, b) => Number(ranked(b)) - Number(ranked(a)) || Number(a.dnf) - Number(b.dnf) || a.toPar - b.toPar || b.thru - a.thru);
    const scores = rows.filter(ranked).map((r) => r.toPar);
    for (const r of rows) {
      if (r.dnf) r.place = "DNF";
      else if (ranked(r)) {
        const place = 1 + scores.filter((s) => s < r.toPar).length;
        r.place = `${scores.filter((s) => s === r.toPar).length > 1 ? "T" : ""}${place}`;
      }
    }
    return { division, rows };
  });
}

/** How long a card may take per hole before it counts as behind: 12 minutes. */
export const PACE_SECONDS_PER_HOLE = 12 * 60;
/** A card is behind when it is this many holes short of its pace. */
const BEHIND_BY = 2;
/** A hole more than this many strokes over par is worth a look. */
export const UNUSUAL_OVER_PAR = 4;

export type AdminFlags = {
  /** Published cards with no score yet; `late` once their start (tee time or the round's) is 15 minutes past. */
  notStarted: { cardNumber: number; late: boolean }[];
  /** Started cards at least two holes short of one hole per PACE_SECONDS_PER_HOLE since their first score. */
  behindPace: { cardNumber: number; played: number; expected: number }[];
  flagged: { cardNumber: number; entryId: number; name: string; hole: number; field: string }[];
  unusual: { cardNumber: number; entryId: number; name: string; hole: number; strokes: number; par: number }[];
  /** Started cards not yet locked, with who has still to sign. */
  unsigned: { cardNumber: number; complete: boolean; waitingFor: string[] }[];
};

const LATE_SECONDS = 15 * 60;

/** The admin's watch list at `now`. */
export function adminFlags(state: LiveState, now: number): AdminFlags {
  const byEntry = new Map(state.players.map((p) => [p.entryId, p]));
  const cardOf = new Map(state.cards.map((c) => [c.id, c]));
  const numberOf = (entryId: number) => cardOf.get(byEntry.get(entryId)?.cardId ?? 0)?.number ?? 0;
  const playersOf = (c: LiveCard) => c.entryIds.flatMap((id) => byEntry.get(id) ?? []);
  const out: AdminFlags = { notStarted: [], behindPace: [], flagged: [], unusual: [], unsigned: [] };
  for (const card of state.cards) {
    if (card.startedAt === null) {
      out.notStarted.push({ cardNumber: card.number, late: now - (card.teeTime ?? state.startsAt) > LATE_SECONDS });
      continue;
    }
    const players = playersOf(card);
    const played = Math.max(0, ...players.map(holesPlayed));
    const expected = Math.min(state.holes.length, Math.floor((now - card.startedAt) / PACE_SECONDS_PER_HOLE));
    if (played < state.holes.length && expected - played >= BEHIND_BY) out.behindPace.push({ cardNumber: card.number, played, expected });
    if (card.lockedAt === null) {
      out.unsigned.push({
        cardNumber: card.number,
        complete: players.every((p) => playerComplete(p, state.flags)),
        waitingFor: players.filter((p) => p.signature === null).map((p) => p.name),
      });
    }
  }
  for (const f of state.flags) {
    out.flagged.push({
      cardNumber: numberOf(f.entryId),
      entryId: f.entryId,
      name: byEntry.get(f.entryId)?.name ?? "",
      hole: f.hole,
      field: f.field,
    });
  }
  for (const p of state.players) {
    p.strokes.forEach((strokes, i) => {
      const par = state.holes[i]?.par ?? 0;
      if (strokes !== null && strokes > par + UNUSUAL_OVER_PAR) {
        out.unusual.push({ cardNumber: numberOf(p.entryId), entryId: p.entryId, name: p.name, hole: i + 1, strokes, par });
      }
    });
  }
  return out;
}
