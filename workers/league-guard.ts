import { type Actor, withAuditActor } from "./audit-actor";
import { tableWrittenBy } from "./d1-observer";
import type { TableName } from "./purge";
import { epochSeen, noteLeagueState } from "./league-directory";
import { stampBatches } from "./stamped-batches";
import { checkFailed } from "~/.server/db/client";
import { LEAGUE_RECORD } from "~/.server/db/write-guard";
import { SUSPENSION_MESSAGES } from "~/lib/leagues/suspension";
import { DEFAULT_LEAGUE_ID } from "~/.server/db/schema";
import { AppError } from "~/.server/errors";
import type { LeagueRow } from "~/.server/league";

// A league takes changes only while it is active (ADR 46): every batch that writes a
// league's table starts with a guard that the league is active at the epoch this isolate
// last saw it at, in the same transaction as the writes. A guard that fails reads the
// league's row: active at another epoch (it was frozen and thawed meanwhile), the batch is
// sent again once; frozen or moved, suspended by the operator or closed by its owner, the
// write is refused and nothing of it is written.

/** The deployment's tables: a write to them is not a league's, and passes unguarded. Typed by the schema: a misspelt one fails the typecheck. */
const DEPLOYMENT: readonly TableName[] = [
  "users",
  "revoked_sessions",
  "password_resets",
  "rate_limits",
  "write_guards",
  "audit_actor",
  "page_cache_keys",
  "leagues",
  // Roles per league (ADR 47): the deployment's, like users; a role change's audit row is the league's write.
  "memberships",
  // Invitations to a league: the deployment's, like the memberships they make.
  "league_invites",
  // An account's devices for push messages (ADR 49): the deployment's, like its sessions.
  "push_subscriptions",
];
export const DEPLOYMENT_TABLES: ReadonlySet<string> = new Set<string>(DEPLOYMENT);

export const LEAGUE_SUSPENDED = SUSPENSION_MESSAGES.refused;
export const LEAGUE_CLOSED = "This league is closed";
export const LEAGUE_PAUSED = "This league is not taking changes right now. Please try again in a few minutes.";

const writesLeague = (sql: string) => {
  const table = tableWrittenBy(sql);
  // The operator's record of a league's own change (its suspension lifted among them): the deployment's act.
  if (table === "audit_log" && sql.includes(LEAGUE_RECORD)) return false;
  return table !== null && !DEPLOYMENT_TABLES.has(table);
};

/** A D1 binding that behaves as `db` and guards every write of a league table with the league's status. */
export function withLeagueGuard(db: D1Database, leagueId = DEFAULT_LEAGUE_ID): D1Database {
  const guard = () =>
    db
      .prepare(
        "insert into write_guards (league_inactive) select 1 where not exists (select 1 from leagues where id = ?1 and status = 'active' and epoch = ?2 and suspended_at is null and closed_at is null)",
      )
      .bind(leagueId, epochSeen(leagueId));
  return stampBatches(db, {
    wants: writesLeague,
    around: async () => ({ first: [guard()], last: [] }),
    failed: async (err) => {
      if (!checkFailed(err, "league_inactive")) return err;
      const row = await db
        .prepare("select status, epoch, suspended_at as suspendedAt, closed_at as closedAt from leagues where id = ?")
        .bind(leagueId)
        .first<Pick<LeagueRow, "status" | "epoch" | "suspendedAt" | "closedAt">>();
      // The isolate's one copy of the league learns it: the next request plans on it too.
      if (row) noteLeagueState(leagueId, row);
      if (row?.suspendedAt != null) return new AppError("forbidden", LEAGUE_SUSPENDED);
      if (row?.closedAt != null) return new AppError("forbidden", LEAGUE_CLOSED);
      return row?.status === "active" ? "again" : new AppError("unavailable", LEAGUE_PAUSED);
    },
  });
}

/** The app's D1 binding for writes: the league's guard around the audit log's actor (ADR 20, 46). */
export function withWriteStamps(db: D1Database, actorOf: () => Actor | Promise<Actor>, leagueId = DEFAULT_LEAGUE_ID): D1Database {
  return withLeagueGuard(withAuditActor(db, actorOf), leagueId);
}
