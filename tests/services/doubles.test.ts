import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DAY, makeEntry, makePlayer, makeRound, nowSec, refusal, storedRoundValues, testDb } from "../fixtures";
import { expectBooksBalance } from "../money-fixtures";
import { RUNS } from "../races/race-fixtures";
import { auditLog, entries, rounds } from "~/.server/db/schema";
import { TEAM_MESSAGES, drawRoundTeams, roundTeams } from "~/.server/services/doubles/teams";
import { updateEntries } from "~/.server/services/entries/entry-admin";
import { creditPayouts } from "~/.server/services/entries/payouts";
import { makeRoundCards } from "~/.server/services/cards/card-writes";
import { saveRound } from "~/.server/services/entries/round-admin";
import { seasonStandings } from "~/.server/services/standings/standings";
import { leagueFromEnv } from "~/.server/league";
import { env } from "cloudflare:workers";

// Doubles on the server (ADR 31): a draw from who is checked in, refused once the teams
// count, one draw standing when admins race; the round's payouts and standings by team.

const db = () => testDb();

/** A doubles round starting in a day with `n` players checked in. */
async function doublesRound(n: number, opts: { doubles?: boolean; startsAt?: number } = {}) {
  const round = await makeRound({ doubles: opts.doubles ?? true, startsAt: opts.startsAt ?? nowSec() + DAY, payoutCents: 450 });
  const list = [];
  for (let i = 0; i < n; i++) {
    const player = await makePlayer({ division: i % 2 ? "FPO" : "MA1" });
    list.push(await makeEntry({ roundId: round.id, playerId: player.id, division: player.division, checkedInAt: nowSec() }));
  }
  return { round, list };
}

const teamOf = async (entryId: number) => (await db().select({ team: entries.team }).from(entries).where(eq(entries.id, entryId)))[0]?.team;

describe("drawing teams", () => {
  it("draws every checked-in player into a team, an odd one out as cali, and logs who drew", async () => {
    const { round, list } = await doublesRound(5);
    const late = await makeEntry({ roundId: round.id, playerId: (await makePlayer()).id });
    expect(await drawRoundTeams(db(), round.id, { mode: "random", version: 0 })).toEqual({ teams: 3, cali: true });
    const { teams, version } = await roundTeams(db(), round.id);
    expect(version).toBe(1);
    expect(teams.map((t) => t.members.length).sort()).toEqual([1, 2, 2]);
    expect(teams.flatMap((t) => t.members.map((m) => m.entryId)).sort((a, b) => a - b)).toEqual(list.map((e) => e.id));
    // Not checked in: no team.
    expect(await teamOf(late.id)).toBeNull();
    const [logged] = await db().select().from(auditLog).where(eq(auditLog.tableName, "teams")).orderBy(auditLog.id);
    expect(logged).toBeDefined();
    // A draw again replaces the teams.
    await drawRoundTeams(db(), round.id, { mode: "balanced", version: 1 });
    expect((await roundTeams(db(), round.id)).version).toBe(2);
  });

  it("refuses a singles round, too few players, a stale version, and a round whose cards are out", async () => {
    const singles = await doublesRound(2, { doubles: false });
    expect(await refusal(drawRoundTeams(db(), singles.round.id, { mode: "random", version: 0 }))).toMatchObject({
      status: 409,
      message: TEAM_MESSAGES.notDoubles,
    });
    const one = await doublesRound(1);
    expect((await refusal(drawRoundTeams(db(), one.round.id, { mode: "random", version: 0 }))).message).toBe(TEAM_MESSAGES.few);
    const { round } = await doublesRound(4);
    expect((await refusal(drawRoundTeams(db(), round.id, { mode: "random", version: 3 }))).message).toBe(TEAM_MESSAGES.changed);
    await db().update(rounds).set({ cardsPublishedAt: nowSec() }).where(eq(rounds.id, round.id));
    expect((await refusal(drawRoundTeams(db(), round.id, { mode: "random", version: 0 }))).message).toBe(TEAM_MESSAGES.fixed);
    expect((await roundTeams(db(), round.id)).teams).toEqual([]);
  });

  it.each(RUNS)("run %i: twenty admins drawing at once leave one draw, every other told the teams changed", async () => {
    const { round, list } = await doublesRound(8);
    const answers = await Promise.allSettled(
      Array.from({ length: 20 }, () => drawRoundTeams(db(), round.id, { mode: "random", version: 0 })),
    );
    expect(answers.filter((a) => a.status === "fulfilled")).toHaveLength(1);
    for (const a of answers) if (a.status === "rejected") expect((a.reason as Error).message).toBe(TEAM_MESSAGES.changed);
    const { teams, version } = await roundTeams(db(), round.id);
    expect(version).toBe(1);
    expect(teams).toHaveLength(4);
    expect(teams.flatMap((t) => t.members.map((m) => m.entryId)).sort((a, b) => a - b)).toEqual(list.map((e) => e.id));
  });
});

describe("a doubles round's cards, payouts and standings", () => {
  it("keeps partners on a card, pays teams split between partners, and gives both the team's place", async () => {
    const { round } = await doublesRound(5, { startsAt: nowSec() - DAY });
    await drawRoundTeams(db(), round.id, { mode: "balanced", version: 0 });
    const board = await makeRoundCards(db(), round.id, { version: 0 });
    const { teams } = await roundTeams(db(), round.id);
    for (const t of teams) {
      const card = board.cards.find((c) => c.players.some((p) => p.entryId === t.members[0]?.entryId));
      expect(t.members.every((m) => card?.players.some((p) => p.entryId === m.entryId))).toBe(true);
    }
    // Team scores (every partner the team's), the best team first.
    const scoreOf = new Map(teams.map((t, i) => [t.number, 50 + i]));
    const rows = await db().select().from(entries).where(eq(entries.roundId, round.id));
    await updateEntries(
      db(),
      rows.map((e) => ({ id: e.id, version: e.version, value: { score: scoreOf.get(e.team ?? 0) ?? 60 } })),
    );
    const after = await db().select().from(entries).where(eq(entries.roundId, round.id));
    const best = teams[0]?.members.map((m) => after.find((e) => e.id === m.entryId)) ?? [];
    expect(best.map((e) => e?.result)).toEqual(["1/3|(Doubles)", "1/3|(Doubles)"]);
    // Five entries × $4.50 = $22.50: paid places of three teams are two.
    const paid = after.reduce((sum, e) => sum + e.payoutCents, 0);
    expect(paid).toBeGreaterThan(2_000);
    expect(paid).toBeLessThanOrEqual(2_250 + 25);
    expect(Math.abs((best[0]?.payoutCents ?? 0) - (best[1]?.payoutCents ?? 0))).toBeLessThanOrEqual(1);
    await creditPayouts(db(), round.id);
    await expectBooksBalance();

    // The standings: both partners of the best team are first in their own divisions' tables for this round.
    const standings = await seasonStandings(db(), leagueFromEnv(env), {}, round.startsAt + DAY);
    const places = standings.divisions.flatMap((d) =>
      d.players.flatMap((p) => p.rounds.filter((r) => r.roundId === round.id).map((r) => [p.playerId, r.place])),
    );
    for (const e of best) expect(places).toContainEqual([e?.playerId, 1]);
  });

  it("a round made singles again drops its teams and pays by division", async () => {
    const { round, list } = await doublesRound(4, { startsAt: nowSec() - DAY });
    await drawRoundTeams(db(), round.id, { mode: "random", version: 0 });
    const [stored] = await db().select().from(rounds).where(eq(rounds.id, round.id));
    if (!stored) throw new Error("no round");
    await saveRound(db(), round.id, { ...storedRoundValues(stored), doubles: false }, stored.version);
    for (const e of list) expect(await teamOf(e.id)).toBeNull();
  });
});
