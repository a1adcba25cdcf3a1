// The calendar feeds' service (app/.server/services/rounds/calendar.ts) on the real D1: the
// personal feed lists exactly the rounds the user's approved player is entered in, within
// the feeds' bounds; tokens are made once, replaced on reset (the old one then opens
// nothing), and every token that does not open a feed is answered alike.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { makeUser } from "../auth-fixtures";
import { makeEntry, makePlayer, makeRound, testDb } from "../fixtures";
import { claims, users } from "~/.server/db/schema";
import { currentSeason, leagueFromEnv, seasonSpan } from "~/.server/league";
import {
  calendarTokenOf,
  ensureCalendarToken,
  feedStart,
  leagueCalendar,
  personalCalendar,
  resetCalendarToken,
} from "~/.server/services/rounds/calendar";
import { BASE64URL_32_BYTES } from "~/lib/shared/base64url";
import { DEFAULT_LEAGUE_ID } from "~/.server/db/tables/leagues";

const league = leagueFromEnv(env);
const opts = { league, origin: "https://league.example" };
const season = currentSeason(league);
const uids = (text: string) =>
  new ICAL.Component(ICAL.parse(text)).getAllSubcomponents("vevent").map((v) => String(v.getFirstPropertyValue("uid")));
const uid = (id: number) => `round-${id}@league.example`;

async function playerWithUser(status: "approved" | "pending" = "approved") {
  const user = await makeUser();
  const player = await makePlayer();
  await testDb().insert(claims).values({ leagueId: DEFAULT_LEAGUE_ID, userId: user.id, playerId: player.id, status });
  return { user, player, token: await ensureCalendarToken(testDb(), user.id) };
}

describe("personal feed", () => {
  it("lists exactly the rounds the user's approved player is entered in, past and future, from last season on", async () => {
    const { player, token } = await playerWithUser();
    const other = await makePlayer();
    const lastSeason = await makeRound({ startsAt: seasonSpan(league, season - 1).from + 86_400 * 100 });
    const tooOld = await makeRound({ startsAt: feedStart(league) - 86_400 });
    const future = await makeRound({ startsAt: seasonSpan(league, season + 1).from + 86_400 * 30 });
    const notMine = await makeRound();
    for (const r of [lastSeason, tooOld, future]) await makeEntry({ roundId: r.id, playerId: player.id });
    await makeEntry({ roundId: notMine.id, playerId: other.id });

    const text = await personalCalendar(testDb(), token, opts);
    expect(uids(text!)).toEqual([uid(lastSeason.id), uid(future.id)]);
  });

  it("is a valid, empty calendar while the claim is pending", async () => {
    const { player, token } = await playerWithUser("pending");
    await makeEntry({ roundId: (await makeRound()).id, playerId: player.id });
    expect(uids((await personalCalendar(testDb(), token, opts))!)).toEqual([]);
  });

  it("a reset replaces the token: the old one opens nothing, the new one the same rounds", async () => {
    const { user, player, token } = await playerWithUser();
    const round = await makeRound();
    await makeEntry({ roundId: round.id, playerId: player.id });
    const fresh = await resetCalendarToken(testDb(), user.id);
    expect(fresh).not.toBe(token);
    expect(fresh).toMatch(BASE64URL_32_BYTES);
    expect(await personalCalendar(testDb(), token, opts)).toBeNull();
    expect(uids((await personalCalendar(testDb(), fresh, opts))!)).toEqual([uid(round.id)]);
    expect(await calendarTokenOf(testDb(), user.id)).toBe(fresh);
  });

  it("making a token twice keeps the first one", async () => {
    const user = await makeUser();
    expect(await calendarTokenOf(testDb(), user.id)).toBeNull();
    const first = await ensureCalendarToken(testDb(), user.id);
    expect(first).toMatch(BASE64URL_32_BYTES);
    expect(await ensureCalendarToken(testDb(), user.id)).toBe(first);
  });

  it("answers null for unknown, malformed and locked users' tokens", async () => {
    const { user, token } = await playerWithUser();
    for (const bad of ["a".repeat(43), "", token.slice(1), `${token}x`, "' or 1=1 --", token.replace(/./, "+")]) {
      expect(await personalCalendar(testDb(), bad, opts), bad).toBeNull();
    }
    await testDb().update(users).set({ locked: true }).where(eq(users.id, user.id));
    expect(await personalCalendar(testDb(), token, opts)).toBeNull();
  });
});

describe("league feed", () => {
  it("has every round from the start of last season on, future ones included, in date order", async () => {
    const old = await makeRound({ startsAt: feedStart(league) - 1 });
    const first = await makeRound({ startsAt: feedStart(league) });
    const later = await makeRound({ startsAt: seasonSpan(league, season + 2).from });
    const list = uids(await leagueCalendar(testDb(), opts));
    expect(list).toContain(uid(first.id));
    expect(list).toContain(uid(later.id));
    expect(list).not.toContain(uid(old.id));
    expect(list.indexOf(uid(first.id))).toBeLessThan(list.indexOf(uid(later.id)));
  });
});
