import { and, eq, inArray, sql } from "drizzle-orm";
import { type Db, checkFailed, dbNow } from "../../db/client";
import { writeGuard } from "../../db/write-guard";
import { entries, players, sidePotMarks, sidePots } from "../../db/schema";
import { AppError, badRequest, conflict, notFound } from "../../errors";
import { fullNameSql } from "../../db/player-name";
import { holeLabel, potHoles } from "~/lib/side-pots";

// Who holds a side pot's hole (ADR 30). A player marks a CTP from their card, for themself
// or a cardmate: the latest mark replaces the hole's earlier ones, each mark one batch, so
// two phones at once leave one holder and the same mark sent twice leaves one row. An
// admin settles a hole (one winner, several for a tie, or none): players' marks then stop.

export type MarkCaller = { userId: number; admin: boolean; playerId: number | null };

export const MARK_MESSAGES = {
  notHole: (hole: number) => `Hole ${hole} is not one of this pot's holes.`,
  notInPot: (name: string, pot: string) => `${name} is not in ${pot}.`,
  settled: (hole: number) => `${holeLabel(hole)} was settled by an admin: ask them to change it.`,
  paid: (pot: string) => `${pot} is paid: ask an admin to change it.`,
  notYourCard: "You can record a CTP for yourself or a player on your card.",
  adminOnly: "Only an admin chooses a custom pot's winners.",
} as const;

async function potOf(db: Db, roundId: number, potId: number, hole: number) {
  const [pot] = await db
    .select()
    .from(sidePots)
    .where(and(eq(sidePots.id, potId), eq(sidePots.roundId, roundId)));
  if (!pot) throw notFound("Side pot not found");
  if (!potHoles(pot.kind, pot.holes).includes(hole)) throw badRequest(MARK_MESSAGES.notHole(hole));
  return pot;
}

async function potPlayers(db: Db, potId: number, entryIds: number[]) {
  if (entryIds.length === 0) return [];
  return db
    .select({
      entryId: entries.id,
      name: fullNameSql(players),
      inPot: sql<number>`exists (select 1 from side_pot_players x where x.pot_id = ${potId} and x.entry_id = ${entries.id})`,
    })
    .from(entries)
    .innerJoin(players, eq(players.id, entries.playerId))
    .where(inArray(entries.id, entryIds));
}

/** A player's (or an admin's) CTP on `hole` for `entryId`, with an optional distance. */
export async function markCtp(
  db: Db,
  roundId: number,
  mark: { potId: number; hole: number; entryId: number; distanceCm: number | null },
  caller: MarkCaller,
): Promise<string> {
  const pot = await potOf(db, roundId, mark.potId, mark.hole);
  if (pot.kind !== "ctp") throw new AppError("forbidden", MARK_MESSAGES.adminOnly);
  const [who] = await potPlayers(db, pot.id, [mark.entryId]);
  if (!who) throw notFound("Entry not found");
  if (!caller.admin && !(await sameCard(db, roundId, mark.entryId, caller.playerId)))
    throw new AppError("forbidden", MARK_MESSAGES.notYourCard);
  if (!who.inPot) throw conflict(MARK_MESSAGES.notInPot(who.name, pot.name));
  const open = sql`not exists (select 1 from side_pot_marks s where s.pot_id = ${pot.id} and s.hole = ${mark.hole} and s.settled = 1)
    and (select settled_at from side_pots where id = ${pot.id}) is null`;
  try {
    // One batch: the hole still open, the earlier holders out, this mark in (again: its distance).
    await db.batch([
      writeGuard(db, "roundChanged", sql`not (${open})`),
      db
        .delete(sidePotMarks)
        .where(and(eq(sidePotMarks.potId, pot.id), eq(sidePotMarks.hole, mark.hole), sql`${sidePotMarks.entryId} <> ${mark.entryId}`)),
      db
        .insert(sidePotMarks)
        .values({
          potId: pot.id,
          hole: mark.hole,
          entryId: mark.entryId,
          distanceCm: mark.distanceCm,
          byUserId: caller.userId,
          at: dbNow,
        })
        .onConflictDoUpdate({
          target: [sidePotMarks.potId, sidePotMarks.hole, sidePotMarks.entryId],
          set: { distanceCm: mark.distanceCm, byUserId: caller.userId, at: dbNow },
        }),
    ]);
  } catch (err) {
    if (!checkFailed(err, "round_changed")) throw err;
    const [now] = await db.select({ settledAt: sidePots.settledAt }).from(sidePots).where(eq(sidePots.id, pot.id));
    throw conflict(now?.settledAt != null ? MARK_MESSAGES.paid(pot.name) : MARK_MESSAGES.settled(mark.hole));
  }
  return `CTP on hole ${mark.hole}: ${who.name}${mark.distanceCm === null ? "" : ` at ${(mark.distanceCm / 100).toFixed(2)} m`}.`;
}

/** An admin settles a hole (a custom pot: hole 0) with these winners (none clears it for players' marks again). */
export async function settleHole(
  db: Db,
  roundId: number,
  s: { potId: number; hole: number; entryIds: number[] },
  userId: number,
): Promise<string> {
  const pot = await potOf(db, roundId, s.potId, s.hole);
  const ids = [...new Set(s.entryIds)];
  const found = await potPlayers(db, pot.id, ids);
  if (found.length !== ids.length) throw notFound("Entry not found");
  const out = found.find((f) => !f.inPot);
  if (out) throw conflict(MARK_MESSAGES.notInPot(out.name, pot.name));
  await db.batch([
    db.delete(sidePotMarks).where(and(eq(sidePotMarks.potId, pot.id), eq(sidePotMarks.hole, s.hole))),
    ...ids.map((entryId) =>
      db.insert(sidePotMarks).values({ potId: pot.id, hole: s.hole, entryId, settled: true, byUserId: userId, at: dbNow }),
    ),
  ]);
  const names = found.map((f) => f.name).join(" and ");
  return ids.length
    ? `${pot.name}, ${holeLabel(s.hole).toLowerCase()}: ${names}.`
    : `${pot.name}, ${holeLabel(s.hole).toLowerCase()}: open for players' marks again.`;
}

/** Whether the caller's player is `entryId`'s player or on the same card of the round. */
async function sameCard(db: Db, roundId: number, entryId: number, playerId: number | null): Promise<boolean> {
  if (playerId === null) return false;
  const [row] = await db.all<{ ok: number }>(sql`
    select exists (select 1 from entries e where e.id = ${entryId} and e.player_id = ${playerId})
      or exists (select 1 from card_players a join card_players b on b.card_id = a.card_id
        join entries me on me.id = b.entry_id
        where a.entry_id = ${entryId} and me.player_id = ${playerId} and me.round_id = ${roundId}) as ok`);
  return Boolean(row?.ok);
}
