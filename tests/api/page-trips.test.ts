// Every public and player page's loader reads D1 in one trip (ADR 41), for a visitor, a
// player and an admin: the session's row is the middleware's trip before it, so a signed-in
// page is two in all and a visitor's one. The loaders run as the Worker runs them: the D1
// binding gathers the reads asked together into one batch, and the live round's object is
// counted as a trip like D1's (tests/unit/round-trips.test.ts).
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { makeUser } from "../auth-fixtures";
import { DAY, makeEntry, makePlayer, makeRound, makeTransfer, nowSec, testDb, uniq } from "../fixtures";
import { makeLiveRound } from "../live-fixtures";
import { ctpPot, scoredRound } from "../sidepot-fixtures";
import { cappedRound, claimedPlayer, fill } from "../waitlist-fixtures";
import { observeD1 } from "../../workers/d1-observer";
import { observeObjects } from "../../workers/object-observer";
import { gatherReads } from "../../workers/read-runner";
import type { Session } from "~/.server/auth/current-user";
import { getDb } from "~/.server/db/client";
import { claims, entries, users } from "~/.server/db/schema";
import { leagueFromEnv } from "~/.server/league";
import { ensureCalendarToken } from "~/.server/services/rounds/calendar";
import { joinWaitlist } from "~/.server/services/signup/waitlist";
import { cloudflareContext, servicesContext, sessionContext } from "~/context";
import * as calendarFeed from "~/routes/calendar-feed";
import * as home from "~/routes/home";
import * as profile from "~/routes/profile";
import * as round from "~/routes/round";
import * as score from "~/routes/round-score";
import * as standings from "~/routes/standings";
import * as transfers from "~/routes/transfers";
import { DEFAULT_LEAGUE_ID } from "~/.server/db/tables/leagues";

type Loader = (args: never) => unknown;

/** The loader's answer (a thrown one too) and the trips it took. */
async function trips(loader: Loader, session: Session | null, path: string, params: Record<string, string> = {}) {
  const { binding, seen, wait } = observeD1(env.DB);
  const context = new RouterContextProvider();
  const counted = { ...env, DB: binding, LIVE_ROUND: observeObjects(env.LIVE_ROUND, wait) };
  context.set(cloudflareContext, { env: counted, ctx: {} as ExecutionContext });
  context.set(servicesContext, { db: getDb(gatherReads(binding), DEFAULT_LEAGUE_ID), league: leagueFromEnv(env) });
  context.set(sessionContext, session);
  const request = new Request(`http://localhost${path}`);
  const answer = await Promise.resolve(loader({ request, context, params, unstable_pattern: path } as never)).catch((e: unknown) => e);
  return { answer, trips: seen.roundTrips };
}

function sessionFor(user: { id: number; name: string; email: string }, as: "admin" | "player", playerId: number | null = null): Session {
  const sessionUser = {
    id: user.id,
    name: user.name,
    email: user.email,
    isOperator: as === "admin",
    linkedPlayerId: playerId,
    claimStatus: playerId ? "approved" : null,
  };
  return {
    user: sessionUser,
    leagueId: 1,
    leagueRole: null,
    loginKind: as === "admin" ? "admin" : "user",
    sessionId: uniq(),
    expiresAt: nowSec() + DAY,
  };
}

/** A user with an approved claim on `playerId`, as their session stands for them. */
async function playerOf(playerId: number): Promise<Session> {
  const user = await makeUser();
  await testDb().insert(claims).values({ leagueId: DEFAULT_LEAGUE_ID, userId: user.id, playerId, status: "approved" });
  return sessionFor(user, "player", playerId);
}

const admin = async () => sessionFor(await makeUser({ isAdmin: true }), "admin");

/** The round page of `id` for each of these sessions: one trip each. */
async function roundPageIsOneTrip(id: number, sessions: (Session | null)[], search = "") {
  for (const session of sessions) {
    const { answer, trips: n } = await trips(round.loader, session, `/rounds/${id}${search}`, { roundId: String(id) });
    expect(answer).not.toBeInstanceOf(Error);
    expect({ who: session?.loginKind ?? "visitor", trips: n }).toEqual({ who: session?.loginKind ?? "visitor", trips: 1 });
  }
}

describe("the round page", () => {
  it("open for sign-ups: one trip for a visitor, a player not entered, an entered one and an admin", async () => {
    const r = await makeRound({ startsAt: nowSec() + 7 * DAY, openForRegistration: true });
    const [out, inside] = await Promise.all([makePlayer(), makePlayer()]);
    await makeEntry({ roundId: r.id, playerId: inside.id });
    await makeTransfer({ fromPlayerId: null, toPlayerId: inside.id, amountCents: 500 });
    await roundPageIsOneTrip(r.id, [null, await playerOf(out.id), await playerOf(inside.id), await admin()]);
  });

  it("capped with a waitlist: one trip for a visitor and a player waiting", async () => {
    const r = await cappedRound(1);
    await fill(r.id, 1);
    const waiting = await claimedPlayer();
    await joinWaitlist(testDb(), { userId: waiting.user.id, roundId: r.id, division: "MA2", ace: true, autoConfirm: false });
    await roundPageIsOneTrip(r.id, [null, sessionFor(waiting.user, "player", waiting.player.id), await admin()]);
  });

  it("finished, with side pots, net scores and a doubles field: one trip", async () => {
    const { round: r, list } = await scoredRound(4, { creditCents: 1_000 });
    await ctpPot(r.id, [list[0]!.entry.id, list[1]!.entry.id]);
    const player = await playerOf(list[0]!.player.id);
    await roundPageIsOneTrip(r.id, [null, player, await admin()]);
    await roundPageIsOneTrip(r.id, [null, player], "?net=1");
    // Doubles (ADR 31): the same entries in two teams.
    for (const [i, { entry }] of list.entries())
      await testDb()
        .update(entries)
        .set({ team: (i % 2) + 1 })
        .where(eq(entries.id, entry.id));
    await roundPageIsOneTrip(r.id, [null, player]);
  });

  it("with published cards, not scored yet: the D1 batch, then the live round's object", async () => {
    const { round: r, cards } = await makeLiveRound([2]);
    const { user, player } = cards[0]!.players[0]!;
    const onCard = sessionFor(user, "player", player.id);
    // Whether to ask the object depends on D1's answer (cards published, no score yet): a second trip.
    for (const session of [null, onCard, await admin()]) {
      const { answer, trips: n } = await trips(round.loader, session, `/rounds/${r.id}`, { roundId: String(r.id) });
      expect(answer).not.toBeInstanceOf(Error);
      expect(n).toBe(2);
    }
  });
});

describe("the score page", () => {
  it("an admin's: the object beside the D1 reads, one trip; a player's: their cards, then the object", async () => {
    const { round: r, cards } = await makeLiveRound([2]);
    const { user, player } = cards[0]!.players[0]!;
    const params = { roundId: String(r.id) };
    const asAdmin = await trips(score.loader, await admin(), `/rounds/${r.id}/score`, params);
    expect(asAdmin.answer).toMatchObject({ cardId: cards[0]!.id });
    expect(asAdmin.trips).toBe(1);
    // The object's view is made from the published cards D1 says the player is on: a second trip.
    const asPlayer = await trips(score.loader, sessionFor(user, "player", player.id), `/rounds/${r.id}/score`, params);
    expect(asPlayer.answer).toMatchObject({ cardId: cards[0]!.id, scorer: { role: "player", playerId: player.id } });
    expect(asPlayer.trips).toBe(2);
  });
});

describe("the other pages with more than one read", () => {
  it("home and /rounds: one trip for a visitor, an approved player on a published card, an admin", async () => {
    const { cards } = await makeLiveRound([2]);
    const player = sessionFor(cards[0]!.players[0]!.user, "player", cards[0]!.players[0]!.player.id);
    for (const session of [null, player, await admin()]) {
      for (const path of ["/", "/rounds", "/rounds?season=2001"]) {
        const { trips: n } = await trips(home.loader, session, path);
        expect({ path, trips: n }).toEqual({ path, trips: 1 });
      }
    }
  });

  it("standings, transfers and the profile: one trip each", async () => {
    const p = await makePlayer();
    const player = await playerOf(p.id);
    const boss = await admin();
    for (const session of [null, player, boss]) {
      expect((await trips(standings.loader, session, "/standings")).trips).toBe(1);
      expect((await trips(transfers.loader, session, "/transfers")).trips).toBe(1);
    }
    for (const session of [player, boss]) expect((await trips(profile.loader, session, "/profile")).trips).toBe(1);
  });

  it("a personal calendar feed: the token's row, its rounds and its account in one trip; the same 404 for a token that opens none or a locked account's", async () => {
    const { cards } = await makeLiveRound([1]);
    const { user } = cards[0]!.players[0]!;
    const token = await ensureCalendarToken(testDb(), user.id);
    const feed = await trips(calendarFeed.loader, null, `/calendar/${token}.ics`, { feed: `${token}.ics` });
    expect((feed.answer as Response).status).toBe(200);
    expect(await (feed.answer as Response).text()).toContain("BEGIN:VEVENT");
    // The account (is it locked?) is the deployment's, read apart from the league's rows,
    // never joined with them, by the league's select of the token's user (ADR 46): one trip.
    expect(feed.trips).toBe(1);
    const none = await trips(calendarFeed.loader, null, `/calendar/${"A".repeat(43)}.ics`, { feed: `${"A".repeat(43)}.ics` });
    expect((none.answer as Response).status).toBe(404);
    expect(none.trips).toBe(1);
    await testDb().update(users).set({ locked: true }).where(eq(users.id, user.id));
    const locked = await trips(calendarFeed.loader, null, `/calendar/${token}.ics`, { feed: `${token}.ics` });
    expect((locked.answer as Response).status).toBe(404);
  });
});
