import type { Change } from "~/schemas/live";
import { LIVE_LIMITS } from "~/schemas/live";

// How many changes a card takes from its players (ADR 35): 20 per cell and 3,000 in all, a
// few times what a round of corrections and disagreements needs, so a phone gone wrong (or a
// scorer flooding it) cannot grow the round's log and every state without end. An admin's
// change is always taken (the refusal says to ask the organiser), and counted like any
// other; nothing is ever dropped from the log to make room.

export const TOO_MANY_CHANGES = "too many changes on this card: ask the organiser";

const cellKind = (c: Change) => (c.kind === "signoff" ? null : c.kind);
const holeOf = (c: Change) => (c.kind === "strokes" || c.kind === "penalty" ? c.hole : 0);

/** The card's count, made from the log the first time it is asked for (a round begun before the count was kept). */
function cardCount(sql: SqlStorage, cardId: number): number {
  sql.exec(
    `insert or ignore into card_changes (card_id, changes)
      select ?, count(*) from changes where entry_id in (select entry_id from players where card_id = ?)`,
    cardId,
    cardId,
  );
  return sql.exec<{ changes: number }>("select changes from card_changes where card_id = ?", cardId).one().changes;
}

/** Whether the card has taken as many changes as it may, in all or to this change's cell. */
export function overCap(sql: SqlStorage, c: Change, cardId: number): boolean {
  if (cardCount(sql, cardId) >= LIVE_LIMITS.changesPerCard) return true;
  const kind = cellKind(c);
  if (kind === null) return false;
  const cell = sql.exec<{ changes: number }>(
    "select count(*) as changes from changes where entry_id = ? and kind = ? and hole = ?",
    c.entryId,
    kind,
    holeOf(c),
  );
  return cell.one().changes >= LIVE_LIMITS.changesPerCell;
}

/** Counts a change the card took. */
export function countChange(sql: SqlStorage, cardId: number): void {
  cardCount(sql, cardId);
  sql.exec("update card_changes set changes = changes + 1 where card_id = ?", cardId);
}
