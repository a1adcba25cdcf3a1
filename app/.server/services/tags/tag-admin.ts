import { sql } from "drizzle-orm";
import { type Db, checkFailed, foreignKeyFailed } from "../../db/client";
import { tagMoves } from "../../db/schema";
import { writeGuard } from "../../db/write-guard";
import { badRequest, conflict, notFound } from "../../errors";
import { readHoldings } from "./tags";
import { nowSeconds } from "~/lib/shared/time";

// An admin gives a tag from the pool to a player without one, or takes a tag back into the
// pool (ADR 27). Each is a move that is never rewritten, stamped with the admin by a
// trigger and written to the audit log. The write is guarded by the history it was planned
// from, so two admins giving the same tag at once make one holder and one refusal.

// The league's history only (ADR 46): another league's moves change neither this fingerprint nor its holders.
const historySql = (db: Db) =>
  sql<string>`(select count(*) || ':' || coalesce(max(id), 0) from tag_moves where league_id = ${db.leagueId})`;

async function readPlan(db: Db) {
  const [read, [fp]] = await Promise.all([readHoldings(db), db.all<{ fp: string }>(sql`select ${historySql(db)} as fp`)]);
  if (!read.settings.on) throw conflict("Bag tags are off: turn them on in the settings first.");
  return { ...read, fingerprint: fp?.fp ?? "" };
}

async function writeMove(db: Db, fingerprint: string, move: Omit<typeof tagMoves.$inferInsert, "leagueId">): Promise<boolean> {
  try {
    await db.batch([
      writeGuard(db, "tagsChanged", sql`${historySql(db)} is not ${fingerprint}`),
      db.insert(tagMoves).values({ leagueId: db.leagueId, ...move }),
    ]);
    return true;
  } catch (err) {
    if (checkFailed(err, "tags_changed")) return false;
    if (foreignKeyFailed(err)) throw notFound("Player not found");
    throw err;
  }
}

const nameOf = (names: Map<number, string>, id: number) => names.get(id) ?? `player #${id}`;

/** Gives `tag` (from the pool) to the player, who must hold none. */
export async function assignTag(db: Db, input: { tag: number; playerId: number }): Promise<void> {
  for (let attempt = 0; attempt < 8; attempt++) {
    const { settings, holdings, names, fingerprint } = await readPlan(db);
    if (input.tag > settings.tagCount) throw badRequest(`Tag must be a number from 1 to ${settings.tagCount} (the pool's size)`);
    const holder = holdings.get(input.tag);
    if (holder) throw conflict(`Tag ${input.tag} is held by ${nameOf(names, holder.playerId)}: take it back first.`);
    const own = [...holdings].find(([, h]) => h.playerId === input.playerId);
    if (own) throw conflict(`${nameOf(names, input.playerId)} already holds tag ${own[0]}.`);
    const move = { tag: input.tag, fromPlayerId: null, toPlayerId: input.playerId, reason: "assigned" as const, at: nowSeconds() };
    if (await writeMove(db, fingerprint, move)) return;
  }
  throw conflict("The bag tags changed while saving. Please try again.");
}

/** Takes `tag` back from whoever holds it into the pool. */
export async function takeBackTag(db: Db, input: { tag: number }): Promise<void> {
  for (let attempt = 0; attempt < 8; attempt++) {
    const { holdings, fingerprint } = await readPlan(db);
    const holder = holdings.get(input.tag);
    if (!holder) throw conflict(`Tag ${input.tag} is in the pool already.`);
    const move = { tag: input.tag, fromPlayerId: holder.playerId, toPlayerId: null, reason: "taken_back" as const, at: nowSeconds() };
    if (await writeMove(db, fingerprint, move)) return;
  }
  throw conflict("The bag tags changed while saving. Please try again.");
}
