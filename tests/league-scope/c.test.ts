import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { withAuditActor } from "../../workers/audit-actor";
import { makeAdmin, makeUser } from "../auth-fixtures";
import { PAR_56 } from "../course-fixtures";
import { DAY, balanceOf, nowSec, refusal, roundValues, testDb } from "../fixtures";
import { IN_WINDOW } from "../night-fixtures";
import { currentClaimQuery } from "~/.server/services/players/claim-state";
import { type Db, getDb } from "~/.server/db/client";
import { leagueFromEnv } from "~/.server/league";
import { claims, entries, payments, players, rounds, tagMoves, transfers, users } from "~/.server/db/schema";
import { createCourse, deleteCourse, getCourse, listCoursesWithHoles, updateCourse } from "~/.server/services/courses/courses";
import { createLayout, deleteLayout, getLayout, updateLayout } from "~/.server/services/courses/layouts";
import { roundCourseQuery, roundLayout } from "~/.server/services/courses/layout-sql";
import { makeNotice } from "~/.server/services/messages/notices";
import { checkIn, undoCheckIn } from "~/.server/services/night/check-in";
import { entryOwes } from "~/.server/services/night/entry-owes";
import { cashRecordRows } from "~/.server/services/night/night-cash";
import { checkInRows } from "~/.server/services/night/night-desk";
import { playerNight } from "~/.server/services/night/player-night";
import { walkUp } from "~/.server/services/night/walk-up";
import { liveRoster, pinHashOfPlayer, roundPlayersWithPin } from "~/.server/services/live/live-roster";
import { roundPublished } from "~/.server/services/live/live-viewer";
import { playerHome } from "~/.server/pages/player-home";
import { decideClaim, listClaims, myClaim, unclaim } from "~/.server/services/players/claims";
import { deletePlayer, savePlayer } from "~/.server/services/players/player-admin";
import { getPlayer, listPlayersWithStats, searchPlayers, simpleList } from "~/.server/services/players/players";
import { recentPlayers } from "~/.server/services/players/recent-players";
import { scoreHistory } from "~/.server/services/players/score-history";
import { currentRatings } from "~/.server/services/ratings/league-ratings";
import { ratingAndHandicap, roundHandicaps } from "~/.server/services/ratings/rating-and-handicap";
import { queueRatingsFrom } from "~/.server/services/ratings/ratings-trigger";
import { recomputeRatings } from "~/.server/services/ratings/round-ratings";
import { getUserDetail, listUsers } from "~/.server/services/accounts/user-list";
import { updateLeagueSettings } from "~/.server/services/settings/league-settings";
import { assignTag, takeBackTag } from "~/.server/services/tags/tag-admin";
import { syncTags } from "~/.server/services/tags/tag-sync";
import { playerTag, tagBoard, tagHistory } from "~/.server/services/tags/tags";

// Two leagues in one database (ADR 46), with look-alike rows: the same course, player and
// round names in each, the other league's carrying sentinel text. League A (the default,
// the app's) reads none of B's rows, asks for B's ids and gets 404, and its writes with
// B's ids change nothing of B's: courses, players and claims, tags, ratings, the league
// night and its money, live scoring, and the pages that compose them.

const SENTINEL = "B-ONLY-SENTINEL";
let A: Db;
let B: Db;
type League = Awaited<ReturnType<typeof lookAlike>>;
let a: League;
let b: League;
let user: Awaited<ReturnType<typeof makeUser>>;
let admin: { admin: true; userId: number };

/** One league's rows, named alike in both; `mark` goes into the text a read of the other league must never show. */
async function lookAlike(db: Db, mark: string) {
  const course = await createCourse(db, { name: "Oak Hollow", place: `Park ${mark}` });
  const layout = await createLayout(db, course.id, { name: "Long", holes: PAR_56 });
  const row = <T>(rows: T[]) => rows[0] as T;
  const [player, lonely] = await db
    .insert(players)
    .values([
      { leagueId: db.leagueId, firstName: "Ada", lastName: "Lookalike", division: "MA1", pdga: mark },
      { leagueId: db.leagueId, firstName: "Lone", lastName: "Lookalike", division: "MA1", pdga: mark },
    ])
    .returning();
  const at = (startsAt: number, name: string) =>
    roundValues({ leagueId: db.leagueId, startsAt, name, layoutId: layout.id, location: "Oak Hollow" });
  const [past, tonight] = await db
    .insert(rounds)
    .values([at(nowSec() - 30 * DAY, "Week 1"), at(nowSec() + IN_WINDOW, "Week 2")])
    .returning();
  // Credit from the league, then a scored, rated entry last month and an unpaid one tonight.
  await db
    .insert(transfers)
    .values({ leagueId: db.leagueId, toPlayerId: player!.id, amountCents: 1000, date: nowSec(), description: mark });
  const [played, entry] = await db
    .insert(entries)
    .values([
      { leagueId: db.leagueId, roundId: past!.id, playerId: player!.id, division: "MA1", score: 54, rating: mark === SENTINEL ? 999 : 900 },
      { leagueId: db.leagueId, roundId: tonight!.id, playerId: player!.id, division: "MA1" },
    ])
    .returning();
  // Last month's entry paid in cash at the course.
  await db.insert(payments).values({
    leagueId: db.leagueId,
    roundId: past!.id,
    playerId: player!.id,
    method: "cash",
    status: "completed",
    amountCents: 500,
    division: "MA1",
    paymentData: JSON.stringify({ note: mark }),
  });
  await updateLeagueSettings(db, { bagTags: "chosen", tagCount: 50 });
  return { course, layout, player: player!, lonely: lonely!, past: row([past!]), tonight: tonight!, played: played!, entry: entry! };
}

/** Every row of league B in the tables these domains read and write, to compare before and after. */
async function leagueB(): Promise<string> {
  const tables = ["courses", "layouts", "layout_holes", "players", "claims", "rounds", "entries", "payments", "transfers", "tag_moves"];
  const out: Record<string, unknown[]> = {};
  for (const t of tables) {
    const { results } = await env.DB.prepare(`select * from ${t} where league_id = ?`).bind(B.leagueId).all();
    out[t] = results.map((r) => JSON.stringify(r)).sort();
  }
  return JSON.stringify(out);
}

beforeAll(async () => {
  const other = await env.DB.prepare("insert into leagues (slug) values ('other-c') returning id").first<{ id: number }>();
  A = testDb();
  B = getDb(
    withAuditActor(env.DB, () => ({ userId: null, role: "system" })),
    other?.id as number,
  );
  [a, b] = [await lookAlike(A, "town"), await lookAlike(B, SENTINEL)];
  // One account in both leagues: a pending claim in A, an approved one (with a PIN) in B.
  user = await makeUser();
  admin = { admin: true, userId: (await makeAdmin()).id };
  await A.insert(claims).values({ leagueId: A.leagueId, userId: user.id, playerId: a.player.id, status: "pending" });
  await B.insert(claims).values({ leagueId: B.leagueId, userId: user.id, playerId: b.player.id, status: "approved" });
  await testDb().update(users).set({ scoringPinHash: "pin-hash" }).where(eq(users.id, user.id));
  await assignTag(B, { tag: 7, playerId: b.player.id });
  await B.insert(tagMoves).values({
    leagueId: B.leagueId,
    tag: 8,
    toPlayerId: b.lonely.id,
    roundId: b.past.id,
    reason: "swap",
    at: b.past.startsAt,
  });
});

describe("league A reads none of league B's rows", () => {
  it("courses, players, claims and the account's claim state", async () => {
    const seen = JSON.stringify([
      await listCoursesWithHoles(A),
      await searchPlayers(A, "Lookalike"),
      await simpleList(A),
      await listPlayersWithStats(A, 0),
      await recentPlayers(A, nowSec()),
      await listClaims(A),
      await myClaim(A, user.id),
    ]);
    expect(seen).not.toContain(SENTINEL);
    expect((await searchPlayers(A, "Ada Lookalike")).map((p) => [p.id, p.balanceCents])).toEqual([[a.player.id, 1000]]);
    expect((await currentClaimQuery(A, user.id))[0]).toEqual({ playerId: a.player.id, status: "pending" });
    const listed = (await listUsers(A)).find((u) => u.id === user.id);
    expect([listed?.linkedPlayerId, listed?.claimStatus]).toEqual([null, "pending"]);
    expect((await getUserDetail(A, user.id)).claims.map((c) => c.playerId)).toEqual([a.player.id]);
    expect((await listUsers(B)).find((u) => u.id === user.id)?.linkedPlayerId).toBe(b.player.id);
  });

  it("history, ratings, handicaps and tags", async () => {
    expect(await scoreHistory(A, b.player.id)).toEqual([]);
    expect([...(await currentRatings(A, [a.player.id, b.player.id])).keys()]).toEqual([a.player.id]);
    expect((await roundHandicaps(A, b.tonight.id)).players).toEqual({});
    const board = await tagBoard(A);
    expect(board.holders).toEqual([]);
    expect(board.pool).toContain(7);
    expect(await tagHistory(A, { tag: 7 })).toEqual([]);
    expect(await playerTag(A, b.player.id)).toMatchObject({ tag: null, history: [] });
    expect((await tagBoard(B)).holders.map((h) => [h.tag, h.playerId])).toEqual([
      [7, b.player.id],
      [8, b.lonely.id],
    ]);
  });

  it("the league night, its money and live scoring", async () => {
    expect(await checkInRows(A, b.tonight.id)).toEqual([]);
    expect(await playerNight(A, b.tonight.id, b.player.id)).toBeNull();
    expect((await cashRecordRows(A, a.past.id)).map((r) => r.amount)).toEqual([500]);
    expect(await cashRecordRows(A, b.past.id)).toEqual([]);
    expect(await roundCourseQuery(A, b.tonight.id)).toEqual([]);
    expect((await roundLayout(A, b.tonight.id)).pars).toBeNull();
    expect(await pinHashOfPlayer(A, b.player.id)).toBeNull();
    expect(await roundPlayersWithPin(A, b.tonight.id)).toEqual([]);
    expect(await roundPlayersWithPin(B, b.tonight.id)).toEqual([b.player.id]);
    // The home page: the same account's claim is pending in A, and approved with tonight's round in B.
    expect(await playerHome(A, user.id, nowSec())).toMatchObject({ claim: { status: "pending" }, next: null });
    expect((await playerHome(B, user.id, nowSec())).next?.round.id).toBe(b.tonight.id);
  });
});

describe("league A asking for league B's ids is a 404", () => {
  it.each([
    ["a course", () => getCourse(A, b.course.id)],
    ["a layout", () => getLayout(A, b.layout.id)],
    ["a player", () => getPlayer(A, b.player.id, 0)],
    ["a player's rating", () => ratingAndHandicap(A, b.player.id)],
    ["a re-rating from a round", () => queueRatingsFrom(A, { send: async () => {} } as unknown as Queue, b.past.id)],
    ["what an entry owes", () => entryOwes(A, b.entry.id, admin)],
    ["the live roster", () => liveRoster(A, b.tonight.id)],
    ["the live socket's round", () => roundPublished(A, b.tonight.id)],
  ])("%s", async (_, read) => {
    expect((await refusal(read())).code).toBe("not_found");
  });
});

describe("league A's writes with league B's ids change nothing of B's", () => {
  it("courses and layouts: no rename of B's rounds, no delete, no new layout", async () => {
    const before = await leagueB();
    for (const write of [
      () => updateCourse(A, b.course.id, { name: "Renamed", place: "" }),
      () => deleteCourse(A, b.course.id),
      () => createLayout(A, b.course.id, { name: "Short", holes: PAR_56.slice(0, 9) }),
      () => updateLayout(A, b.layout.id, 0, { name: "Short", holes: PAR_56.slice(0, 9) }),
      () => deleteLayout(A, b.layout.id),
    ]) {
      expect((await refusal(write())).code).toBe("not_found");
    }
    expect(await leagueB()).toBe(before);
  });

  it("players and claims", async () => {
    const before = await leagueB();
    const [claimB] = await B.select()
      .from(claims)
      .where(and(eq(claims.leagueId, B.leagueId), eq(claims.userId, user.id)));
    for (const write of [
      () => savePlayer(A, b.player.id, { firstName: "X", lastName: "Y", pdga: null, division: "MA1", inactive: true }),
      () => deletePlayer(A, b.lonely.id),
      () => decideClaim(A, claimB!.id, "reject"),
      () => unclaim(A, user.id, claimB!.id),
    ]) {
      expect((await refusal(write())).code).toBe("not_found");
    }
    expect(await leagueB()).toBe(before);
  });

  it("the night's money: check-in, undo, walk-up and credit", async () => {
    const before = await leagueB();
    const balance = await balanceOf(b.player.id);
    const night = { roundId: b.tonight.id, entryId: b.entry.id, who: admin, timeZone: "UTC" };
    expect((await refusal(checkIn(A, { ...night, useCredit: true }))).code).toBe("not_found");
    expect((await refusal(undoCheckIn(A, night))).code).toBe("not_found");
    const cash = { amountCents: 500, note: SENTINEL, requestKey: crypto.randomUUID() };
    const walk = {
      roundId: b.tonight.id,
      player: { id: b.lonely.id },
      division: "MA1",
      ace: false,
      creditCents: 0,
      cash,
      adminId: admin.userId,
    };
    expect((await refusal(walkUp(A, walk))).code).toBe("not_found");
    expect(await makeNotice(A, { kind: "cards", roundId: b.tonight.id, publishedAt: 0 }, leagueFromEnv(env))).toBeNull();
    expect(await leagueB()).toBe(before);
    expect(await balanceOf(b.player.id)).toBe(balance);
    // The same ids in their own league: the player checks in there, paying the $6 (fees and ace pot) from credit.
    const done = await checkIn(B, { ...night, who: { admin: false, userId: user.id }, useCredit: true });
    expect([done.changed, done.creditCents, await balanceOf(b.player.id)]).toEqual([true, 600, balance - 600]);
    expect((await entryOwes(B, b.entry.id, admin)).money.owedCents).toBe(0);
  });

  it("tags and ratings: A's moves and re-rating leave B's moves and ratings alone", async () => {
    await A.insert(tagMoves).values({
      leagueId: A.leagueId,
      tag: 5,
      toPlayerId: a.player.id,
      roundId: a.past.id,
      reason: "swap",
      at: a.past.startsAt,
    });
    const before = await leagueB();
    expect((await refusal(assignTag(A, { tag: 9, playerId: b.lonely.id }))).code).toBe("not_found");
    expect((await refusal(takeBackTag(A, { tag: 7 }))).code).toBe("conflict");
    // A's stored swap matches no round of A's: A's re-sync removes it, and only it.
    expect(await syncTags(A, 0)).toEqual({ written: 0 });
    expect(await A.select().from(tagMoves).where(eq(tagMoves.roundId, a.past.id))).toEqual([]);
    await recomputeRatings(A);
    expect(await leagueB()).toBe(before);
  });
});
