import { and, eq, inArray, sql } from "drizzle-orm";
import { type Db, checkFailed, inLeague } from "../../db/client";
import { aces, players, rounds, transfers } from "../../db/schema";
import { badRequest, conflict, notFound } from "../../errors";
import { type PotChange, potGuards } from "./ace-pot";
import { potRefusal } from "./ace-pot-refusal";
import { balanceCentsSql } from "../players/balance-sql";
import { formatCents } from "~/lib/shared/money";
import { nowSeconds } from "~/lib/shared/time";
import { fullNameSql } from "../../db/player-name";

// The admin's writes to the league's money besides entries: transfers of credit and
// paid aces (ADR 12). Each rule that protects money (a balance never below zero, the ace
// pot never below zero at any moment, ADR 21) is checked by the statement or the batch
// that writes, so two requests racing for the same credit cannot both pass a check made
// before either wrote: D1 runs one statement, and one batch, at a time.

export const LEDGER_MESSAGES = {
  sameSides: "From and To must be different players.",
  noSides: "Choose a player on at least one side; both empty would move the league's money to itself.",
} as const;

const insufficient = (name: string, balanceCents: number, amtCents: number) =>
  `${name} has ${formatCents(balanceCents)} of credit; a transfer of ${formatCents(amtCents)} would take it below zero.`;

type PlayerFacts = { id: number; name: string; balanceCents: number };

async function playerFacts(db: Db, ids: number[]): Promise<Map<number, PlayerFacts>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: players.id,
      name: fullNameSql(players),
      balanceCents: balanceCentsSql(sql`${players.id}`).mapWith(Number),
    })
    .from(players)
    .where(and(inLeague(db, players), inArray(players.id, ids)));
  return new Map(rows.map((r) => [r.id, r]));
}

export type NewTransfer = {
  date: number;
  fromPlayerId: number | null;
  toPlayerId: number | null;
  amountCents: number;
  description: string;
};

/**
 * Moves credit from a player (or the league: null) to a player (or the league). Refused
 * when the sides are the same, a player is missing (404), or the sender's balance would
 * go below zero (409) — that last rule inside the insert itself.
 */
export async function addTransfer(db: Db, t: NewTransfer): Promise<number> {
  if (t.fromPlayerId === null && t.toPlayerId === null) throw badRequest(LEDGER_MESSAGES.noSides);
  if (t.fromPlayerId !== null && t.fromPlayerId === t.toPlayerId) throw badRequest(LEDGER_MESSAGES.sameSides);
  const sides = [t.fromPlayerId, t.toPlayerId].filter((id): id is number => id !== null);
  const facts = await playerFacts(db, sides);
  for (const id of sides) if (!facts.has(id)) throw notFound("Player not found");
  // The sender's balance, read again by the insert: covers a race with any other write.
  const guard = t.fromPlayerId === null ? sql`1` : sql`${balanceCentsSql(t.fromPlayerId)} >= ${t.amountCents}`;
  const [row] = await db.all<{ id: number }>(sql`
    insert into transfers (league_id, d, from_player_id, to_player_id, amt_cents, description)
    select ${db.leagueId}, ${t.date}, ${t.fromPlayerId}, ${t.toPlayerId}, ${t.amountCents}, ${t.description}
    where ${guard}
    returning id`);
  if (row) return row.id;
  const sender = t.fromPlayerId === null ? undefined : facts.get(t.fromPlayerId);
  if (!sender) throw new Error("a transfer from the league cannot be refused for credit");
  const now = (await playerFacts(db, [sender.id])).get(sender.id) ?? sender;
  throw conflict(insufficient(now.name, now.balanceCents, t.amountCents));
}

/**
 * Deletes a transfer, which gives the credit back to the sender and takes it from the
 * receiver: refused (409) when the receiver has already spent it, so that their balance
 * would go below zero. The check is inside the delete.
 */
export async function deleteTransfer(db: Db, id: number): Promise<void> {
  const [t] = await db
    .select()
    .from(transfers)
    .where(and(inLeague(db, transfers), eq(transfers.id, id)));
  if (!t) throw notFound("Transfer not found");
  // A transfer is never edited, so its receiver is known; their balance is read by the delete.
  const guard = t.toPlayerId === null ? sql`1` : sql`${balanceCentsSql(t.toPlayerId)} >= amt_cents`;
  const [gone] = await db.all<{ id: number }>(
    sql`delete from transfers where league_id = ${db.leagueId} and id = ${id} and ${guard} returning id`,
  );
  if (gone) return;
  const receiverId = t.toPlayerId ?? 0;
  const [[still], facts] = await Promise.all([
    db
      .select({ id: transfers.id })
      .from(transfers)
      .where(and(inLeague(db, transfers), eq(transfers.id, id))),
    playerFacts(db, [receiverId]),
  ]);
  const receiver = facts.get(receiverId);
  // Another request deleted it first (a transfer to the league is never refused).
  if (!still || !receiver) throw notFound("Transfer not found");
  throw conflict(
    `${receiver.name} has ${formatCents(receiver.balanceCents)} of credit; taking back ${formatCents(t.amountCents)} would take it below zero.`,
  );
}

export type NewAce = { date: number; playerId: number; amountCents: number };

/**
 * Pays an ace out of the pot. The ace is tied to the round played that day, if there is
 * one (the round's date within the same ±12 h as "today's round") and it has started by
 * `now` (an ace recorded before its round cannot have been hit in it), and is then dated
 * no earlier than that round's start: the form's noon of a league night comes before the
 * round, whose pot at stake (its own fees included) is what the ace is paid from (ADR 21).
 * Refused (409) when it is more than the pot as of its date holds, or would leave the
 * pot below zero at any later moment (aces already paid after it): checked inside the
 * batch that writes it, so twenty aces racing for one pot cannot all pass.
 */
export async function addAce(db: Db, ace: NewAce, now = nowSeconds()): Promise<number> {
  const [[player], [round]] = await db.batch([
    db
      .select({ id: players.id })
      .from(players)
      .where(and(inLeague(db, players), eq(players.id, ace.playerId))),
    db
      .select({ id: rounds.id, startsAt: rounds.startsAt })
      .from(rounds)
      .where(and(inLeague(db, rounds), sql`abs(${rounds.startsAt} - ${ace.date}) < 43200 and ${rounds.startsAt} <= ${now}`))
      .orderBy(sql`abs(${rounds.startsAt} - ${ace.date})`)
      .limit(1),
  ]);
  if (!player) throw notFound("Player not found");
  const date = round ? Math.max(ace.date, round.startsAt) : ace.date;
  const changes: PotChange[] = [{ t: date, cents: -ace.amountCents, kind: "ace" }];
  try {
    const [rows] = await db.batch([
      db
        .insert(aces)
        .values({ leagueId: db.leagueId, date, playerId: ace.playerId, roundId: round?.id ?? null, amountCents: ace.amountCents })
        .returning({ id: aces.id }),
      ...potGuards(db, changes),
    ]);
    const id = rows[0]?.id;
    if (id === undefined) throw new Error("the ace insert returned no row");
    return id;
  } catch (err) {
    if (checkFailed(err, "pot_negative")) throw conflict(await potRefusal(db, changes, "ace"));
    throw err;
  }
}

/** Deletes a paid ace (its amount goes back into the pot). */
export async function deleteAce(db: Db, id: number): Promise<void> {
  const [gone] = await db
    .delete(aces)
    .where(and(inLeague(db, aces), eq(aces.id, id)))
    .returning({ id: aces.id });
  if (!gone) throw notFound("Ace not found");
}
