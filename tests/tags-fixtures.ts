// Bag tag scenes (ADR 27) for the service, race and /api tests. The tags are the league's
// one pool and the rounds swap in time order, so each scene takes its own stretch of time
// (after now, so the admins' assignments made now come before its rounds) and its own tag
// numbers: scenes in one file do not swap into each other's.
import { eq } from "drizzle-orm";
import { DAY, makeEntry, makePlayer, makeRound, nowSec, testDb } from "./fixtures";
import { versionsOf } from "./version-fixtures";
import { type Player, tagMoves } from "~/.server/db/schema";
import { updateEntries } from "~/.server/services/entries/entry-admin";
import { updateLeagueSettings } from "~/.server/services/settings/league-settings";
import { assignTag } from "~/.server/services/tags/tag-admin";
import { readHoldings } from "~/.server/services/tags/tags";
import { afterWrite } from "./after-write";

let scenes = 0;

/** Tags on, a pool of 500 and no expiry, unless the scene says otherwise. */
export const tagsOn = (expiryWeeks = 0) =>
  updateLeagueSettings(testDb(), { bagTags: "chosen", tagCount: 500, tagExpiryWeeks: expiryWeeks });

/** A new scene: its start (400 days after the one before) and tag numbers of its own. */
export function scene() {
  scenes += 1;
  const start = nowSec() + scenes * 400 * DAY;
  const first = scenes * 12;
  return { start, tag: (n: number) => first + n, week: (n: number) => start + n * 7 * DAY };
}

/** Players holding the tags given (one each, assigned by the admin service now). */
export async function holders(tags: number[]): Promise<Player[]> {
  const out: Player[] = [];
  for (const tag of tags) {
    const p = await makePlayer();
    await assignTag(testDb(), { tag, playerId: p.id });
    out.push(p);
  }
  return out;
}

export type Result = number | "dnf";

/** A tags round at `startsAt` whose results are saved through the entries' one write. */
export async function tagsRound(startsAt: number, results: [Player, Result][]) {
  const round = await makeRound({ startsAt, countsForTags: true });
  const entries = [];
  for (const [p, r] of results) entries.push(await makeEntry({ roundId: round.id, playerId: p.id, dnf: r === "dnf" }));
  await saveScores(entries.map((e, i) => [e.id, scoreOf(results[i]?.[1] ?? 0)]));
  return { round, entries };
}

const scoreOf = (r: Result) => (r === "dnf" ? 0 : r);

/** Saves scores as an admin does (POST /bulk's service), at the versions read now. */
export async function saveScores(scores: [number, number][]) {
  const read = await versionsOf(scores.map(([id]) => id));
  const saved = await updateEntries(
    testDb(),
    scores.map(([id, score]) => ({ id, version: read.get(id) ?? 0, value: { score } })),
  );
  // The swap is what the save leaves for after it (ADR 44), as a request's runner does it.
  await afterWrite(saved);
  return saved.value;
}

/** Who holds each of these players' tags now: tag number or null, in their order. */
export async function tagsOf(players: Player[]): Promise<(number | null)[]> {
  const { holdings } = await readHoldings(testDb());
  return players.map((p) => [...holdings].find(([, h]) => h.playerId === p.id)?.[0] ?? null);
}

export const movesOfRound = (roundId: number) => testDb().select().from(tagMoves).where(eq(tagMoves.roundId, roundId)).orderBy(tagMoves.id);
