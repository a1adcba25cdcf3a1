import { and, eq, inArray, sql } from "drizzle-orm";
import { type Db, checkFailed, dbNow, inLeague } from "../../db/client";
import { writeGuard } from "../../db/write-guard";
import { entries, players, sidePotMarks, sidePots } from "../../db/schema";
import { AppError, badRequest, conflict, notFound } from "../../errors";
import { fullNameSql } from "../../db/player-name";
import { holeLabel, potHoles } from "~/lib/sidepots/side-pots";
import { CTP_MESSAGES, heldMessage, liveMarkRefusal } from "~/lib/sidepots/ctp-rules";
import type { LiveState } from "~/lib/live/live-state";
import { type DistanceUnit, distanceLabel } from "~/lib/sidepots/distances";
import { distanceUnitOf } from "../settings/league-settings";

// Who holds a side pot's hole (ADR 30, amended). A player marks a CTP from their card, for
// themself or a cardmate, while the round is live and once the card has played the hole
// (~/lib/sidepots/ctp-rules.ts): a mark replaces the holder only when it beats it (a shorter distance;
// a measured mark over an unmeasured one), each mark one batch, so two phones at once leave
// one holder and the same mark sent twice leaves one row. An admin settles a hole (one
// winner, several for a tie, or none): players' marks then stop.

export type MarkCaller = { userId: number; admin: boolean; playerId: number | null };

export const MARK_MESSAGES = {
  notHole: (hole: number) => `Hole ${hole} is not one of this pot's holes.`,
  notInPot: (name: string, pot: string) => `${name} is not in ${pot}.`,
  settled: (hole: number) => `${holeLabel(hole)} was settled by an admin: ask them to change it.`,
  paid: (pot: string) => `${pot} is paid: ask an admin to change it.`,
  notYourCard: CTP_MESSAGES.notYourCard,
  adminOnly: "Only an admin chooses a custom pot's winners.",
} as const;

async function potOf(db: Db, roundId: number, potId: number, hole: number) {
  const [pot] = await db
    .select()
    .from(sidePots)
    .where(and(inLeague(db, sidePots), eq(sidePots.id, potId), eq(sidePots.roundId, roundId)));
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
    .where(and(inLeague(db, entries), inArray(entries.id, entryIds)));
}

/**
 * A player's (or an admin's) CTP on `hole` for `entryId`, with an optional distance, as the
 * live round `live` stands (ADR 30, amended): only while it is scored live, from the marked
 * player's card once it has a score on the hole, and only when it beats the hole's holder.
 */
export async function markCtp(
  db: Db,
  roundId: number,
  mark: { potId: number; hole: number; entryId: number; distanceCm: number | null },
  caller: MarkCaller,
  live: LiveState,
): Promise<string> {
  const pot = await potOf(db, roundId, mark.potId, mark.hole);
  if (pot.kind !== "ctp") throw new AppError("forbidden", MARK_MESSAGES.adminOnly);
  const [who] = await potPlayers(db, pot.id, [mark.entryId]);
  if (!who) throw notFound("Entry not found");
  const refused = liveMarkRefusal(live, { entryId: mark.entryId, hole: mark.hole, name: who.name }, caller);
  if (refused) throw new AppError(refused.code, refused.message);
  if (!who.inPot) throw conflict(MARK_MESSAGES.notInPot(who.name, pot.name));
  const d = mark.distanceCm;
  const hole = and(eq(sidePotMarks.potId, pot.id), eq(sidePotMarks.hole, mark.hole));
  const open = sql`not exists (select 1 from side_pot_marks s where s.pot_id = ${pot.id} and s.hole = ${mark.hole} and s.settled = 1)
    and (select settled_at from side_pots where id = ${pot.id}) is null`;
  // Another player's mark this one does not beat: a measured one no shorter, or (unmeasured) any.
  const standing = sql`exists (select 1 from side_pot_marks s where s.pot_id = ${pot.id} and s.hole = ${mark.hole}
    and s.entry_id <> ${mark.entryId} and not (${d} is not null and (s.distance_cm is null or ${d} < s.distance_cm)))`;
  let stored: number | null = d;
  try {
    // One batch: the hole open and this mark beating its holder, the holder out, this mark in
    // (the same player's again keeps its shorter distance).
    const [, , , rows] = await db.batch([
      writeGuard(db, "roundChanged", sql`not (${open})`),
      writeGuard(db, "roundChanged", standing),
      db.delete(sidePotMarks).where(and(inLeague(db, sidePotMarks), hole, sql`${sidePotMarks.entryId} <> ${mark.entryId}`)),
      db
        .insert(sidePotMarks)
        .values({
          leagueId: db.leagueId,
          potId: pot.id,
          hole: mark.hole,
          entryId: mark.entryId,
          distanceCm: d,
          byUserId: caller.userId,
          at: dbNow,
        })
        .onConflictDoUpdate({
          target: [sidePotMarks.potId, sidePotMarks.hole, sidePotMarks.entryId],
          set: {
            distanceCm: sql`case when excluded.distance_cm is null then ${sidePotMarks.distanceCm}
              when ${sidePotMarks.distanceCm} is null then excluded.distance_cm
              else min(${sidePotMarks.distanceCm}, excluded.distance_cm) end`,
            byUserId: caller.userId,
            at: dbNow,
          },
        })
        .returning({ distanceCm: sidePotMarks.distanceCm }),
    ]);
    stored = rows[0]?.distanceCm ?? d;
  } catch (err) {
    if (!checkFailed(err, "round_changed")) throw err;
    throw conflict(await whyRefused(db, pot, mark, await distanceUnitOf(db)));
  }
  return `CTP on hole ${mark.hole}: ${who.name}${stored === null ? "" : ` at ${distanceLabel(stored, await distanceUnitOf(db))}`}.`;
}

/** Why the batch refused a mark: the pot paid, the hole settled, or a holder this mark does not beat. */
async function whyRefused(
  db: Db,
  pot: { id: number; name: string },
  mark: { hole: number; entryId: number },
  unit: DistanceUnit,
): Promise<string> {
  const [[now], held] = await db.batch([
    db
      .select({ settledAt: sidePots.settledAt })
      .from(sidePots)
      .where(and(inLeague(db, sidePots), eq(sidePots.id, pot.id))),
    db
      .select({
        settled: sidePotMarks.settled,
        name: fullNameSql(players),
        distanceCm: sidePotMarks.distanceCm,
        entryId: sidePotMarks.entryId,
      })
      .from(sidePotMarks)
      .innerJoin(entries, eq(entries.id, sidePotMarks.entryId))
      .innerJoin(players, eq(players.id, entries.playerId))
      .where(and(inLeague(db, sidePotMarks), eq(sidePotMarks.potId, pot.id), eq(sidePotMarks.hole, mark.hole))),
  ]);
  if (now?.settledAt != null) return MARK_MESSAGES.paid(pot.name);
  if (held.some((m) => m.settled)) return MARK_MESSAGES.settled(mark.hole);
  const holder = held.find((m) => m.entryId !== mark.entryId);
  return holder ? heldMessage(mark.hole, holder, unit) : "The hole changed while marking it. Please try again.";
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
    db.delete(sidePotMarks).where(and(inLeague(db, sidePotMarks), eq(sidePotMarks.potId, pot.id), eq(sidePotMarks.hole, s.hole))),
    ...ids.map((entryId) =>
      db
        .insert(sidePotMarks)
        .values({ leagueId: db.leagueId, potId: pot.id, hole: s.hole, entryId, settled: true, byUserId: userId, at: dbNow }),
    ),
  ]);
  const names = found.map((f) => f.name).join(" and ");
  return ids.length
    ? `${pot.name}, ${holeLabel(s.hole).toLowerCase()}: ${names}.`
    : `${pot.name}, ${holeLabel(s.hole).toLowerCase()}: open for players' marks again.`;
}
