import type { LiveCard, LiveFlag, LivePlayer, LiveState } from "./live-state";
import type { Change } from "../../schemas/live";

// What the phones' scoring page (ADR 26, "The phone") computes from the state and the
// changes still waiting on the phone: pure, so the page and its tests share it.

/** Who scores on this phone: an admin (any card) or a player of the card. */
export type Scorer = { role: "admin" | "player"; playerId: number | null };

/** What a change needs besides its kind: its own id, the phone's time, and the admin's reason where one is needed. */
export type Make = (fields: Record<string, unknown> & { kind: Change["kind"]; entryId: number }) => Change;

/** The card's holes in the order it plays them: from its start hole (1 with tee times), wrapping round. */
export function holeOrder(holeCount: number, startHole: number | null): number[] {
  const first = startHole !== null && startHole >= 1 && startHole <= holeCount ? startHole : 1;
  return Array.from({ length: holeCount }, (_, i) => ((first - 1 + i) % holeCount) + 1);
}

/**
 * "3 scores saved on this phone, not yet sent"; null only when nothing waits at all. A tap
 * still being written to the phone (`waiting` above `stored`) is not yet saved nor sent.
 */
export function waitingLabel(stored: number, waiting = stored): string | null {
  if (stored === 0) return waiting === 0 ? null : "Saving on this phone…";
  return `${stored} ${stored === 1 ? "score" : "scores"} saved on this phone, not yet sent`;
}

/**
 * The state as this phone shows it: the server's, with the changes still waiting on the
 * phone laid over it in their order (a tap shows at once, even offline). Signatures wait
 * for the server: a waiting sign-off changes nothing shown.
 */
export function withWaiting(state: LiveState, waiting: readonly Change[]): LiveState {
  if (waiting.length === 0) return state;
  const players = state.players.map((p) => {
    const mine = waiting.filter((c) => c.entryId === p.entryId);
    if (mine.length === 0) return p;
    const next = { ...p, strokes: [...p.strokes], penalties: [...p.penalties] };
    for (const c of mine) {
      if (c.kind === "strokes") next.strokes[c.hole - 1] = c.strokes;
      else if (c.kind === "penalty") next.penalties[c.hole - 1] = c.penalty;
      else if (c.kind === "dnf") next.dnf = c.dnf;
    }
    return next;
  });
  // A settle waiting to be sent answers its hole's question already on this phone.
  const settled = new Set(waiting.flatMap((c) => (c.kind !== "signoff" && c.settle ? [controlKey(c)] : [])));
  const flags = settled.size
    ? state.flags.filter((f) => !settled.has(controlKey({ kind: f.field, entryId: f.entryId, hole: f.hole })))
    : state.flags;
  return { ...state, players, flags };
}

/** The values a flagged cell is disputed between, in the order given: [3, 4]. */
export const disputedValues = (f: LiveFlag): number[] => [...new Set((f.values ?? []).map((v) => v.value))];

/** A flag as the question it asks: "3 or 4?", "DNF or finished?". */
export function flagQuestion(f: LiveFlag): string {
  const values = disputedValues(f).map((v) => (f.field === "dnf" ? (v ? "DNF" : "finished") : String(v)));
  return `${values.length ? values.join(" or ") : "?"}?`;
}

/** The holes of `entryIds` in question (strokes or penalty), in order: their totals leave them out until settled. */
export const holesInQuestion = (flags: readonly LiveFlag[], entryIds: readonly number[]): number[] =>
  [...new Set(flags.filter((f) => f.field !== "dnf" && entryIds.includes(f.entryId)).map((f) => f.hole))].sort((a, b) => a - b);

/** The card's players in card order. */
export const cardPlayers = (state: LiveState, card: LiveCard) =>
  card.entryIds.flatMap((id) => state.players.filter((p) => p.entryId === id));

/** The next hole of the card's order that a player still has to enter, or the last one. */
export function nextOpenHole(state: LiveState, card: LiveCard, order: readonly number[]): number {
  const players = cardPlayers(state, card).filter((p) => !p.dnf);
  return order.find((hole) => players.some((p) => p.strokes[hole - 1] === null)) ?? order[order.length - 1] ?? 1;
}

/**
 * The control a change comes from, as a key: a player's strokes or penalty on a hole, their
 * DNF, their sign-off. The server's refusal of a change is shown beside its control.
 */
export const controlKey = (c: { kind: Change["kind"]; entryId: number; hole?: number }): string =>
  `${c.kind}:${c.entryId}:${c.kind === "strokes" || c.kind === "penalty" ? c.hole : 0}`;

/** A change's id: random, so a resend of the same change is known as the same (the protocol's 8–64 characters). */
export function changeId(): string {
  return crypto.randomUUID();
}

/** What a card scores as one (ADR 31): a player, or a doubles team whose partners share every score. */
export type ScoreUnit = { key: number; name: string; lead: LivePlayer; members: LivePlayer[] };

/**
 * The card's players as it scores them: each alone, or, in a doubles round (`teams`: entry
 * id → team number), each team once, under its partners' names, its first partner leading.
 */
export function scoreUnits(players: readonly LivePlayer[], teams: Readonly<Record<number, number>> = {}): ScoreUnit[] {
  const units: ScoreUnit[] = [];
  const byTeam = new Map<number, ScoreUnit>();
  for (const p of players) {
    const team = teams[p.entryId];
    const unit = team === undefined ? undefined : byTeam.get(team);
    if (unit) {
      unit.members.push(p);
      unit.name = unit.members.map((m) => m.name).join(" & ");
      continue;
    }
    const made = { key: p.entryId, name: p.name, lead: p, members: [p] };
    units.push(made);
    if (team !== undefined) byTeam.set(team, made);
  }
  return units;
}
