import { type CardRow, type PlayerRow, holesOf, lockCard, playersOnCard } from "./roster-store";
import { type ChangeContext, refused } from "./change-context";
import { logChange } from "./change-log";
import { cellsOf, sign, signaturesOf } from "./score-store";
import { PIN_TRIES, countWrongPin, wrongPins } from "./pin-checks";
import type { Change, ChangeResult } from "~/schemas/live";
import type { LiveSignMethod } from "~/lib/live/live-state";

// Sign-off (ADR 26): once every hole of a card is in and none is flagged, each player
// confirms their own total from their own session; a cardmate may confirm it with the
// player's scoring PIN, an admin always. When all of a card have signed, it locks.

type SignOff = Extract<Change, { kind: "signoff" }>;

/** The card's first hole missing or flagged, in words; null when it can be signed. */
export function unfinished(sql: SqlStorage, players: PlayerRow[]): string | null {
  const holes = holesOf(sql).length;
  const cells = cellsOf(
    sql,
    players.map((p) => p.entryId),
  );
  for (const p of players) {
    const mine = cells.filter((c) => c.entryId === p.entryId);
    const flagged = mine.find((c) => c.flagged);
    if (flagged) return `${p.name}'s ${flagged.field === "dnf" ? "DNF" : `hole ${flagged.hole}`} is flagged: settle it first`;
    if (mine.some((c) => c.field === "dnf" && c.value === 1)) continue;
    for (let hole = 1; hole <= holes; hole++) {
      if (!mine.some((c) => c.field === "strokes" && c.hole === hole)) return `${p.name} has no score on hole ${hole}`;
    }
  }
  return null;
}

/** The total a player confirms: strokes and penalties, and whether they finished. */
export function totalOf(sql: SqlStorage, entryId: number): { total: number; dnf: boolean } {
  let total = 0;
  let dnf = false;
  for (const c of cellsOf(sql, [entryId])) {
    if (c.field === "dnf") dnf = c.value === 1;
    else total += c.value ?? 0;
  }
  return { total, dnf };
}

/**
 * How the caller may sign for `player`, or the refusal. A cardmate's PIN was checked before
 * the batch (./pin-checks.ts); a wrong one is counted here, and stays counted.
 */
function methodOf(ctx: ChangeContext, c: SignOff, player: PlayerRow): LiveSignMethod | ChangeResult {
  const { sql, caller } = ctx;
  if (caller.role === "admin") return "admin";
  if (caller.playerId === player.playerId) return "self";
  const who = `Only ${player.name} can confirm their own total, from their own phone, or a cardmate with their scoring PIN, or an admin.`;
  if (c.pin === undefined) return refused(c.id, "forbidden", who);
  const check = ctx.pins.get(c.id);
  if (wrongPins(sql, caller.userId, player.entryId) >= PIN_TRIES || !check) {
    const also = `${player.name} can still sign on their own phone, or an admin can.`;
    return refused(c.id, "rate_limited", `Too many wrong PINs for ${player.name} from you in this round: ${also}`);
  }
  if (check.result === "stopped") return refused(c.id, "rate_limited", check.error ?? "Too many wrong PINs.");
  if (check.result === "right") return "pin";
  check.wrongCounted = true;
  const left = PIN_TRIES - countWrongPin(sql, caller.userId, player.entryId);
  return refused(c.id, "forbidden", `Wrong PIN for ${player.name} (${left} more ${left === 1 ? "try" : "tries"} from you this round).`);
}

export function signOff(ctx: ChangeContext, c: SignOff, player: PlayerRow, card: CardRow): ChangeResult {
  const { sql, caller, now } = ctx;
  const players = playersOnCard(sql, card.id);
  const missing = unfinished(sql, players);
  if (missing) return refused(c.id, "conflict", `Card ${card.number} cannot be signed yet: ${missing}.`);
  const method = methodOf(ctx, c, player);
  if (typeof method !== "string") return method;
  const { total, dnf } = totalOf(sql, player.entryId);
  const seq = logChange(sql, {
    changeId: c.id,
    scorer: caller,
    kind: "signoff",
    entryId: player.entryId,
    hole: 0,
    value: total,
    settle: false,
    reason: c.reason ?? null,
    detail: method,
    clientAt: c.at,
    serverAt: now,
  });
  sign(sql, { entryId: player.entryId, method, total, dnf, at: now, userId: caller.userId, seq });
  ctx.out.signed.add(player.entryId);
  const signed = new Set(
    signaturesOf(
      sql,
      players.map((p) => p.entryId),
    ).map((s) => s.entryId),
  );
  if (players.every((p) => signed.has(p.entryId))) {
    lockCard(sql, card.id, now);
    ctx.out.cardIds.add(card.id);
  }
  return { id: c.id, status: "applied", seq };
}
