import { playersWhere } from "./roster-store";
import { lastSeq } from "./change-log";
import { SCORER_TAG, SPECTATOR_TAG, send } from "./sockets";
import { type View, updateOf } from "./state-view";
import type { ServerMessage } from "~/schemas/live";

// Telling the sockets (ADR 26). A card's own phones hear of its changes at once (a "card"
// frame); everyone else, spectators and the other cards' phones, gets one update of all
// the round's changes a few times a second. Fanning each batch out to every socket would
// send the round's 1,400 batches to 276 sockets each: the coalesced update reaches every
// spectator within FLUSH_MS and lets each see every change, in sequence, without that.
// What waits for the next update is kept in the outbox table, not in the instance.

/** How long a change waits, at most, before every socket hears of it. */
export const FLUSH_MS = 250;

export type Touched = { entryIds: number[]; cardIds: number[] };

/** The changed cards' own phones, at once. */
export function tellCards(ctx: DurableObjectState, sql: SqlStorage, touched: Touched): void {
  for (const cardId of touched.cardIds) {
    const sockets = ctx.getWebSockets(`card:${cardId}`);
    if (sockets.length === 0) continue;
    const onCard = new Set(playersWhere(sql, [], [cardId]).map((p) => p.entryId));
    const update = updateOf(sql, "scorer", { entryIds: touched.entryIds.filter((id) => onCard.has(id)), cardIds: [cardId] });
    const frame = JSON.stringify({ type: "card", update } satisfies ServerMessage);
    for (const ws of sockets) send(ws, frame);
  }
}

/** Notes what changed for the next update; true when nothing waited before (the next update is then to be scheduled). */
export function queueUpdate(sql: SqlStorage, touched: Touched): boolean {
  const first = sql.exec<{ n: number }>("select count(*) as n from outbox").one().n === 0;
  for (const id of touched.entryIds) sql.exec("insert or ignore into outbox (kind, id) values ('entry', ?)", id);
  for (const id of touched.cardIds) sql.exec("insert or ignore into outbox (kind, id) values ('card', ?)", id);
  return first;
}

/**
 * Sends every socket one update of what the outbox holds and the changes since the last
 * (scorers with who entered what, spectators without), and empties it. With nothing
 * waiting it sends only when `always` (the round was finalised).
 */
export function flush(ctx: DurableObjectState, sql: SqlStorage, always = false): void {
  const waiting = sql.exec<{ kind: string; id: number }>("select kind, id from outbox").toArray();
  const flushed = sql.exec<{ seq: number }>("select flushed_seq as seq from round").toArray()[0]?.seq ?? 0;
  const seq = lastSeq(sql);
  if (waiting.length === 0 && seq === flushed && !always) return;
  const touched = {
    entryIds: waiting.filter((w) => w.kind === "entry").map((w) => w.id),
    cardIds: waiting.filter((w) => w.kind === "card").map((w) => w.id),
    ...(seq > flushed ? { fromSeq: flushed + 1 } : {}),
  };
  const frames = new Map<View, string>();
  const frameFor = (view: View) => {
    const frame = frames.get(view) ?? JSON.stringify({ type: "update", update: updateOf(sql, view, touched) } satisfies ServerMessage);
    frames.set(view, frame);
    return frame;
  };
  for (const ws of ctx.getWebSockets(SCORER_TAG)) send(ws, frameFor("scorer"));
  for (const ws of ctx.getWebSockets(SPECTATOR_TAG)) send(ws, frameFor("public"));
  sql.exec("update round set flushed_seq = ?", seq);
  sql.exec("delete from outbox");
}
