import { and, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { type Db, inLeague, uniqueViolation } from "../../db/client";
import { claims, players } from "../../db/schema";
import { AppError, conflict, notFound } from "../../errors";
import { CLAIM_MESSAGES, type ClaimView, claimsForUser } from "./claims";
import { MAX_UNAPPROVED_OWN_RECORDS, OWN_RECORD_MESSAGES, unapprovedOwnRecordsSql } from "./own-records";
import { LIMITS, consume, refund } from "../../rate-limit";
import { nowSeconds } from "~/lib/shared/time";
import type { PlayerValuesSchema } from "~/schemas/players";
import { fullNameSql } from "../../db/player-name";
import { rowOf } from "../../db/insert-select";
import { playerFields, playerRow } from "./player-row";

// Adding, editing and deleting player records. League history hangs off a player
// (entries, aces, transfers, an approved claim), so a player with any of it is never
// deleted: the admin marks them inactive instead.

export type PlayerValues = z.infer<typeof PlayerValuesSchema>;

/** An admin adds a player record. */
export async function addPlayer(db: Db, values: PlayerValues): Promise<number> {
  const [created] = await db.insert(players).values(playerRow(db.leagueId, values)).returning({ id: players.id });
  if (!created) throw new Error("the player insert returned no row");
  return created.id;
}

/**
 * A user new to the league adds their own record and claims it in one step: the player
 * and the pending claim are written in one batch, so a refused claim (the user already
 * has an open one) leaves no stray player behind. Public records are limited (ADR 23):
 * per client address (counted first, given back when refused), and per user by the
 * insert itself, which writes nothing while the user has MAX_UNAPPROVED_OWN_RECORDS
 * records that no approved claim holds.
 */
export async function addOwnPlayer(
  db: Db,
  user: { id: number; isOperator: boolean },
  values: PlayerValues,
  client: string,
): Promise<{ playerId: number; claim: ClaimView }> {
  if (user.isOperator) throw new AppError("forbidden", CLAIM_MESSAGES.adminsDoNotClaim);
  const counter = [`own-player:client:${client}`, LIMITS.ownPlayerClient] as const;
  try {
    await consume(db, counter);
  } catch (err) {
    if (err instanceof AppError && err.code === "rate_limited") throw new AppError("rate_limited", OWN_RECORD_MESSAGES.client);
    throw err;
  }
  try {
    return await insertOwnPlayer(db, user.id, values);
  } catch (err) {
    await refund(db, counter);
    throw err;
  }
}

async function insertOwnPlayer(db: Db, userId: number, values: PlayerValues) {
  const now = nowSeconds();
  // Each row's columns by name (rowOf): the rest take their defaults.
  const own = Object.fromEntries(
    Object.entries(playerRow(db.leagueId, { ...values, inactive: false }, userId)).map(([k, v]) => [k, sql`${v}`]),
  );
  const pending = {
    userId: sql`${userId}`,
    playerId: sql`last_insert_rowid()`,
    status: sql`'pending'`,
    createdAt: sql`${now}`,
    updatedAt: sql`${now}`,
  };
  try {
    const [[created]] = await db.batch([
      db
        .insert(players)
        .select(
          db
            .select(rowOf(db.leagueId, players, { ...own, createdAt: sql`${now}` }))
            .from(sql`(select 1)`)
            .where(sql`${unapprovedOwnRecordsSql(db, userId)} < ${MAX_UNAPPROVED_OWN_RECORDS}`),
        )
        .returning({ id: players.id }),
      // The batch runs in order on one connection: last_insert_rowid() is the new player,
      // when the insert above wrote one (changes() = 1), else no claim is written either.
      db.insert(claims).select(
        db
          .select(rowOf(db.leagueId, claims, pending))
          .from(sql`(select 1)`)
          .where(sql`changes() = 1`),
      ),
    ]);
    if (!created) throw conflict(OWN_RECORD_MESSAGES.user);
    const claim = (await claimsForUser(db, userId)).find((c) => c.playerId === created.id);
    if (!claim) throw new Error("the new player's claim was not written");
    return { playerId: created.id, claim };
  } catch (err) {
    if (uniqueViolation(err)) throw conflict(CLAIM_MESSAGES.alreadyOpen);
    throw err;
  }
}

/** An admin saves a player's fields (the Edit Player dialog). */
export async function savePlayer(db: Db, id: number, values: PlayerValues): Promise<void> {
  const [saved] = await db
    .update(players)
    .set(playerFields(values))
    .where(and(inLeague(db, players), eq(players.id, id)))
    .returning({ id: players.id });
  if (!saved) throw notFound("Player not found");
}

/**
 * Deletes a player with no league history; one with entries, aces, transfers or an
 * approved claim is refused (409), checked by the delete itself. Their pending or
 * rejected claims go with them.
 */
export async function deletePlayer(db: Db, id: number): Promise<void> {
  const [gone] = await db.all<{ id: number }>(sql`
    delete from players where id = ${id} and league_id = ${db.leagueId}
      and not exists (select 1 from entries where league_id = ${db.leagueId} and player_id = ${id})
      and not exists (select 1 from aces where league_id = ${db.leagueId} and player_id = ${id})
      and not exists (select 1 from transfers where league_id = ${db.leagueId} and from_player_id = ${id})
      and not exists (select 1 from transfers where league_id = ${db.leagueId} and to_player_id = ${id})
      and not exists (select 1 from claims where league_id = ${db.leagueId} and player_id = ${id} and status = 'approved')
    returning id`);
  if (gone) return;
  const [history] = await db.all<{ name: string; entries: number; aces: number; transfers: number; linked: number }>(sql`
    select ${fullNameSql("p")} as name,
      (select count(*) from entries where league_id = p.league_id and player_id = p.id) as entries,
      (select count(*) from aces where league_id = p.league_id and player_id = p.id) as aces,
      (select count(*) from transfers where league_id = p.league_id and (from_player_id = p.id or to_player_id = p.id)) as transfers,
      (select count(*) from ${claims} where league_id = p.league_id and player_id = p.id and status = 'approved') as linked
    from players p where p.id = ${id} and p.league_id = ${db.leagueId}`);
  if (!history) throw notFound("Player not found");
  const what = [
    history.entries ? `${history.entries} round${history.entries === 1 ? "" : "s"}` : null,
    history.aces ? `${history.aces} ace${history.aces === 1 ? "" : "s"}` : null,
    history.transfers ? `${history.transfers} transfer${history.transfers === 1 ? "" : "s"}` : null,
    history.linked ? "a linked user" : null,
  ].filter(Boolean);
  throw conflict(
    `${history.name} has league history (${what.join(", ")}), so the record cannot be deleted. Mark the player inactive instead.`,
  );
}

/**
 * An admin removes a record `userId` added: only one they added (404 otherwise), and only
 * while it has no league history and no approved claim (deletePlayer's own rule, 409).
 */
export async function removeOwnRecord(db: Db, userId: number, playerId: number): Promise<string> {
  const [record] = await db
    .select({ name: fullNameSql(players) })
    .from(players)
    .where(and(inLeague(db, players), eq(players.id, playerId), eq(players.createdByUserId, userId)));
  if (!record) throw notFound("This user did not add that player record");
  await deletePlayer(db, playerId);
  return record.name;
}
