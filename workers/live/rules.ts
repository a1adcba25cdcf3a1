import { type CardRow, type PlayerRow, cardById, playerByEntry } from "./roster-store";
import { logChange, seqOfChange } from "./change-log";
import { type ChangeContext, refused } from "./change-context";
import { type Cell, cellKey, cellsOf, setMark, unsign } from "./score-store";
import { signOff } from "./signoff";
import { TOO_MANY_CHANGES, countChange, overCap } from "./caps";
import type { Change, ChangeResult } from "~/schemas/live";

// The rules of one change (ADR 26), applied in the order the server accepts them. Each
// change is answered on its own: applied (with its seq), a duplicate of one applied
// before, or refused with a reason. All of it is synchronous SQLite, so no other message
// can come between the checks and the write.

const cellOf = (c: Exclude<Change, { kind: "signoff" }>): Cell & { value: number } => {
  if (c.kind === "dnf") return { entryId: c.entryId, field: "dnf", hole: 0, value: c.dnf ? 1 : 0 };
  return c.kind === "strokes"
    ? { entryId: c.entryId, field: "strokes", hole: c.hole, value: c.strokes }
    : { entryId: c.entryId, field: "penalty", hole: c.hole, value: c.penalty };
};

/** Why the change may not be made as it stands, or null. */
function refusal(ctx: ChangeContext, c: Change, card: CardRow): ChangeResult | null {
  const admin = ctx.caller.role === "admin";
  if (c.reason !== undefined && !admin)
    return refused(c.id, "forbidden", "Only an admin gives a reason: it is for changing a signed scorecard or a finalised round.");
  if (c.kind !== "signoff" && c.kind !== "dnf" && c.hole > ctx.holes) {
    return refused(c.id, "bad_request", `This round has ${ctx.holes} holes: there is no hole ${c.hole}.`);
  }
  if (card.startedAt === null) return refused(c.id, "conflict", "The round's scorecards are not published yet: nothing can be scored.");
  const edit = admin && c.reason !== undefined;
  if (ctx.finalized && !(edit && c.kind !== "signoff")) {
    return refused(c.id, "conflict", "This round is finalised: only an admin can change a score now, with a reason.");
  }
  if (card.lockedAt !== null && !(edit && c.kind !== "signoff")) {
    return refused(c.id, "conflict", `Card ${card.number} is signed and locked: only an admin can change it, with a reason.`);
  }
  return null;
}

function setValue(ctx: ChangeContext, c: Exclude<Change, { kind: "signoff" }>, player: PlayerRow, card: CardRow): ChangeResult {
  const { sql, caller, now, out } = ctx;
  const cell = cellOf(c);
  // An admin's edit with a reason is the card's value from then on, whoever entered what.
  const settle = c.settle === true || c.reason !== undefined;
  // The cell's value before an admin's edit, for the audit log.
  const audited = c.reason !== undefined && (card.lockedAt !== null || ctx.finalized);
  const before = audited ? (cellsOf(sql, [cell.entryId]).find((x) => x.field === cell.field && x.hole === cell.hole)?.value ?? null) : null;
  const seq = logChange(sql, {
    changeId: c.id,
    scorer: caller,
    kind: c.kind,
    entryId: c.entryId,
    hole: cell.hole,
    value: cell.value,
    settle,
    reason: c.reason ?? null,
    detail: null,
    clientAt: c.at,
    serverAt: now,
  });
  setMark(sql, cell, caller, cell.value, now, seq, settle);
  out.cells.set(cellKey(cell), { entryId: cell.entryId, field: cell.field, hole: cell.hole });
  // A signed total no longer holds once the card changes before it locks; after, it is an admin's edit.
  if (card.lockedAt === null && unsign(sql, c.entryId)) out.signed.add(c.entryId);
  if (audited && c.reason !== undefined) {
    out.edits.push({
      seq,
      entryId: c.entryId,
      playerId: player.playerId,
      field: cell.field,
      hole: cell.hole,
      before,
      after: cell.value,
      reason: c.reason,
    });
  }
  return { id: c.id, status: "applied", seq };
}

/** One change, answered; what it touched is noted in ctx.out. */
export function applyChange(ctx: ChangeContext, c: Change): ChangeResult {
  const seen = seqOfChange(ctx.sql, c.id);
  if (seen !== null) return { id: c.id, status: "duplicate", seq: seen };
  const player = playerByEntry(ctx.sql, c.entryId);
  const card = player ? cardById(ctx.sql, player.cardId) : null;
  if (!player || !card) return refused(c.id, "not_found", "That player is not on this round's scorecards.");
  const refusedWhy = refusal(ctx, c, card);
  if (refusedWhy) return refusedWhy;
  if (ctx.caller.role !== "admin" && overCap(ctx.sql, c, card.id)) return refused(c.id, "rate_limited", TOO_MANY_CHANGES);
  const result = c.kind === "signoff" ? signOff(ctx, c, player, card) : setValue(ctx, c, player, card);
  if (result.status === "applied") countChange(ctx.sql, card.id);
  return result;
}
