import { writeD1 } from "./d1";
import { type LiveDeps, LiveRefusal, ensureRoster } from "./roster";
import { type PlayerRow, cardsOf, holesOf, playersOf, roundRow, setFinalized } from "./roster-store";
import type { Caller } from "./change-context";
import { type CellValue, cellsOf } from "./score-store";
import { appErrorOf } from "~/.server/errors";
import { type LiveTotal, writeEndedEarly } from "~/.server/services/live/live-results";

// Ending a round early (ADR 50): rain stops play, and each player's result is their score
// to par over the holes their card completed. A hole is completed on a card when every unit
// on it that has not stopped (a player, or a doubles team by its first partner, ADR 31) has
// an agreed score on it; a DNF blocks nothing. The holes each card completed are kept here
// as the round ends, so an admin's later edit with a reason (ADR 26) rescores over the same
// holes. Ending stops the round as finalising does: it takes no more changes but an admin's
// edit with a reason.

/** A card and how many holes it completed. */
export type CardHoles = { cardId: number; number: number; holes: number };

/** The refusal's facts (the rainouts service words it), or what the end wrote. */
export type EndEarlyAnswer =
  | { ended: false; short: CardHoles[]; needed: number }
  | { ended: true; endedAt: number; cards: CardHoles[]; players: number; changed: number };

/** What ending early is given by the Worker: the holes every card needs, and the doubles teams (entry id → team). */
export type EndEarlyAsk = { minHoles: number; teams: Record<number, number> };

/** When the round ended early here, or null. */
export function endedEarlyAt(sql: SqlStorage): number | null {
  return sql.exec<{ at: number }>("select at from early").toArray()[0]?.at ?? null;
}

/** Each entry's lead: the lowest entry id of its team on its card, or itself. */
function leadsOf(players: PlayerRow[], teams: Record<number, number>): Map<number, number> {
  const leads = new Map<number, number>();
  const byTeam = new Map<string, number>();
  for (const p of [...players].sort((a, b) => a.entryId - b.entryId)) {
    const team = teams[p.entryId];
    if (team === undefined) {
      leads.set(p.entryId, p.entryId);
      continue;
    }
    const key = `${p.cardId}:${team}`;
    const lead = byTeam.get(key) ?? p.entryId;
    byTeam.set(key, lead);
    leads.set(p.entryId, lead);
  }
  return leads;
}

const agreed = (cells: CellValue[], entryId: number, field: "strokes" | "penalty" | "dnf", hole: number) =>
  cells.find((c) => c.entryId === entryId && c.field === field && c.hole === hole);

const isDnf = (cells: CellValue[], entryId: number) => agreed(cells, entryId, "dnf", 0)?.value === 1;

/** The holes a card completed: every lead on it not DNF has an agreed score there, and no penalty of theirs in question. */
export function completedHoles(holes: number[], leads: number[], cells: CellValue[]): number[] {
  const playing = leads.filter((lead) => !isDnf(cells, lead));
  return holes.filter((hole) =>
    playing.every((lead) => {
      const strokes = agreed(cells, lead, "strokes", hole);
      return strokes !== undefined && strokes.value !== null && !agreed(cells, lead, "penalty", hole)?.flagged;
    }),
  );
}

/** Each player's result as the round ended: the layout's par plus their lead's score to par over their card's completed holes. */
export function earlyTotals(sql: SqlStorage): LiveTotal[] {
  const par = new Map(holesOf(sql).map((h) => [h.hole, h.par]));
  const fullPar = [...par.values()].reduce((s, p) => s + p, 0);
  const done = new Map<number, number[]>();
  for (const r of sql.exec<{ cardId: number; hole: number }>("select card_id as cardId, hole from early_holes").toArray())
    done.set(r.cardId, [...(done.get(r.cardId) ?? []), r.hole]);
  const leads = new Map(
    sql
      .exec<{ entryId: number; leadId: number }>("select entry_id as entryId, lead_id as leadId from early_leads")
      .toArray()
      .map((r) => [r.entryId, r.leadId]),
  );
  const cells = cellsOf(sql, null);
  return playersOf(sql).flatMap((p): LiveTotal[] => {
    const lead = leads.get(p.entryId);
    if (lead === undefined) return [];
    if (isDnf(cells, lead)) return [{ entryId: p.entryId, score: 0, dnf: true }];
    let toPar = 0;
    for (const hole of done.get(p.cardId) ?? []) {
      const strokes = agreed(cells, lead, "strokes", hole)?.value ?? 0;
      const penalty = agreed(cells, lead, "penalty", hole)?.value ?? 0;
      toPar += strokes + penalty - (par.get(hole) ?? 0);
    }
    return [{ entryId: p.entryId, score: fullPar + toPar, dnf: false }];
  });
}

/** The holes each card completed as the round ended (empty before it ended). */
export function earlyCardHoles(sql: SqlStorage): CardHoles[] {
  const counts = new Map(
    sql
      .exec<{ cardId: number; holes: number }>("select card_id as cardId, count(*) as holes from early_holes group by card_id")
      .toArray()
      .map((r) => [r.cardId, r.holes]),
  );
  if (endedEarlyAt(sql) === null) return [];
  const withPlayers = new Set(playersOf(sql).map((p) => p.cardId));
  return cardsOf(sql)
    .filter((c) => withPlayers.has(c.id))
    .map((c) => ({ cardId: c.id, number: c.number, holes: counts.get(c.id) ?? 0 }));
}

/**
 * Ends the round early if every published card with players completed `minHoles`: the
 * results into D1 with the round's `ended_early_at` and its audit row (one batch), then the
 * round stops here. Otherwise answers the short cards and writes nothing.
 */
export async function endRoundEarly(d: LiveDeps, caller: Caller, roundId: number, ask: EndEarlyAsk): Promise<EndEarlyAnswer> {
  await ensureRoster(d, roundId, { refresh: true });
  const { sql } = d;
  const round = roundRow(sql);
  if (!round) throw new LiveRefusal("not_found", "Round not found");
  if (endedEarlyAt(sql) !== null) throw new LiveRefusal("conflict", "This round has already ended early.");
  if (round.finalizedAt !== null) throw new LiveRefusal("conflict", "This round is finalised: its results stand.");
  const players = playersOf(sql);
  const cards = cardsOf(sql).filter((c) => players.some((p) => p.cardId === c.id));
  if (round.publishedAt === null || cards.length === 0)
    throw new LiveRefusal("conflict", "This round has no published cards with players: there is nothing to end.");
  const holes = holesOf(sql).map((h) => h.hole);
  const cells = cellsOf(sql, null);
  const leads = leadsOf(players, ask.teams);
  const completed = new Map(
    cards.map((card) => {
      const onCard = [...new Set(players.filter((p) => p.cardId === card.id).map((p) => leads.get(p.entryId) ?? p.entryId))];
      return [card.id, card.startedAt === null ? [] : completedHoles(holes, onCard, cells)];
    }),
  );
  const counted = cards.map((c) => ({ cardId: c.id, number: c.number, holes: completed.get(c.id)?.length ?? 0 }));
  const short = counted.filter((c) => c.holes < ask.minHoles);
  if (short.length > 0) return { ended: false, short, needed: ask.minHoles };
  const endedAt = d.now();
  d.storage.transactionSync(() => {
    sql.exec("delete from early_holes");
    sql.exec("delete from early_leads");
    for (const [cardId, list] of completed)
      for (const hole of list) sql.exec("insert into early_holes (card_id, hole) values (?, ?)", cardId, hole);
    for (const [entryId, lead] of leads) sql.exec("insert into early_leads (entry_id, lead_id) values (?, ?)", entryId, lead);
  });
  const totals = earlyTotals(sql);
  try {
    const { changed } = await writeD1(d, { userId: caller.userId, role: caller.role }, (db) =>
      writeEndedEarly(db, roundId, totals, {
        endedAt,
        actor: { userId: caller.userId, name: caller.name },
        cards: counted.map((c) => ({ number: c.number, holes: c.holes })),
        minHoles: ask.minHoles,
      }),
    );
    d.storage.transactionSync(() => {
      sql.exec("insert into early (id, at) values (1, ?)", endedAt);
      setFinalized(sql, endedAt);
    });
    return { ended: true, endedAt, cards: counted, players: totals.length, changed };
  } catch (err) {
    // Nothing was written to D1: the round goes on here as it was.
    d.storage.transactionSync(() => {
      sql.exec("delete from early_holes");
      sql.exec("delete from early_leads");
    });
    // The write's refusal (the round cancelled or ended meanwhile) is the caller's answer.
    const refusal = appErrorOf(err);
    if (refusal && (refusal.code === "conflict" || refusal.code === "not_found")) throw new LiveRefusal(refusal.code, refusal.message);
    throw err;
  }
}
