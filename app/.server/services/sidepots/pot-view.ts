import { and, eq, sql } from "drizzle-orm";
import { type Db, inLeague } from "../../db/client";
import { entries, leagueSettings, players } from "../../db/schema";
import { fullNameSql } from "../../db/player-name";
import type { PotView } from "~/lib/sidepots/side-pots";
import { DEFAULT_SETTINGS } from "~/lib/settings/league-settings";
import { potStateOf, potStateQueries } from "./pot-state";

// A round's side pots as its pages show them (ADR 30, the shape: PotView in
// app/lib/sidepots/side-pots.ts): who is in, who holds each hole (and how close), the prize so far or
// as paid, and who won what.

export async function roundPots(db: Db, roundId: number): Promise<PotView[]> {
  const [names, units, ...rows] = await db.batch([
    db
      .select({ entryId: entries.id, playerId: entries.playerId, name: fullNameSql(players) })
      .from(entries)
      .innerJoin(players, eq(players.id, entries.playerId))
      .where(and(inLeague(db, entries), eq(entries.roundId, roundId))),
    // The league's distance unit travels with the pots: every view of them (and the live round's sockets) reads it there.
    db.select({ unit: leagueSettings.distanceUnit }).from(leagueSettings).where(inLeague(db, leagueSettings)),
    ...potStateQueries(db, roundId),
  ]);
  const distanceUnit = units[0]?.unit ?? DEFAULT_SETTINGS.distanceUnit;
  const pots = potStateOf(rows);
  const who = new Map(names.map((n) => [n.entryId, n]));
  const nameOf = (entryId: number) => who.get(entryId)?.name ?? "A withdrawn player";
  return pots.map((p) => ({
    id: p.id,
    name: p.name,
    kind: p.kind,
    buyInCents: p.buyInCents,
    holes: p.holes,
    paid: p.settledAt !== null,
    prizeCents: p.settledAt !== null ? p.prizeCents : p.rolloverInCents + p.buyInCents * p.entryIds.length,
    carriedInCents: p.settledAt !== null ? p.carriedInCents : p.rolloverInCents,
    players: p.entryIds
      .map((entryId) => ({ entryId, playerId: who.get(entryId)?.playerId ?? 0, name: nameOf(entryId) }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    holders: p.holes.map((hole) => ({
      hole,
      // Only players in the pot hold its holes (one taken out since holds nothing).
      holders: p.marks
        .filter((m) => m.hole === hole && p.entryIds.includes(m.entryId))
        .map((m) => ({ entryId: m.entryId, name: nameOf(m.entryId), settled: m.settled, distanceCm: m.distanceCm })),
    })),
    wins: p.wins.map((w) => ({ ...w, playerId: who.get(w.entryId)?.playerId ?? 0, name: nameOf(w.entryId) })),
    distanceUnit,
  }));
}

export type PlayerPotWin = { roundId: number; roundName: string; startsAt: number; pot: string; hole: number; amountCents: number };

/** What a player won in side pots, newest first (their page). */
export async function playerPotWins(db: Db, playerId: number): Promise<PlayerPotWin[]> {
  const rows = await db.all<{ round_id: number; round_name: string; starts_at: number; pot: string; hole: number; amount: number }>(sql`
    select r.id as round_id, r.n as round_name, r.d as starts_at, sp.name as pot, w.hole, w.amount_cents as amount
    from side_pot_wins w join entries e on e.id = w.entry_id join side_pots sp on sp.id = w.pot_id join rounds r on r.id = sp.round_id
    where w.league_id = ${db.leagueId} and e.player_id = ${playerId}
    order by r.d desc, sp.id, w.hole
    limit 100`);
  return rows.map((r) => ({
    roundId: Number(r.round_id),
    roundName: r.round_name,
    startsAt: Number(r.starts_at),
    pot: r.pot,
    hole: Number(r.hole),
    amountCents: Number(r.amount),
  }));
}
