import { lastSeq } from "./change-log";
import { playerByEntry } from "./roster-store";
import type { Cell } from "./score-store";
import { ADMIN_TAG, SCORER_TAG, SPECTATOR_TAG, send } from "./sockets";
import { type Touched, narrowUpdate, updateOf } from "./state-view";
import type { LiveUpdate } from "~/lib/live/live-update";
import type { ServerMessage } from "~/schemas/live";
import type { PotView } from "~/lib/sidepots/side-pots";

// Telling the sockets (ADR 26). A card's own phones hear of its changes at once (a "card"
// frame); everyone, spectators and every phone, gets one update of all the round's changes
// a few times a second. Fanning each batch out to every socket would send the round's
// 1,400 batches to 276 sockets each: the coalesced update reaches every spectator within
// FLUSH_MS and lets each see every change, in sequence, without that. Updates carry the
// changed cells only (app/lib/live/live-update.ts). What waits for the next update is kept in
// the outbox table, not in the instance.

/** How long a change waits, at most, before every socket hears of it. */
export const FLUSH_MS = 250;

const isEmpty = (t: Touched) => t.cells.length + t.signed.length + t.cardIds.length + t.started.length === 0;

/** The changed cards' phones, at once (not the socket the changes came on: its ack says they were taken). */
export function tellCards(ctx: DurableObjectState, sql: SqlStorage, touched: Touched, from?: WebSocket): void {
  const cardOf = (entryId: number) => playerByEntry(sql, entryId)?.cardId ?? 0;
  const cards = new Set([
    ...touched.cells.map((c) => cardOf(c.entryId)),
    ...touched.signed.map(cardOf),
    ...touched.cardIds,
    ...touched.started,
  ]);
  for (const cardId of cards) {
    const sockets = ctx.getWebSockets(`card:${cardId}`).filter((ws) => ws !== from);
    if (sockets.length === 0) continue;
    const update = updateOf(
      sql,
      { cardIds: [cardId] },
      {
        cells: touched.cells.filter((c) => cardOf(c.entryId) === cardId),
        signed: touched.signed.filter((id) => cardOf(id) === cardId),
        cardIds: touched.cardIds.filter((id) => id === cardId),
        started: touched.started.filter((id) => id === cardId),
      },
    );
    const frame = JSON.stringify({ type: "card", update } satisfies ServerMessage);
    for (const ws of sockets) send(ws, frame);
  }
}

/** Notes what changed for the next update; true when nothing waited before (the next update is then to be scheduled). */
export function queueUpdate(sql: SqlStorage, touched: Touched): boolean {
  if (isEmpty(touched)) return false;
  const first = sql.exec<{ count: number }>("select count(*) as count from outbox").one().count === 0;
  const note = (kind: string, key: string | number) =>
    sql.exec("insert or ignore into outbox (kind, key) values (?, ?)", kind, String(key));
  for (const c of touched.cells) note("cell", `${c.entryId}:${c.field}:${c.hole}`);
  for (const id of touched.signed) note("signed", id);
  for (const id of touched.cardIds) note("card", id);
  for (const id of touched.started) note("started", id);
  return first;
}

function waiting(sql: SqlStorage): Touched {
  const rows = sql.exec<{ kind: string; key: string }>("select kind, key from outbox").toArray();
  const ids = (kind: string) => rows.filter((r) => r.kind === kind).map((r) => Number(r.key));
  const cells = rows
    .filter((r) => r.kind === "cell")
    .map((r) => {
      const [entryId, field, hole] = r.key.split(":");
      return { entryId: Number(entryId), field: field as Cell["field"], hole: Number(hole) };
    });
  return { cells, signed: ids("signed"), cardIds: ids("card"), started: ids("started") };
}

/**
 * Sends every socket one update of what the outbox holds and the changes since the last
 * (admins with who entered what, a card's phones with that on their own card's flags,
 * spectators without), and empties it. With nothing waiting it sends only when `always`
 * (the round was finalised).
 */
export function flush(ctx: DurableObjectState, sql: SqlStorage, always = false): void {
  const touched = waiting(sql);
  const flushed = sql.exec<{ seq: number }>("select flushed_seq as seq from round").toArray()[0]?.seq ?? 0;
  const seq = lastSeq(sql);
  if (isEmpty(touched) && seq === flushed && !always) return;
  const update = updateOf(sql, "admin", { ...touched, ...(seq > flushed ? { fromSeq: flushed + 1 } : {}) });
  const frame = (u: LiveUpdate) => JSON.stringify({ type: "update", update: u } satisfies ServerMessage);
  const open = frame(narrowUpdate(update));
  // Most updates name no one's value: then every socket gets the same frame.
  const valued = update.flags.filter((f) => f.values);
  const full = valued.length ? frame(update) : open;
  const byCard = new Map<string, string>();
  for (const flag of valued) {
    const cardId = playerByEntry(sql, flag.entryId)?.cardId;
    if (cardId === undefined || byCard.has(`card:${cardId}`)) continue;
    byCard.set(`card:${cardId}`, frame(narrowUpdate(update, (entryId) => playerByEntry(sql, entryId)?.cardId === cardId)));
  }
  for (const ws of ctx.getWebSockets(SCORER_TAG)) {
    if (!valued.length) send(ws, open);
    else {
      const tags = ctx.getTags(ws);
      send(ws, tags.includes(ADMIN_TAG) ? full : (tags.map((t) => byCard.get(t)).find(Boolean) ?? open));
    }
  }
  for (const ws of ctx.getWebSockets(SPECTATOR_TAG)) send(ws, open);
  sql.exec("update round set flushed_seq = ?", seq);
  sql.exec("delete from outbox");
}

/** The round's side pots as they now stand (their marks are D1's, not this object's), to the round page's sockets. */
export function tellPots(ctx: DurableObjectState, pots: PotView[]): void {
  const frame = JSON.stringify({ type: "pots", pots } satisfies ServerMessage);
  for (const ws of ctx.getWebSockets(SPECTATOR_TAG)) send(ws, frame);
}
