import { readD1 } from "./d1";
import type { LiveDeps } from "./roster";
import { playerByEntry } from "./roster-store";
import type { Caller } from "./change-context";
import { seqOfChange } from "./change-log";
import { type Counter, LIMITS, countEach, refund } from "~/.server/rate-limit";
import { pinMatches } from "~/.server/services/accounts/scoring-pin";
import { pinHashOfPlayer } from "~/.server/services/live/live-roster";
import type { Change } from "~/schemas/live";

// A cardmate's scoring PIN, checked before the batch applies (hashing is not synchronous),
// and the limits on wrong ones (ADR 26): per cardmate and player in this round (counted
// here, when the change applies), per cardmate and per client address a day, whatever the
// round (counted in D1 first, ADR 7, and given back unless the PIN was wrong). A limit stops
// the cardmate's (or address's) tries only: the player's own sign-off and other cardmates'
// PINs go on. A cardmate or address D1 stopped is remembered here for a while, so its next
// tries cost no D1 call.

/** Wrong PINs one cardmate may give for one player in a round. */
export const PIN_TRIES = 5;
const STOP_SECONDS = 10 * 60;

/** A PIN checked before the batch: right, wrong, or stopped by a daily limit (`error` says why). `wrongCounted`: the rules kept it as a wrong try. */
export type PinCheck = { result: "right" | "wrong" | "stopped"; error?: string; counters: Counter[]; wrongCounted?: boolean };

export const wrongPins = (sql: SqlStorage, userId: number, entryId: number): number =>
  sql.exec<{ wrong: number }>("select wrong from pin_tries where user_id = ? and entry_id = ?", userId, entryId).toArray()[0]?.wrong ?? 0;

export function countWrongPin(sql: SqlStorage, userId: number, entryId: number): number {
  return sql
    .exec<{ wrong: number }>(
      `insert into pin_tries (user_id, entry_id, wrong) values (?, ?, 1)
        on conflict (user_id, entry_id) do update set wrong = wrong + 1 returning wrong`,
      userId,
      entryId,
    )
    .one().wrong;
}

const canStill = (name: string) => `${name} can still sign on their own phone, or an admin can.`;
const STOPS = {
  cardmate: (name: string) => `Too many wrong PINs from you today: ${canStill(name)}`,
  client: (name: string) => `Too many wrong PINs from this address today: ${canStill(name)}`,
};

const stoppedHere = (sql: SqlStorage, key: string, now: number): boolean =>
  sql.exec("select 1 from pin_stops where key = ? and until > ?", key, now).toArray().length > 0;

/**
 * Each cardmate's PIN in the batch, counted against the daily limits and checked. A change
 * the rules answer without its PIN (an admin's, the player's own, a resend) is left out, and
 * so is one past the cardmate's five for that player (the rules refuse it).
 */
export async function checkPins(d: LiveDeps, caller: Caller, changes: Change[]): Promise<Map<string, PinCheck>> {
  const checks = new Map<string, PinCheck>();
  const inBatch = new Map<number, number>();
  const address = caller.address ?? "unknown";
  const keys = { cardmate: `pin:user:${caller.userId}`, client: `pin:client:${address}` };
  for (const c of changes) {
    if (c.kind !== "signoff" || c.pin === undefined || caller.role === "admin") continue;
    const player = playerByEntry(d.sql, c.entryId);
    if (!player || player.playerId === caller.playerId || seqOfChange(d.sql, c.id) !== null) continue;
    const earlier = inBatch.get(player.entryId) ?? 0;
    inBatch.set(player.entryId, earlier + 1);
    if (wrongPins(d.sql, caller.userId, player.entryId) + earlier >= PIN_TRIES) continue;
    const now = d.now();
    const stopped = (["cardmate", "client"] as const).find((kind) => stoppedHere(d.sql, keys[kind], now));
    if (stopped) {
      checks.set(c.id, { result: "stopped", error: STOPS[stopped](player.name), counters: [] });
      continue;
    }
    const counters: Counter[] = [
      [keys.cardmate, LIMITS.pinCardmate],
      [keys.client, LIMITS.pinClient],
    ];
    const db = readD1(d.env, d.leagueId);
    const [[cardmate, client], hash] = await Promise.all([countEach(db, ...counters), pinHashOfPlayer(db, player.playerId)]);
    const over = cardmate > LIMITS.pinCardmate.max ? "cardmate" : client > LIMITS.pinClient.max ? "client" : null;
    if (over) {
      d.sql.exec("insert or replace into pin_stops (key, until) values (?, ?)", keys[over], now + STOP_SECONDS);
      checks.set(c.id, { result: "stopped", error: STOPS[over](player.name), counters: [] });
      continue;
    }
    checks.set(c.id, { result: (await pinMatches(hash, c.pin)) ? "right" : "wrong", counters });
  }
  return checks;
}

/** Gives D1's daily counts back for every PIN that was not a wrong try the rules kept: only wrong PINs add up. */
export async function settlePins(d: LiveDeps, checks: Map<string, PinCheck>): Promise<void> {
  const back = [...checks.values()].filter((c) => c.counters.length > 0 && !c.wrongCounted).flatMap((c) => c.counters);
  if (back.length > 0) await refund(readD1(d.env, d.leagueId), ...back);
}
