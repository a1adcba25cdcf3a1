import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, makeAdmin, tokenFor } from "../auth-fixtures";
import { makeCourse } from "../course-fixtures";
import { dbSnapshot } from "../db-snapshot";
import { DAY, makeAce, makeEntry, makePlayer, makeRound, makeTransfer, nowSec, testDb, uniq } from "../fixtures";
import { makeLiveRound } from "../live-fixtures";
import { argsWith, outcome } from "../route-fixtures";
import { observeD1 } from "../../workers/d1-observer";
import { getDb } from "~/.server/db/client";
import { servicesContext } from "~/context";
import { leagueFromEnv } from "~/.server/league";
import { lapse, listRows, offeredRound } from "../waitlist-fixtures";
import type { Session } from "~/.server/auth/current-user";
import { ensureCalendarToken } from "~/.server/services/rounds/calendar";
import { DEFAULT_LEAGUE_ID } from "~/.server/db/tables/leagues";

// No write in a GET: every request's reads go to D1 in one batch, on a replica, so a read
// never settles, materialises or records anything (ADR 28 says where the waitlist's
// settling went instead). Every page's loader and every /api GET runs here for a visitor, a
// player and an admin over a league with a lapsed waitlist offer, a live round and played
// rounds; the database reads the same after each, but for the two exempt tables
// (tests/db-snapshot.ts).

// Each route module with a loader, and where its page lives (params filled in below).
const PAGES = import.meta.glob<{ loader?: (args: never) => unknown }>("../../app/routes/*.{ts,tsx}");

type Scene = Awaited<ReturnType<typeof scene>>;

async function scene() {
  const waitlisted = await offeredRound();
  const [offer] = await listRows(waitlisted.round.id);
  await lapse(offer!.id);
  const live = await makeLiveRound([2]);
  const played = await makeRound({ startsAt: nowSec() - 7 * DAY });
  const winner = await makePlayer();
  await makeEntry({ roundId: played.id, playerId: winner.id, score: 50, division: "MA1" });
  await makeEntry({ roundId: played.id, playerId: (await makePlayer()).id, score: 55, division: "MA1" });
  await makeAce({ roundId: played.id, playerId: winner.id, amountCents: 100 });
  await makeTransfer({ fromPlayerId: null, toPlayerId: winner.id, amountCents: 500 });
  const course = await makeCourse();
  const admin = await makeAdmin();
  const player = waitlisted.a;
  const calendarToken = await ensureCalendarToken(testDb(), player.user.id);
  return { waitlisted, live, played, winner, course, admin, player, calendarToken };
}

const sessionOf = (s: Scene, who: "player" | "admin"): Session =>
  who === "admin"
    ? {
        user: { id: s.admin.id, name: s.admin.name, email: s.admin.email, isOperator: true, linkedPlayerId: null, claimStatus: null },
        leagueId: 1,
        leagueRole: null,
        loginKind: "admin",
        sessionId: uniq(),
        expiresAt: nowSec() + DAY,
      }
    : {
        user: {
          id: s.player.user.id,
          name: s.player.user.name,
          email: s.player.user.email,
          isOperator: false,
          linkedPlayerId: s.player.player.id,
          claimStatus: "approved",
        },
        leagueId: 1,
        leagueRole: null,
        loginKind: "user",
        sessionId: uniq(),
        expiresAt: nowSec() + DAY,
      };

/** Every param a page may ask for, from the scene: the round with the lapsed offer first. */
const paramsOf = (s: Scene, roundId: number) => ({
  roundId: String(roundId),
  playerId: String(s.winner.id),
  tag: "1",
  feed: `${s.calendarToken}.ics`,
  courseId: String(s.course.courseId),
  layoutId: String(s.course.layoutId),
  userId: String(s.player.user.id),
});

// Each caller, with no query and with the queries pages take (a season, net scores).
const WHO_AND_QUERY = (["", "?season=all&net=1"] as const).flatMap((q) =>
  ([null, "player", "admin"] as const).map((who) => [who, q] as const),
);

describe("no write in a GET", () => {
  it("no page's loader writes, for a visitor, a player or an admin", async () => {
    const s = await scene();
    const rounds = [s.waitlisted.round.id, s.live.round.id, s.played.id];
    let loaders = 0;
    for (const [file, load] of Object.entries(PAGES)) {
      const { loader } = await load();
      if (!loader) continue;
      loaders++;
      // Each call through the observer (what the Worker purges by); the whole database
      // compared around the file's calls besides, for a write the observer could not see.
      const before = await dbSnapshot();
      for (const roundId of rounds) {
        for (const [who, query] of WHO_AND_QUERY) {
          const session = who && sessionOf(s, who);
          const request = new Request(`http://localhost/page${query}`);
          const args = argsWith(session, request, paramsOf(s, roundId)) as { context: { set: (...a: unknown[]) => void } };
          const { binding, seen } = observeD1(env.DB);
          args.context.set(servicesContext, { db: getDb(binding, DEFAULT_LEAGUE_ID), league: leagueFromEnv(env) });
          await outcome((async () => loader(args as never))()).catch(() => null);
          expect([...seen.writtenTables], `${file}${query} as ${who ?? "a visitor"}, round ${roundId}`).toEqual([]);
        }
      }
      expect(await dbSnapshot(), file).toEqual(before);
    }
    expect(loaders).toBeGreaterThan(30);
  }, 120_000);

  it("no /api GET writes, for a visitor, a player or an admin", async () => {
    const s = await scene();
    const [playerToken, adminToken] = [await tokenFor(s.player.user), await tokenFor(s.admin)];
    const r = s.waitlisted.round.id;
    const paths = [
      "/api/ace",
      `/api/ace?roundId=${s.played.id}`,
      "/api/ace/list",
      "/api/courses",
      "/api/standings",
      "/api/tags",
      "/api/tags/1",
      "/api/transfers",
      `/api/transfers/transfersByPlayer/${s.winner.id}`,
      "/api/players",
      "/api/players/simpleList",
      `/api/players/round/${r}`,
      `/api/players/player/${s.winner.id}`,
      `/api/players/${s.winner.id}/history`,
      "/api/players/search/a",
      "/api/rounds/thisYear",
      "/api/rounds/all",
      `/api/rounds/round/${r}`,
      `/api/rounds/roundsByPlayer/${s.winner.id}`,
      `/api/rounds/${s.live.round.id}/cards`,
      `/api/entries/${r}`,
      `/api/entries/multi/${r},${s.played.id}`,
      `/api/live/${s.live.round.id}`,
      "/api/claims",
      "/api/claims/mine",
      `/api/claims/for-user?userId=${s.player.user.id}`,
      `/api/users/check-email?email=${encodeURIComponent(s.player.user.email)}`,
      "/api/users/me",
      "/api/users/me/notifications",
      "/api/users/unsubscribe?u=1&t=x",
      "/api/admin/payments/all",
      `/api/admin/payments/${s.player.user.id}`,
      "/api/admin/settings",
      "/api/admin/users",
      `/api/admin/users/${s.player.user.id}`,
      `/api/admin/users/${s.player.user.id}/players`,
      "/api/admin/audit",
      `/api/admin/live/${s.live.round.id}/log`,
      `/api/admin/rounds/${r}/waitlist`,
    ];
    for (const path of paths) {
      for (const token of [undefined, playerToken, adminToken]) {
        const before = await dbSnapshot();
        const res = await call("GET", path, { token });
        expect(res.status, path).toBeLessThan(500);
        await res.arrayBuffer();
        expect(await dbSnapshot(), `GET ${path}`).toEqual(before);
      }
    }
  }, 120_000);
});
