import { and, asc, eq, gte, sql } from "drizzle-orm";
import { type Db, inLeague } from "../../db/client";
import { claims, entries, leaguePrefs, rounds, users } from "../../db/schema";
import { AppUrlError, linkOrigin } from "../../app-url";
import { type League, currentSeason, seasonSpan } from "../../league";
import { BASE64URL_32_BYTES, base64url } from "~/lib/shared/base64url";
import { type CalendarEvent, writeCalendar } from "~/lib/rounds/ical";
import { formatCents } from "~/lib/shared/money";
import { entryPriceCents } from "~/lib/signup/pricing";
import { nowSeconds } from "~/lib/shared/time";
import { type LeagueAddress, type LeagueUrls, leagueUrls } from "~/lib/shared/league-url";
import { CANCELLED, cancelledLabel } from "~/lib/rainouts/words";

// The league's calendar feeds: every round (/calendar.ics) and, per
// user, the rounds their approved player has entries in (/calendar/{token}.ics, the token
// the user's in this league: `league_prefs`, ADR 46). Both are bounded to the previous and current season and everything after, so a feed stays
// small after years of weekly rounds while last season's rounds are still there to look back.

/** How long a round lasts in the calendar: a league night of 18 holes plus payouts. */
export const ROUND_HOURS = 3;

const feedRound = {
  id: rounds.id,
  startsAt: rounds.startsAt,
  name: rounds.name,
  location: rounds.location,
  feePdgaCents: rounds.feePdgaCents,
  feeCourseCents: rounds.feeCourseCents,
  feeOtherCents: rounds.feeOtherCents,
  payoutCents: rounds.payoutCents,
  aceCents: rounds.aceCents,
  cancelledAt: rounds.cancelledAt,
  cancelReason: rounds.cancelReason,
};
type FeedColumn<K extends keyof typeof feedRound> = (typeof feedRound)[K]["_"];
type FeedRound = { [K in keyof typeof feedRound]: FeedColumn<K>["data"] | (FeedColumn<K>["notNull"] extends true ? never : null) };

/**
 * The origin feed URLs and UIDs use: APP_URL's (as in mail), or where a loopback copy is
 * served; an app not configured for mail still serves its feeds from the request's origin.
 */
export function feedOrigin(appUrl: string, requestUrl: string): string {
  const origin = new URL(requestUrl).origin;
  try {
    return linkOrigin(appUrl, origin);
  } catch (err) {
    if (err instanceof AppUrlError) return origin;
    throw err;
  }
}

/** The first second a feed covers: the start of the previous season. */
export function feedStart(league: League, now = nowSeconds()): number {
  return seasonSpan(league, currentSeason(league, now) - 1).from;
}

/**
 * A round as a calendar event; `origin` makes its page's URL (in `league`, ADR 46) and its
 * UID's host. A cancelled round (ADR 50) keeps its event and UID, says STATUS:CANCELLED and
 * "Cancelled: " before its name, and its reason in the description. The feed has no
 * SEQUENCE (every event is at 0); apps take the status from the same UID's new copy.
 */
export function roundEvent(round: FeedRound, origin: string, league?: LeagueAddress): CalendarEvent {
  const page = leagueUrls(league, origin).href(`/rounds/${round.id}`);
  const uid = `round-${round.id}@${new URL(origin).host}`;
  const when = { uid, start: round.startsAt, end: round.startsAt + ROUND_HOURS * 3600, location: round.location, url: page };
  if (round.cancelledAt !== null) {
    return {
      ...when,
      summary: `${CANCELLED}: ${round.name}`,
      description: `${cancelledLabel(round.cancelReason)}.\nThe round: ${page}`,
      status: "CANCELLED",
    };
  }
  const ace = round.aceCents ? ` (+ ${formatCents(round.aceCents)} ace fund)` : "";
  return {
    ...when,
    summary: round.name,
    description: `Entry ${formatCents(entryPriceCents(round))}${ace}.\nResults and sign-up: ${page}`,
  };
}

type FeedOptions = { league: League; origin: string; now?: number };

function feedText(list: FeedRound[], name: string, { league, origin, now = nowSeconds() }: FeedOptions): string {
  return writeCalendar({ name, timeZone: league.timeZone, now, events: list.map((r) => roundEvent(r, origin, league)) });
}

/** Every round of the previous season on (one indexed range read), as iCalendar text. */
export async function leagueCalendar(db: Db, opts: FeedOptions): Promise<string> {
  const list = await db
    .select(feedRound)
    .from(rounds)
    .where(and(inLeague(db, rounds), gte(rounds.startsAt, feedStart(opts.league, opts.now))))
    .orderBy(asc(rounds.startsAt), asc(rounds.id));
  return feedText(list, opts.league.name, opts);
}

/**
 * The personal feed of the user holding `token` in the query builder's league, or null for a
 * token that is malformed, unknown here (another league's included), replaced or belongs to a
 * locked or deleted account (all answered alike: 404). A user with no approved claim gets a
 * valid, empty calendar.
 */
export async function personalCalendar(db: Db, token: string, opts: FeedOptions): Promise<string | null> {
  if (!BASE64URL_32_BYTES.test(token)) return null; // the feed token: 32 random bytes
  // The token's row and its user's rounds asked together, one trip (ADR 41): the rounds by
  // the token's user in SQL, dropped when the token opens no feed.
  const owner = sql`(select p.user_id from ${leaguePrefs} p where p.league_id = ${db.leagueId} and p.calendar_token = ${token})`;
  const [[held], list, [account]] = await Promise.all([
    db
      .select({ userId: leaguePrefs.userId })
      .from(leaguePrefs)
      .where(and(inLeague(db, leaguePrefs), eq(leaguePrefs.calendarToken, token))),
    db
      .select(feedRound)
      .from(claims)
      .innerJoin(entries, and(eq(entries.leagueId, claims.leagueId), eq(entries.playerId, claims.playerId)))
      .innerJoin(rounds, eq(rounds.id, entries.roundId))
      .where(
        and(
          inLeague(db, claims),
          eq(claims.userId, owner),
          eq(claims.status, "approved"),
          gte(rounds.startsAt, feedStart(opts.league, opts.now)),
        ),
      )
      .orderBy(asc(rounds.startsAt), asc(rounds.id)),
    // The account, apart from the league's rows (the deployment's, never joined with them), by
    // the league's own select of the token's user: the same trip (ADR 46).
    db
      .select({ id: users.id, locked: users.locked })
      .from(users)
      .where(
        sql`${users.id} in (select p.user_id from ${leaguePrefs} p where p.league_id = ${db.leagueId} and p.calendar_token = ${token})`,
      ),
  ]);
  if (!held || account?.id !== held.userId || account.locked) return null;
  return feedText(list, `${opts.league.name}: my rounds`, opts);
}

const newToken = () => base64url(crypto.getRandomValues(new Uint8Array(32)));

/** A user's two feed URLs, as the profile's calendar card shows them: the league's, and theirs once made. */
export type CalendarUrls = { all: string; personal: string | null };

/** The league's feed and the user's own (made with `token`), as `links` place them. */
export function calendarFeedUrls(links: LeagueUrls, token: string | null): CalendarUrls {
  return { all: links.href("/calendar.ics"), personal: token ? personalFeedUrl(links, token) : null };
}

/** The user's own feed, made with `token`. */
export function personalFeedUrl({ href }: LeagueUrls, token: string): string {
  return href(`/calendar/${token}.ics`);
}

const ownRow = (db: Db, userId: number) => and(inLeague(db, leaguePrefs), eq(leaguePrefs.userId, userId));

/** The user's feed token in the league, or null before they first asked for one. */
export async function calendarTokenOf(db: Db, userId: number): Promise<string | null> {
  const [row] = await db.select({ token: leaguePrefs.calendarToken }).from(leaguePrefs).where(ownRow(db, userId));
  return row?.token ?? null;
}

/**
 * The user's feed token in the league, made now if they have none (two racing first asks
 * keep one). The caller names an account that exists (a checked session): the row names it
 * without a foreign key (ADR 46).
 */
export async function ensureCalendarToken(db: Db, userId: number): Promise<string> {
  const [made] = await db
    .insert(leaguePrefs)
    .values({ leagueId: db.leagueId, userId, calendarToken: newToken() })
    .onConflictDoUpdate({
      target: [leaguePrefs.leagueId, leaguePrefs.userId],
      set: { calendarToken: sql`coalesce(${leaguePrefs.calendarToken}, excluded.calendar_token)` },
    })
    .returning({ token: leaguePrefs.calendarToken });
  if (!made?.token) throw new Error("The calendar token was not stored");
  return made.token;
}

/** A new feed token in the league: the old URL stops working at once (404); the user's feeds of other leagues stay. */
export async function resetCalendarToken(db: Db, userId: number): Promise<string> {
  const token = newToken();
  await db
    .insert(leaguePrefs)
    .values({ leagueId: db.leagueId, userId, calendarToken: token })
    .onConflictDoUpdate({ target: [leaguePrefs.leagueId, leaguePrefs.userId], set: { calendarToken: token } });
  return token;
}
