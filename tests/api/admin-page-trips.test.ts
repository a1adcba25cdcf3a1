// Every admin page's loader reads D1 in one trip (ADR 41): the session's row is the page's
// first trip, the loader's reads one batch the second. Each loader runs here with the
// request's own read runner and trip counter (workers/request-scope.ts), over rounds in
// every state the pages show: open and capped with a waitlist, with side pots, doubles, and
// live with published cards.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { makeUser } from "../auth-fixtures";
import { DAY, makeAce, makeEntry, makePlayer, makeRound, makeTransfer, nowSec, testDb } from "../fixtures";
import { makeLiveRound } from "../live-fixtures";
import { outcome, sessionOf } from "../route-fixtures";
import { ctpPot, scoredRound } from "../sidepot-fixtures";
import { cappedRound, claimedPlayer, fill } from "../waitlist-fixtures";
import { observeD1 } from "../../workers/d1-observer";
import { observeObjects } from "../../workers/object-observer";
import { gatherReads } from "../../workers/read-runner";
import type { Session } from "~/.server/auth/current-user";
import { getDb } from "~/.server/db/client";
import { claims, layouts, transfers } from "~/.server/db/schema";
import { leagueFromEnv } from "~/.server/league";
import { joinWaitlist } from "~/.server/services/signup/waitlist";
import { cloudflareContext, servicesContext, sessionContext } from "~/context";
import * as audit from "~/routes/admin-audit";
import * as courseForm from "~/routes/admin-course-form";
import * as layoutForm from "~/routes/admin-layout-form";
import * as reports from "~/routes/admin-reports";
import * as reportsCsv from "~/routes/admin-reports-csv";
import * as roundForm from "~/routes/admin-round-form";
import * as night from "~/routes/admin-round-night";
import * as play from "~/routes/admin-round-play";
import * as scores from "~/routes/admin-round-scores";
import * as roundsList from "~/routes/admin-rounds";
import * as multi from "~/routes/admin-rounds-multi";
import * as userPage from "~/routes/admin-user";
import { DEFAULT_LEAGUE_ID } from "~/.server/db/tables/leagues";

type Loader = (args: never) => Promise<unknown>;

/** A loader's answer and its D1 trips, run as the Worker runs it: reads gathered, the live object counted. */
async function tripsOf(loader: Loader, session: Session | null, path: string, params: Record<string, string> = {}) {
  const { binding, seen, wait } = observeD1(env.DB);
  const DB = gatherReads(binding);
  const context = new RouterContextProvider();
  context.set(cloudflareContext, { env: { ...env, DB, LIVE_ROUND: observeObjects(env.LIVE_ROUND, wait) }, ctx: {} as ExecutionContext });
  context.set(servicesContext, { db: getDb(DB, DEFAULT_LEAGUE_ID), league: leagueFromEnv(env) });
  context.set(sessionContext, session);
  const request = new Request(`http://localhost${path}`);
  const answer = await outcome(loader({ request, context, params, unstable_pattern: path } as never));
  return { ...answer, trips: seen.roundTrips, calls: seen.calls };
}

const admin = () => sessionOf("admin");

describe("admin pages: the loader's reads are one trip", () => {
  it("a user's page: their linked player's history, with the names a moved transfer speaks of", async () => {
    const [user, mine, other, third] = await Promise.all([makeUser(), makePlayer(), makePlayer(), makePlayer()]);
    await testDb().insert(claims).values({ leagueId: DEFAULT_LEAGUE_ID, userId: user.id, playerId: mine.id, status: "approved" });
    const t = await makeTransfer({ fromPlayerId: null, toPlayerId: third.id, amountCents: 300 });
    // Moved from a third player to this user's: the log row names the third only in its before.
    await testDb().update(transfers).set({ toPlayerId: mine.id, fromPlayerId: other.id }).where(eq(transfers.id, t.id));
    const page = await tripsOf(userPage.loader, await admin(), `/admin/user/${user.id}`, { userId: String(user.id) });
    expect(page).toMatchObject({ status: 200, trips: 1 });
    const changes = page.data.playerHistory.entries.flatMap((e: { changes: unknown[] }) => e.changes);
    expect(changes).toContainEqual({
      field: "to",
      before: `${third.firstName} ${third.lastName}`,
      after: `${mine.firstName} ${mine.lastName}`,
    });

    const unlinked = await makeUser();
    const none = await tripsOf(userPage.loader, await admin(), `/admin/user/${unlinked.id}`, { userId: String(unlinked.id) });
    expect(none).toMatchObject({ status: 200, trips: 1, data: { playerHistory: null } });
    const missing = await tripsOf(userPage.loader, await admin(), "/admin/user/99999999", { userId: "99999999" });
    expect(missing).toMatchObject({ status: 404, data: { message: "User not found" } });
  });

  it("the money report and its CSV, with an ace paid under no round", async () => {
    const round = await makeRound({ startsAt: nowSec() - 2 * DAY });
    await makeEntry({ roundId: round.id, playerId: (await makePlayer()).id });
    await makeAce({ playerId: (await makePlayer()).id, amountCents: 1_500, date: nowSec() - 400 * DAY });
    const page = await tripsOf(reports.loader, await admin(), "/admin/reports");
    expect(page).toMatchObject({ status: 200, trips: 1 });
    expect(page.data.report.seasons.length).toBeGreaterThan(0);
    const csv = await tripsOf(reportsCsv.loader, await admin(), "/admin/reports.csv?table=seasons");
    expect(csv).toMatchObject({ status: 200, trips: 1 });
  });

  it("the rounds list, by season, and an unknown season still 404", async () => {
    const past = await makeRound({ startsAt: nowSec() - 800 * DAY });
    const season = new Date((past.startsAt as number) * 1000).getUTCFullYear();
    for (const query of ["", "?season=all", `?season=${season}`, `?saved=${past.id}`]) {
      expect(await tripsOf(roundsList.loader, await admin(), `/admin/rounds${query}`), query).toMatchObject({ status: 200, trips: 1 });
    }
    const unknown = await tripsOf(roundsList.loader, await admin(), "/admin/rounds?season=1901");
    expect(unknown).toMatchObject({ status: 404, data: { message: "There are no rounds in that season." } });
    expect(await tripsOf(roundsList.loader, await admin(), "/admin/rounds?season=x")).toMatchObject({ status: 404, trips: 0 });
  });

  it("the round form, new and for a capped round with a waitlist; the multi-round editor", async () => {
    const round = await cappedRound(2);
    await fill(round.id, 2);
    const waiting = await claimedPlayer();
    await joinWaitlist(testDb(), { userId: waiting.user.id, roundId: round.id, division: "MA2", ace: false, autoConfirm: false });
    expect(await tripsOf(roundForm.loader, await admin(), "/admin/rounds/new")).toMatchObject({ status: 200, trips: 1 });
    const edit = await tripsOf(roundForm.loader, await admin(), `/admin/rounds/${round.id}`, { roundId: String(round.id) });
    expect(edit).toMatchObject({ status: 200, trips: 1 });
    expect(edit.data.caps.list).toHaveLength(1);
    expect(edit.data.caps.line).toBe("2 of 2 places · 1 waiting");
    const missing = await tripsOf(roundForm.loader, await admin(), "/admin/rounds/99999999", { roundId: "99999999" });
    expect(missing).toMatchObject({ status: 404 });
    for (const query of ["", `?ids=${round.id}`]) {
      expect(await tripsOf(multi.loader, await admin(), `/admin/rounds/multi-edit${query}`)).toMatchObject({ status: 200, trips: 1 });
    }
  });

  it("play, scores and night: side pots, doubles, and cards made but not published", async () => {
    const { round: potRound, list } = await scoredRound(3, { creditCents: 1_000 });
    await ctpPot(
      potRound.id,
      list.map((l) => l.entry.id),
    );
    const doubles = await makeRound({ doubles: true, startsAt: nowSec() - DAY });
    for (const team of [1, 1, 2]) await makeEntry({ roundId: doubles.id, playerId: (await makePlayer()).id, team });
    const { round: drafted } = await makeLiveRound([2], { published: false });
    for (const round of [potRound, doubles, drafted]) {
      const params = { roundId: String(round.id) };
      for (const [name, page] of [
        ["play", play],
        ["scores", scores],
        ["night", night],
      ] as const) {
        const answer = await tripsOf(page.loader, await admin(), `/admin/round/${name}/${round.id}`, params);
        expect(answer, `${name} ${round.id}`).toMatchObject({ status: 200, trips: 1 });
      }
    }
  });

  it("the night of a live round: its D1 batch, then the live object D1 says is live", async () => {
    const { round } = await makeLiveRound([2, 2]);
    const page = await tripsOf(night.loader, await admin(), `/admin/round/night/${round.id}`, { roundId: String(round.id) });
    // Whether the cards are published only D1 knows: the object is asked after the batch.
    expect(page).toMatchObject({ status: 200, trips: 2 });
    expect(page.data.live).not.toBeNull();
    expect(await tripsOf(play.loader, await admin(), `/admin/round/play/${round.id}`, { roundId: String(round.id) })).toMatchObject({
      status: 200,
      trips: 1,
    });
  });

  it("the audit log with a typed name, and the course and layout forms", async () => {
    const player = await makePlayer();
    const find = await tripsOf(
      audit.loader,
      await admin(),
      `/admin/audit?find=${encodeURIComponent(`${player.firstName} ${player.lastName}`)}`,
    );
    expect(find).toMatchObject({ status: 302, trips: 1 });
    expect(await tripsOf(audit.loader, await admin(), `/admin/audit?player=${player.id}`)).toMatchObject({ status: 200, trips: 1 });
    const { round } = await makeLiveRound([2], { pars: Array(9).fill(3) });
    const layoutId = String(round.layoutId);
    const layout = await tripsOf(layoutForm.loader, await admin(), `/admin/layouts/${layoutId}`, { layoutId });
    expect(layout).toMatchObject({ status: 200, trips: 1 });
    const [course] = await testDb()
      .select({ id: layouts.courseId })
      .from(layouts)
      .where(eq(layouts.id, Number(layoutId)));
    const courseId = String(course?.id);
    expect(await tripsOf(courseForm.loader, await admin(), `/admin/courses/${courseId}`, { courseId })).toMatchObject({
      status: 200,
      trips: 1,
    });
    expect(await tripsOf(layoutForm.loader, await admin(), `/admin/courses/${courseId}/layouts/new`, { courseId })).toMatchObject({
      status: 200,
      trips: 1,
    });
  });

  it("a player and a visitor are sent away before any read", async () => {
    for (const who of ["player", "nobody"] as const) {
      const session = await sessionOf(who);
      for (const [loader, path, params] of [
        [userPage.loader, "/admin/user/1", { userId: "1" }],
        [reports.loader, "/admin/reports", {}],
        [night.loader, "/admin/round/night/1", { roundId: "1" }],
        [roundForm.loader, "/admin/rounds/1", { roundId: "1" }],
      ] as const) {
        expect(await tripsOf(loader, session, path, params), `${who} ${path}`).toMatchObject({ status: 302, trips: 0 });
      }
    }
  });
});
