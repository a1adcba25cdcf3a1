import { eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { type Db, uniqueViolation } from "../db/client";
import { claims, players } from "../db/schema";
import { AppError, conflict, notFound } from "../errors";
import { CLAIM_MESSAGES, type ClaimView, claimsForUser } from "./claims";
import { nowSeconds } from "~/lib/time";
import type { PlayerValuesSchema } from "~/schemas/players";

// Adding, editing and deleting player records. League history hangs off a player
// (entries, aces, transfers, an approved claim), so a player with any of it is never
// deleted: the admin marks them inactive instead.

export type PlayerValues = z.infer<typeof PlayerValuesSchema>;

const row = (v: PlayerValues) => ({ fn: v.fn, ln: v.ln, pdga: v.pdga, division: v.division, inactive: v.inactive });

/** An admin adds a player record. */
export async function addPlayer(db: Db, values: PlayerValues): Promise<number> {
  const [created] = await db.insert(players).values(row(values)).returning({ id: players.id });
  if (!created) throw new Error("the player insert returned no row");
  return created.id;
}

/**
 * A user new to the league adds their own record and claims it in one step: the player
 * and the pending claim are written in one batch, so a refused claim (the user already
 * has an open one) leaves no stray player behind.
 */
export async function addOwnPlayer(
  db: Db,
  user: { id: number; isAdmin: boolean },
  values: PlayerValues,
): Promise<{ playerId: number; claim: ClaimView }> {
  if (user.isAdmin) throw new AppError("forbidden", CLAIM_MESSAGES.adminsDoNotClaim);
  const now = nowSeconds();
  try {
    const [[created]] = await db.batch([
      db
        .insert(players)
        .values({ ...row(values), inactive: false })
        .returning({ id: players.id }),
      // The batch runs in order on one connection: last_insert_rowid() is the new player.
      db.insert(claims).values({ userId: user.id, playerId: sql`last_insert_rowid()`, status: "pending", createdAt: now, updatedAt: now }),
    ]);
    if (!created) throw new Error("the player insert returned no row");
    const claim = (await claimsForUser(db, user.id)).find((c) => c.playerId === created.id);
    if (!claim) throw new Error("the new player's claim was not written");
    return { playerId: created.id, claim };
  } catch (err) {
    if (uniqueViolation(err)) throw conflict(CLAIM_MESSAGES.alreadyOpen);
    throw err;
  }
}

/** An admin saves a player's fields (the Edit Player dialog). */
export async function savePlayer(db: Db, id: number, values: PlayerValues): Promise<void> {
  const [saved] = await db.update(players).set(row(values)).where(eq(players.id, id)).returning({ id: players.id });
  if (!saved) throw notFound("Player not found");
}

/**
 * Deletes a player with no league history; one with entries, aces, transfers or an
 * approved claim is refused (409), checked by the delete itself. Their pending or
 * rejected claims go with them.
 */
export async function deletePlayer(db: Db, id: number): Promise<void> {
  const [gone] = await db.all<{ id: number }>(sql`
    delete from players where id = ${id}
      and not exists (select 1 from entries where player_id = ${id})
      and not exists (select 1 from aces where player_id = ${id})
      and not exists (select 1 from transfers where from_player_id = ${id} or to_player_id = ${id})
      and not exists (select 1 from claims where player_id = ${id} and status = 'approved')
    returning id`);
  if (gone) return;
  const [history] = await db.all<{ name: string; entries: number; aces: number; transfers: number; linked: number }>(sql`
    select p.fn || ' ' || p.ln as name,
      (select count(*) from entries where player_id = p.id) as entries,
      (select count(*) from aces where player_id = p.id) as aces,
      (select count(*) from transfers where from_player_id = p.id or to_player_id = p.id) as transfers,
      (select count(*) from ${claims} where player_id = p.id and status = 'approved') as linked
    from players p where p.id = ${id}`);
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
