import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { makeUser } from "../auth-fixtures";
import { makeEntry, makePlayer, makeRound, makeTransfer, testDb } from "../fixtures";
import { fresh, versionOf } from "../version-fixtures";
import { claims } from "~/.server/db/schema";
import { addEntry, deleteEntry, updateEntries } from "~/.server/services/entries/entry-admin";
import { creditPayouts, syncPayouts } from "~/.server/services/entries/payouts";
import { balanceCentsSql } from "~/.server/services/players/balance-sql";
import { deletePlayer } from "~/.server/services/players/player-admin";
import { listPlayersWithStats } from "~/.server/services/players/players";
import { signUpWithCredit } from "~/.server/services/signup/signup";
import { EntryChangesSchema, NewEntryValuesSchema } from "~/schemas/entries";
import { DEFAULT_LEAGUE_ID } from "~/.server/db/tables/leagues";

// player_stats and round_stats are kept by triggers on entries (migration 0010). After
// every path that writes entries, they must equal the aggregates computed from scratch over
// entries — the players list, a player's page and the ace pot read them instead of every
// entry.

type StatsRow = {
  player_id: number;
  round_count: number;
  score_sum: number;
  wins: number;
  best_score: number | null;
  credit_cents: number;
};

/** Every player's stats both ways: kept (player_stats) and from scratch (entries). */
async function bothWays(): Promise<{ kept: StatsRow[]; fresh: StatsRow[] }> {
  const db = testDb();
  // A kept row whose player has no entries left must read all zeros: compare every player.
  const kept = await db.all<StatsRow>(sql`
    select p.id as player_id, coalesce(s.round_count, 0) as round_count, coalesce(s.score_sum, 0) as score_sum,
      coalesce(s.wins, 0) as wins, s.best_score, coalesce(s.credit_cents, 0) as credit_cents
    from players p left join player_stats s on s.player_id = p.id order by p.id`);
  const fresh = await db.all<StatsRow>(sql`
    select p.id as player_id,
      coalesce(sum(e.score > 0), 0) as round_count,
      coalesce(sum(case when e.score > 0 then e.score else 0 end), 0) as score_sum,
      coalesce(sum(e.score > 0 and e.result like '1/%'), 0) as wins,
      min(case when e.score > 0 then e.score end) as best_score,
      coalesce(sum(e.credit_added_cents - e.credit_used_cents), 0) as credit_cents
    from players p left join entries e on e.player_id = p.id group by p.id order by p.id`);
  return { kept, fresh };
}

async function expectKept(): Promise<StatsRow[]> {
  const { kept, fresh } = await bothWays();
  expect(kept).toEqual(fresh);
  // The ace fund's entries per round (the pot) likewise.
  const keptAces = await testDb().all(sql`
    select r.id, coalesce(s.ace_entries, 0) as n from rounds r left join round_stats s on s.round_id = r.id order by r.id`);
  const freshAces = await testDb().all(sql`
    select r.id, (select count(*) from entries e where e.round_id = r.id and e.ace = 1) as n from rounds r order by r.id`);
  expect(keptAces).toEqual(freshAces);
  // The players list's balances (kept entries' part + transfers) equal the one definition.
  const listed = await listPlayersWithStats(testDb(), 0);
  const derived = await testDb().all<{ id: number; b: number }>(sql`select id, ${balanceCentsSql(sql`players.id`)} as b from players`);
  expect(new Map(listed.map((p) => [p.id, p.balanceCents]))).toEqual(new Map(derived.map((p) => [p.id, Number(p.b)])));
  return kept;
}

const statsOf = async (playerId: number) => (await expectKept()).find((r) => r.player_id === playerId);

describe("player_stats follows every write to entries", () => {
  it("sign-up, admin add, score save, payouts (wins), edit, delete", async () => {
    const db = testDb();
    const round = await makeRound({ openForRegistration: true });
    const [a, b, c] = await Promise.all([makePlayer(), makePlayer(), makePlayer()]);

    // A player's sign-up paid by credit (the entry comes in the sign-up's batch).
    const user = await makeUser();
    await db.insert(claims).values({ leagueId: DEFAULT_LEAGUE_ID, userId: user.id, playerId: a.id, status: "approved" });
    await makeTransfer({ fromPlayerId: null, toPlayerId: a.id, amountCents: 2_000 });
    await signUpWithCredit(db, {
      userId: user.id,
      playerId: null,
      roundId: round.id,
      division: "MA1",
      ace: true,
      creditRequestedCents: 2_000,
    });
    expect(await statsOf(a.id)).toMatchObject({ round_count: 0, best_score: null });

    // The admin adds two more; then the scores page saves all three in one batch, which
    // also writes the result labels (ADR 14): the winner's win counts.
    const { value: idB } = await addEntry(db, NewEntryValuesSchema.parse({ round_id: round.id, player: b.id, division: "MA1" }));
    const { value: idC } = await addEntry(db, NewEntryValuesSchema.parse({ round_id: round.id, player: c.id, division: "MA1" }));
    const [{ id: idA }] = await db.all<{ id: number }>(sql`select id from entries where round_id = ${round.id} and player_id = ${a.id}`);
    const score = (s: number) => EntryChangesSchema.parse({ score: s });
    await updateEntries(
      db,
      await fresh([
        { id: idA, value: score(52) },
        { id: idB, value: score(48) },
        { id: idC, value: score(55) },
      ]),
    );
    expect(await statsOf(b.id)).toMatchObject({ round_count: 1, score_sum: 48, wins: 1, best_score: 48 });
    await syncPayouts(db, round.id);
    await creditPayouts(db, round.id);
    expect((await statsOf(b.id))?.credit_cents).toBeGreaterThan(0); // the winner's payout, credited
    // Credit used moves the kept credit too.
    await updateEntries(db, await fresh([{ id: idB, value: EntryChangesSchema.parse({ credit_used: 1 }) }]));
    await expectKept();

    // Opting out of the ace fund moves the round's count (and so the pot).
    await updateEntries(db, await fresh([{ id: idC, value: EntryChangesSchema.parse({ ace: false }) }]));
    await expectKept();

    // An edit that changes the winner moves the win and the best score.
    await updateEntries(db, await fresh([{ id: idB, value: score(60) }]));
    expect(await statsOf(a.id)).toMatchObject({ round_count: 1, score_sum: 52, wins: 1, best_score: 52 });
    expect(await statsOf(b.id)).toMatchObject({ wins: 0, best_score: 60 });

    // A second round for c, then c's best entry goes: the best is re-read from what remains.
    const later = await makeRound();
    await makeEntry({ roundId: later.id, playerId: c.id, score: 50 });
    expect(await statsOf(c.id)).toMatchObject({ round_count: 2, score_sum: 105, best_score: 50 });
    const [{ id: best }] = await db.all<{ id: number }>(sql`select id from entries where round_id = ${later.id}`);
    await deleteEntry(db, best, await versionOf(best));
    expect(await statsOf(c.id)).toMatchObject({ round_count: 1, score_sum: 55, best_score: 55 });
    await deleteEntry(db, idC, await versionOf(idC));
    expect(await statsOf(c.id)).toMatchObject({ round_count: 0, score_sum: 0, wins: 0, best_score: null });
  });

  it("a round deleted with its entries (the cascade), an entry moved to another player, a player deleted", async () => {
    const db = testDb();
    const round = await makeRound();
    const [a, b] = await Promise.all([makePlayer(), makePlayer()]);
    const moved = await makeEntry({ roundId: round.id, playerId: a.id, score: 47, result: "1/2|(MA1)" });
    await makeEntry({ roundId: round.id, playerId: b.id, score: 51, result: "2/2|(MA1)" });
    expect(await statsOf(a.id)).toMatchObject({ round_count: 1, wins: 1, best_score: 47 });

    // No service re-assigns an entry today; the trigger still moves its stats with it.
    const other = await makePlayer();
    await db.run(sql`update entries set player_id = ${other.id} where id = ${moved.id}`);
    expect(await statsOf(a.id)).toMatchObject({ round_count: 0, wins: 0, best_score: null });
    expect(await statsOf(other.id)).toMatchObject({ round_count: 1, wins: 1, best_score: 47 });

    // The app refuses to delete a round that holds entries; the foreign key's cascade
    // is the one other way entries go, and it is kept too.
    await db.run(sql`delete from rounds where id = ${round.id}`);
    expect(await statsOf(other.id)).toMatchObject({ round_count: 0, score_sum: 0, wins: 0, best_score: null });
    expect(await statsOf(b.id)).toMatchObject({ round_count: 0, best_score: null });

    // A player whose history is gone can be deleted: their stats row goes with them.
    await deletePlayer(db, b.id);
    const [left] = await db.all<{ n: number }>(sql`select count(*) as n from player_stats where player_id = ${b.id}`);
    expect(left?.n).toBe(0);
    await expectKept();
  });
});
