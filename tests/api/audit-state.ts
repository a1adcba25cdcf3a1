// The league's money as the audit triggers (migration 0011) see it: each audited table's
// rows with the fields its trigger records, and the changes between two snapshots as the
// audit rows they must have left. The coverage test compares the log with this diff.
import { env } from "cloudflare:workers";
import type { AuditRow } from "~/.server/db/schema";

type Values = Record<string, unknown>;
type Snapshot = Record<string, Map<number, { who: Who; values: Values }>>;
type Who = { playerId: number | null; otherPlayerId: number | null; roundId: number | null };

export type LoggedChange = Who & {
  table: string;
  rowId: number;
  action: "insert" | "update" | "delete";
  before: Values | null;
  after: Values | null;
};

// Per table: the SELECT of its recorded fields (aliases starting "_" say whose money it
// is), whether its inserts and deletes are recorded, and the fields whose change alone
// writes no row. An entry's score is such a field: the row records it, but a score save
// writes the score first and the payouts it moves next, so the recorded row's "before"
// already holds the new score. Comparisons leave these fields out.
const TABLES: Record<string, { select: string; rowsLogged: boolean; silent?: string[] }> = {
  entries: {
    select: `select id, player_id as _player, null as _other, round_id as _round, division, score, ace, payout_cents,
      payout_adjust_cents, credit_added_cents, credit_used_cents, payment_id from entries`,
    rowsLogged: true,
    silent: ["score"],
  },
  payments: {
    select: `select id, player_id as _player, null as _other, round_id as _round, method, status, amount_cents, league_fee_cents,
      provider_fee_cents, credit_used_cents, capture_id, void_reason from payments`,
    rowsLogged: true,
  },
  payment_refunds: {
    select: `select r.id, p.player_id as _player, null as _other, p.round_id as _round, r.kind, r.amount_cents, r.provider_refund_id,
      r.resolution from payment_refunds r join payments p on p.id = r.payment_id`,
    rowsLogged: true,
  },
  transfers: {
    select: `select id, from_player_id as _player, to_player_id as _other, null as _round, d, from_player_id, to_player_id, amt_cents,
      description, payment_id, excess_payment_id from transfers`,
    rowsLogged: true,
  },
  aces: {
    select: "select id, player_id as _player, null as _other, round_id as _round, d, player_id, round_id, amt_cents from aces",
    rowsLogged: true,
  },
  rounds: {
    select: `select id, null as _player, null as _other, id as _round, d, fee_pdga_cents, fee_course_cents, fee_other_cents, ace_cents,
      payout_cents from rounds`,
    rowsLogged: false,
  },
};

export async function moneyState(): Promise<Snapshot> {
  const out: Snapshot = {};
  for (const [table, { select }] of Object.entries(TABLES)) {
    const { results } = await env.DB.prepare(select).all<Values>();
    out[table] = new Map(
      results.map(({ id, _player, _other, _round, ...values }) => [
        Number(id),
        { who: { playerId: _player as number | null, otherPlayerId: _other as number | null, roundId: _round as number | null }, values },
      ]),
    );
  }
  return out;
}

const differs = (a: Values, b: Values, silent: string[]) => Object.keys(a).some((k) => !silent.includes(k) && a[k] !== b[k]);

function without(values: Values | null, silent: string[] | undefined): Values | null {
  if (!values || !silent) return values;
  return Object.fromEntries(Object.entries(values).filter(([k]) => !silent.includes(k)));
}

/** The audit rows the change from `before` to `after` must have left, in no order. */
export function changesBetween(before: Snapshot, after: Snapshot): LoggedChange[] {
  const out: LoggedChange[] = [];
  for (const [table, spec] of Object.entries(TABLES)) {
    const was = before[table] ?? new Map();
    const now = after[table] ?? new Map();
    for (const id of new Set([...was.keys(), ...now.keys()])) {
      const b = was.get(id);
      const a = now.get(id);
      const [from, to] = [without(b?.values ?? null, spec.silent), without(a?.values ?? null, spec.silent)];
      if (a && b && differs(b.values, a.values, spec.silent ?? [])) {
        out.push({ table, rowId: id, action: "update", ...a.who, before: from, after: to });
      } else if (spec.rowsLogged && a && !b) {
        out.push({ table, rowId: id, action: "insert", ...a.who, before: null, after: to });
      } else if (spec.rowsLogged && b && !a) {
        out.push({ table, rowId: id, action: "delete", ...b.who, before: from, after: null });
      }
    }
  }
  return out;
}

/** An audit row in the same shape. */
export function loggedChange(r: AuditRow): LoggedChange {
  const silent = TABLES[r.tableName]?.silent;
  return {
    table: r.tableName,
    rowId: r.rowId,
    action: r.action,
    playerId: r.playerId,
    otherPlayerId: r.otherPlayerId,
    roundId: r.roundId,
    before: without(r.before === null ? null : (JSON.parse(r.before) as Values), silent),
    after: without(r.after === null ? null : (JSON.parse(r.after) as Values), silent),
  };
}

export const byRow = (a: LoggedChange, b: LoggedChange) =>
  `${a.table}:${a.rowId}:${a.action}`.localeCompare(`${b.table}:${b.rowId}:${b.action}`);
