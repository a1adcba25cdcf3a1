import { tableWrittenBy } from "./d1-observer";
import { stampBatches } from "./stamped-batches";

// Who changed the money (ADR 20). Triggers on the money tables write every change to
// audit_log, and read who is acting from the one row of audit_actor. This binding puts
// that row in place: a batch that writes a money table is sent with the actor set as its
// first statement and removed as its last, and a lone write to a money table is sent as
// such a batch of three. D1 runs a batch as one transaction, one at a time, so no other
// request's write can see this actor, and a write made outside the app finds no row.
// Services never name the actor: like the cache purge (ADR 11), no write path can forget.

export type ActorRole = "admin" | "player" | "visitor" | "paypal" | "system";
/**
 * Who acts: the account (null for no one's), the role the audit log shows, and the account's
 * name as the request's verified session read it (null when no account acts, or none was read).
 */
export type Actor = { userId: number | null; role: ActorRole; name?: string | null };

/**
 * The tables whose triggers write audit_log (migrations 0011, 0017) or stamp the actor on a
 * row (tag_moves, ADR 27). tests/api/audit-side-pots.test.ts holds it against the tables
 * that carry such triggers: a table missing here would log "Outside the app" for the app's writes.
 */
export const AUDITED_TABLES: ReadonlySet<string> = new Set([
  "entries",
  "payments",
  "payment_refunds",
  "transfers",
  "aces",
  "rounds",
  "tag_moves",
  "side_pot_players",
  "side_pot_marks",
  "side_pot_wins",
]);

const writesMoney = (sql: string) => {
  const table = tableWrittenBy(sql);
  return table !== null && AUDITED_TABLES.has(table);
};

/** `resolve`, called at most once and only when first needed. */
export function lazily<T>(resolve: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | null = null;
  return () => {
    value ??= resolve();
    return value;
  };
}

/**
 * A D1 binding that behaves as `db` and stamps every money write with the actor that
 * `actorOf` names, asked at each such write (a request passes `lazily(…)`, so a read
 * never verifies its token, and a writing request verifies it once).
 */
export function withAuditActor(db: D1Database, actorOf: () => Actor | Promise<Actor>): D1Database {
  const setActor = async () => {
    const { userId, role, name } = await actorOf();
    return db
      .prepare(
        // The actor's name goes with the actor: the triggers read it here, never from users
        // (ADR 46). It is the name the request's verified session read, a moment before.
        "insert into audit_actor (id, user_id, role, name) values (1, ?1, ?2, ?3) on conflict (id) do update set user_id = excluded.user_id, role = excluded.role, name = excluded.name",
      )
      .bind(userId, role, name ?? null);
  };
  return stampBatches(db, {
    wants: writesMoney,
    around: async () => ({ first: [await setActor()], last: [db.prepare("delete from audit_actor")] }),
  });
}
