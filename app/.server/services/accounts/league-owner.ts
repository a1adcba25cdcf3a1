import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { auditLog, leagueRowColumns, leagues } from "../../db/schema";
import { badRequest, notFound } from "../../errors";
import { type Committed, purgeLeague } from "../../follow-ups";
import type { League, LeagueRow } from "../../league";

// The owner's choices for the league (ADR 47's closeLeague capability): whether the front door
// (/leagues) lists it, and closing it for good. Each is one batch with its row in the league's
// audit log; the audit row is a league write, so the league's guard refuses both once the
// league is closed or suspended. Closing bumps the epoch (every isolate's copy replans) and
// purges the league's pages: a closed league is read-only, its write guard says so.

export const OWNER_MESSAGES = {
  wrongName: "Type the league's name exactly as it is shown to close it.",
  gone: "League not found",
} as const;

type Actor = { id: number; name: string };

function leagueAudit(db: Db, leagueId: number, actor: Actor, before: object, after: object) {
  return db.insert(auditLog).values({
    leagueId,
    actorUserId: actor.id,
    actorName: actor.name,
    actorRole: "admin",
    tableName: "leagues",
    rowId: leagueId,
    action: "update",
    before: JSON.stringify(before),
    after: JSON.stringify(after),
  });
}

/** Shows the league on the front door, or leaves it off (its address still works). The same choice again writes nothing. */
export async function setShownOnFrontDoor(
  db: Db,
  leagueId: number,
  shown: boolean,
  actor: Actor,
): Promise<{ hidden: boolean; changed: boolean }> {
  const hidden = !shown;
  const [row] = await db.select({ hidden: leagues.hiddenByOwner }).from(leagues).where(eq(leagues.id, leagueId));
  if (!row) throw notFound(OWNER_MESSAGES.gone);
  if (row.hidden === hidden) return { hidden, changed: false };
  await db.batch([
    leagueAudit(db, leagueId, actor, { hidden_by_owner: row.hidden }, { hidden_by_owner: hidden }),
    db.update(leagues).set({ hiddenByOwner: hidden }).where(eq(leagues.id, leagueId)),
  ]);
  return { hidden, changed: true };
}

/** A name as typed to confirm: case and runs of spaces do not matter. */
const sameName = (typed: string, name: string) => {
  const fold = (s: string) => s.trim().replace(/\s+/g, " ").toLowerCase();
  return fold(typed) !== "" && fold(typed) === fold(name);
};

/**
 * Closes the league for good, once its name is typed again (400 otherwise): `closed_at` set and
 * the epoch moved on, with the audit row; its pages are purged after. An owner cannot reopen it.
 */
export async function closeLeague(
  db: Db,
  league: Pick<League, "id" | "name">,
  confirm: string,
  actor: Actor,
): Promise<Committed<LeagueRow>> {
  if (!sameName(confirm, league.name)) throw badRequest(OWNER_MESSAGES.wrongName);
  const [, rows] = await db.batch([
    leagueAudit(db, league.id, actor, { closed: false }, { closed: true }),
    db
      .update(leagues)
      .set({ closedAt: sql`unixepoch()`, epoch: sql`${leagues.epoch} + 1` })
      .where(and(eq(leagues.id, league.id), isNull(leagues.closedAt)))
      .returning(leagueRowColumns),
  ]);
  const [row] = rows;
  if (!row) throw notFound(OWNER_MESSAGES.gone);
  return { value: row, followUps: [purgeLeague(league.id)] };
}
