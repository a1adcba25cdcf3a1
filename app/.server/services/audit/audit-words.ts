import { FIELDS, IN_HEADLINE, type Kind, METHODS, type Value } from "./audit-fields";
import { formatCents } from "~/lib/shared/money";
import { formatDate, formatDateTime } from "~/lib/shared/time";

// An audit row in the words an organiser reads (ADR 20): what changed ("Entry · Ann Lee in
// Week 5"), who did it, and only the fields that changed, before → after, in dollars. The
// triggers of migration 0011 store each row's money fields as JSON in cents; their names
// and labels are in ./audit-fields.ts.

export type AuditRaw = {
  id: number;
  at: number;
  actorUserId: number | null;
  actorName: string | null;
  actorRole: string | null;
  tableName: string;
  rowId: number;
  action: "insert" | "update" | "delete";
  playerId: number | null;
  otherPlayerId: number | null;
  roundId: number | null;
  before: string | null;
  after: string | null;
  playerName: string | null;
  otherName: string | null;
  roundName: string | null;
  refundPaymentId: number | null;
};

export type Names = { players: Map<number, string>; rounds: Map<number, string> };

export type AuditChange = { field: string; before: string | null; after: string | null };

export type AuditEntry = {
  id: number;
  at: number;
  /** `at` in the league's time zone. */
  when: string;
  actor: { userId: number | null; name: string; role: string | null };
  what: string;
  /** Whose money and which round, where `what` does not say it already. */
  context: string | null;
  action: "Added" | "Changed" | "Removed";
  changes: AuditChange[];
  table: string;
  rowId: number;
  playerId: number | null;
  otherPlayerId: number | null;
  roundId: number | null;
};

const playerName = (names: Names, id: number | null) => (id === null ? null : (names.players.get(id) ?? `player #${id}`));
const roundName = (names: Names, id: number | null) => (id === null ? null : (names.rounds.get(id) ?? `round #${id}`));

function show(kind: Kind, value: Value, names: Names, timeZone: string): string {
  if (kind === "league" && value === null) return "league";
  if (value === null || value === "") return "none";
  switch (kind) {
    case "money":
      return formatCents(Number(value));
    case "onOff":
      return value ? "on" : "off";
    case "date":
      return formatDate(Number(value), timeZone);
    case "player":
    case "league":
      return playerName(names, Number(value)) ?? "none";
    case "round":
      return roundName(names, Number(value)) ?? "none";
    case "ref":
      return `#${value}`;
    case "method":
      return METHODS[String(value)] ?? String(value);
    case "number":
      return value === 0 ? "none" : String(value);
    default:
      return String(value);
  }
}

const parse = (json: string | null): Record<string, Value> | null => {
  if (!json) return null;
  try {
    return JSON.parse(json) as Record<string, Value>;
  } catch {
    return null;
  }
};

// Zero, off and none say nothing on a row that was added or removed: only what it held.
const isSet = (v: Value | undefined) => v !== null && v !== undefined && v !== 0 && v !== "" && v !== false;

/** The fields that differ (a change), or that are set (a row added or removed), as words. */
function changesOf(row: AuditRaw, names: Names, timeZone: string): AuditChange[] {
  const before = parse(row.before);
  const after = parse(row.after);
  const fields = FIELDS[row.tableName] ?? {};
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  const out: AuditChange[] = [];
  for (const key of keys) {
    const [label, kind] = fields[key] ?? [key.replace(/_cents$/, "").replace(/_/g, " "), key.endsWith("_cents") ? "money" : "text"];
    const b = before?.[key] ?? null;
    const a = after?.[key] ?? null;
    const added = !before || !after;
    if (added ? !isSet(before ? b : a) || IN_HEADLINE[row.tableName]?.includes(key) : b === a) continue;
    out.push({
      field: label,
      before: before ? show(kind, b, names, timeZone) : null,
      after: after ? show(kind, a, names, timeZone) : null,
    });
  }
  return out;
}

/** The headline and the context line of a row. */
function describe(row: AuditRaw, names: Names): { what: string; context: string | null } {
  const player = playerName(names, row.playerId);
  const round = roundName(names, row.roundId);
  const whoIn = player && round ? `${player} in ${round}` : (player ?? round);
  switch (row.tableName) {
    case "entries":
      return { what: `Entry · ${whoIn ?? `#${row.rowId}`}`, context: null };
    case "transfers":
      return { what: `Transfer · ${player ?? "league"} → ${playerName(names, row.otherPlayerId) ?? "league"}`, context: null };
    case "aces":
      return { what: `Ace · ${player ?? `#${row.rowId}`}`, context: round };
    case "payments": {
      const method = (parse(row.after) ?? parse(row.before))?.method;
      return { what: `Payment #${row.rowId}${method ? ` · ${METHODS[String(method)] ?? method}` : ""}`, context: whoIn };
    }
    case "payment_refunds":
      return { what: row.refundPaymentId ? `Refund of payment #${row.refundPaymentId}` : `Refund #${row.rowId}`, context: whoIn };
    case "rounds":
      return { what: `Round ${round ?? `#${row.rowId}`} fees`, context: null };
    case "live_scores": {
      const hole = parse(row.after)?.hole;
      return { what: `Live score · ${whoIn ?? `#${row.rowId}`}${hole ? ` · hole ${hole}` : ""}`, context: null };
    }
    case "rainouts": {
      const step = parse(row.after)?.step;
      return { what: `Round ${step ?? "rain-out"} · ${round ?? `#${row.rowId}`}`, context: null };
    }
    case "rounds_ended_early":
      return { what: `Round ended early · ${round ?? `#${row.rowId}`}`, context: null };
    case "memberships": {
      const member = (parse(row.after) ?? parse(row.before))?.member;
      return { what: `Role · ${member ?? `user #${row.rowId}`}`, context: null };
    }
    case "messages": {
      const to = parse(row.after)?.audience;
      return { what: `Message · ${to ?? `#${row.rowId}`}`, context: round };
    }
    case "league_paypal":
      return { what: "The league's PayPal", context: null };
    case "courses": {
      const name = (parse(row.after) ?? parse(row.before))?.name;
      return { what: `Course · ${name ?? `#${row.rowId}`}`, context: null };
    }
    case "withdrawals":
      return { what: `Withdrawal · ${player ?? `#${row.rowId}`}${round ? ` from ${round}` : ""}`, context: null };
    case "tag_moves": {
      const after = parse(row.after);
      const how = after?.reason === "taken_back" ? "taken back from" : "assigned to";
      return { what: `Bag tag #${after?.tag ?? "?"} · ${how} ${player ?? "a player"}`, context: null };
    }
    case "side_pot_players":
    case "side_pot_marks":
    case "side_pot_wins": {
      const pot = (parse(row.after) ?? parse(row.before))?.pot ?? "Side pot";
      const what = { side_pot_players: "buy-in", side_pot_marks: "holder", side_pot_wins: "win" }[row.tableName];
      return { what: `${String(pot)} ${what} · ${player ?? "a player"}`, context: round };
    }
    default:
      return { what: `${row.tableName} #${row.rowId}`, context: whoIn };
  }
}

const ACTIONS = { insert: "Added", update: "Changed", delete: "Removed" } as const;
const ROLE_NAMES: Record<string, string> = { visitor: "Visitor (not logged in)", paypal: "PayPal", system: "System" };

function actorOf(row: AuditRaw): AuditEntry["actor"] {
  const name =
    row.actorRole === null
      ? "Outside the app"
      : (ROLE_NAMES[row.actorRole] ?? row.actorName ?? (row.actorUserId ? `user #${row.actorUserId}` : row.actorRole));
  return { userId: row.actorUserId, name, role: row.actorRole };
}

export function auditEntry(row: AuditRaw, names: Names, timeZone: string): AuditEntry {
  return {
    id: row.id,
    at: row.at,
    when: formatDateTime(row.at, timeZone),
    actor: actorOf(row),
    ...describe(row, names),
    action: ACTIONS[row.action] ?? "Changed",
    changes: changesOf(row, names, timeZone),
    table: row.tableName,
    rowId: row.rowId,
    playerId: row.playerId,
    otherPlayerId: row.otherPlayerId,
    roundId: row.roundId,
  };
}

/** The JSON fields of a transfer's or an ace's values that name a player (its round: round_id). */
export const PLAYER_KEYS = ["from_player_id", "to_player_id", "player_id"];
