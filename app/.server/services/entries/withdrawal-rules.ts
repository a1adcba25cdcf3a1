import { type SQL, sql } from "drizzle-orm";
import { type Db, checkFailed } from "../../db/client";
import { actorColumns } from "../audit/actor-columns";
import { auditLog, cardPlayers, cards, entries, rounds } from "../../db/schema";
import { writeGuard } from "../../db/write-guard";
import { badRequest, conflict } from "../../errors";

// Who may withdraw an entry on a league night (ADR 34, amending ADR 22): a player their own
// before check-in; from check-in until their card's first score only an admin, with a
// reason the audit log keeps; once the card has a score nobody, because the live round
// holds the player's scores: the admin marks them DNF instead (services/live/live-dnf.ts).

export const WITHDRAW_NIGHT_MESSAGES = {
  checkedIn: (round: string) =>
    `You are checked in for ${round}, so you can no longer withdraw yourself. Ask the organiser to withdraw you.`,
  ownCardStarted: (card: number) => `Card ${card} has a score, so you can no longer withdraw. Ask the organiser.`,
  reasonNeeded: (name: string) => `${name} is checked in: give a reason to withdraw them.`,
  cardStarted: (name: string, card: number) =>
    `${name}'s card ${card} has a score, so they can no longer be withdrawn. Mark them DNF instead: they stay on the card and in the results, win nothing, and their entry stays in the pool.`,
} as const;

/** The audit log's table name for a withdrawal's reason (services/audit/audit-fields.ts reads it). */
export const WITHDRAWAL_AUDIT_TABLE = "withdrawals";

/** Where an entry stands on its night: checked in or not, and its card (started or not, published or not). */
export type EntryNight = { checkedIn: boolean; cardNumber: number | null; cardStarted: boolean; onPublishedCard: boolean };

type NightRow = { id: number; checked_in: number; number: number | null; started: number; published: number };

const nightRows = (db: Db, where: SQL) =>
  db.all<NightRow>(sql`
    select e.id, e.checked_in_at is not null as checked_in, c.number, c.started_at is not null as started,
      c.id is not null and r.cards_published_at is not null as published
    from ${entries} e join ${rounds} r on r.id = e.round_id
      left join ${cardPlayers} cp on cp.entry_id = e.id left join ${cards} c on c.id = cp.card_id
    where e.league_id = ${db.leagueId} and (${where})`);

const nightOf = (row: NightRow | undefined): EntryNight => ({
  checkedIn: Boolean(row?.checked_in),
  cardNumber: row?.number ?? null,
  cardStarted: Boolean(row?.started),
  onPublishedCard: Boolean(row?.published),
});

export async function entryNight(db: Db, entryId: number): Promise<EntryNight> {
  return nightOf((await nightRows(db, sql`e.id = ${entryId}`))[0]);
}

/** Every entry of the round's night, by entry id: what the entries and night screens offer (Withdraw or DNF). */
export async function roundEntryNights(db: Db, roundId: number): Promise<Map<number, EntryNight>> {
  return new Map((await nightRows(db, sql`e.round_id = ${roundId}`)).map((r) => [Number(r.id), nightOf(r)]));
}

/** Refuses a withdrawal the night no longer allows, with what to do instead. */
export function assertMayWithdraw(night: EntryNight, who: { admin: boolean }, names: { player: string; round: string }, reason?: string) {
  const card = night.cardNumber ?? 0;
  if (!who.admin) {
    if (night.cardStarted) throw conflict(WITHDRAW_NIGHT_MESSAGES.ownCardStarted(card));
    if (night.checkedIn) throw conflict(WITHDRAW_NIGHT_MESSAGES.checkedIn(names.round));
    return;
  }
  if (night.cardStarted) throw conflict(WITHDRAW_NIGHT_MESSAGES.cardStarted(names.player, card));
  if (night.checkedIn && !reason) throw badRequest(WITHDRAW_NIGHT_MESSAGES.reasonNeeded(names.player));
}

/**
 * Aborts the withdrawal's batch when the entry was checked in or out, or its card started,
 * after `night` was read (a check-in or a first score landing meanwhile): it is then
 * decided again from a fresh read. Check-ins bump no version, so the round's own guard
 * would not see them.
 */
export function nightUnchangedGuard(db: Db, entryId: number, night: EntryNight) {
  return writeGuard(
    db,
    "cardsChanged",
    sql`(select checked_in_at is not null from ${entries} where league_id = ${db.leagueId} and id = ${entryId}) <> ${night.checkedIn ? 1 : 0}
      or exists (select 1 from ${cardPlayers} cp join ${cards} c on c.id = cp.card_id
        where cp.league_id = ${db.leagueId} and cp.entry_id = ${entryId} and c.started_at is not null)`,
  );
}

/** The reason in the audit log, as the triggers write rows: the actor the batch set (ADR 20). */
export function withdrawalAudit(db: Db, w: { entryId: number; playerId: number; roundId: number; reason: string }) {
  return db.insert(auditLog).values({
    leagueId: db.leagueId,
    ...actorColumns(),
    tableName: WITHDRAWAL_AUDIT_TABLE,
    rowId: w.entryId,
    action: "insert",
    playerId: w.playerId,
    roundId: w.roundId,
    before: null,
    after: JSON.stringify({ reason: w.reason }),
  });
}

/** Whether `err` is the guard above failing: the caller decides again from a fresh read. */
export const isNightChanged = (err: unknown) => checkFailed(err, "cards_changed");
