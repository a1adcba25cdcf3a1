import { env } from "cloudflare:workers";
import { asc, eq, sql } from "drizzle-orm";
import { DAY, makeEntry, makePlayer, makeRound, makeTransfer, nowSec, testDb, uniq } from "./fixtures";
import { type LiveCardFixture, change, makeLiveRound, postOk } from "./live-fixtures";
import { liveStateOf } from "~/.server/services/live/live-object";
import { DEFAULT_LEAGUE_ID } from "~/.server/db/tables/leagues";
import { updateEntries } from "~/.server/services/entries/entry-admin";
import { entries, sidePotMarks, sidePotWins, sidePots } from "~/.server/db/schema";
import { addPot } from "~/.server/services/sidepots/side-pots";
import { choosePot } from "~/.server/services/entries/pot-opt-in";
import { afterWrite } from "./after-write";

// A scored round with side pots, as a league night ends: entries with scores, players with
// credit to buy in, and a pot read back as the database holds it.

export const BUY_IN = 200;

/** A round `daysAgo` back with `n` entries scored 50, 51, …, each player holding `creditCents` of credit. */
export async function scoredRound(n: number, opts: { daysAgo?: number; name?: string; creditCents?: number } = {}) {
  const round = await makeRound({ startsAt: nowSec() - (opts.daysAgo ?? 1) * DAY, ...(opts.name ? { name: opts.name } : {}) });
  const list = [];
  for (let i = 0; i < n; i++) {
    const player = await makePlayer({ division: "MA1" });
    if (opts.creditCents) await makeTransfer({ fromPlayerId: null, toPlayerId: player.id, amountCents: opts.creditCents });
    list.push({ player, entry: await makeEntry({ roundId: round.id, playerId: player.id, score: 50 + i }) });
  }
  return { round, list };
}

/** A CTP pot (by default "CTP" on holes 3 and 7, $2) with `entryIds` bought in from credit. */
export async function ctpPot(roundId: number, entryIds: number[], opts: { name?: string; holes?: number[]; buyInCents?: number } = {}) {
  const potId = await addPot(testDb(), roundId, {
    name: opts.name ?? `CTP ${uniq()}`,
    kind: "ctp",
    buyInCents: opts.buyInCents ?? BUY_IN,
    holes: opts.holes ?? [3, 7],
  });
  for (const entryId of entryIds) await choosePot(testDb(), roundId, { potId, entryId, join: true, fromCredit: true });
  return potId;
}

export const potRow = async (potId: number) => (await testDb().select().from(sidePots).where(eq(sidePots.id, potId)))[0];
export const winsOf = (potId: number) =>
  testDb()
    .select({ potId: sidePotWins.potId, hole: sidePotWins.hole, entryId: sidePotWins.entryId, amountCents: sidePotWins.amountCents })
    .from(sidePotWins)
    .where(eq(sidePotWins.potId, potId))
    .orderBy(sidePotWins.hole, sidePotWins.entryId);
export const marksOf = (potId: number) =>
  testDb().select().from(sidePotMarks).where(eq(sidePotMarks.potId, potId)).orderBy(sidePotMarks.hole, sidePotMarks.entryId);
export const entryRow = async (id: number) => (await testDb().select().from(entries).where(eq(entries.id, id)))[0];
export const auditRows = (table: string, potId: number) =>
  testDb().all<{ action: string; actor_role: string | null }>(
    sql`select action, actor_role from audit_log where table_name = ${table} and row_id = ${potId}`,
  );

/** A round scored live (ADR 26) with cards of these sizes, each player holding `creditCents`: CTP marks need one (ADR 30). */
export async function liveCtpRound(sizes: number[], creditCents = 1_000) {
  const f = await makeLiveRound(sizes);
  for (const p of f.cards.flatMap((c) => c.players))
    await makeTransfer({ fromPlayerId: null, toPlayerId: p.player.id, amountCents: creditCents });
  return f;
}

/** Every player of `card` takes a 3 on `hole`: the card has played it. */
export const playHole = (roundId: number, card: LiveCardFixture, hole: number) =>
  postOk(
    roundId,
    card.players[0].token,
    card.players.map((p) => change.strokes(p.entry.id, hole, 3)),
  );

/** The round's live state as the scoring page reads it for a mark. */
export const liveOf = (roundId: number) => liveStateOf(env, DEFAULT_LEAGUE_ID, roundId, "admin");

/** Every entry of the round scored, 50, 51, … in entry order, as a finalise would leave it. */
export async function scoreAll(roundId: number) {
  const rows = await testDb().select().from(entries).where(eq(entries.roundId, roundId)).orderBy(asc(entries.id));
  await afterWrite(
    await updateEntries(
      testDb(),
      rows.map((e, i) => ({ id: e.id, version: e.version, value: { score: 50 + i } })),
    ),
  );
}
