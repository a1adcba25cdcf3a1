import { type Column, and, eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { type Db, inLeague } from "../../db/client";
import { fullNameSql } from "../../db/player-name";
import { aces, claims, entries, messagePrefs, players, rounds, waitlist } from "../../db/schema";
import type { League } from "../../league";
import { accountsRead } from "../../mail/recipients";
import { cardBoard } from "../cards/card-board";
import { roundMoneyOf, roundPayments } from "../money/round-money";
import { entryMoneyColumns } from "../night/entry-money-columns";
import { isLeagueMemberSql } from "../players/league-member";
import { roundPath } from "./message-write";
import { type NewMessage, type Recipient, messageStatements } from "./message-write";
import type { Notice } from "~/schemas/notices";
import { NOTICE_WORDS } from "~/lib/messages/notice-words";
import { cardMessage } from "~/lib/night/night";
import { leagueUrls } from "~/lib/shared/league-url";
import { formatDateLong, formatTime, nowSeconds } from "~/lib/shared/time";

// What the league tells its players by itself (ADR 49), one message per notice: its cards
// published, a reminder 4 hours before a round, what is owed when check-in opens, the
// results credited, a round cancelled or postponed, an ace. Each message is keyed by what it names, so a
// job run twice, or the cron asking every minute, makes it once; each recipient's copy has
// their own words (their card, their place, what they owe). Recipients are the accounts with
// an approved claim on the player concerned, unlocked (read apart, ADR 46); an ace goes only
// to those who asked for it. The waitlist's news is waitlist-notices.ts's.

/** A round's cancellation at `at` (now unless given), as the `notify` follow-up carries it: entered and waitlisted players are told. */
export const cancelledNotice = (roundId: number, reason: string, at = nowSeconds()): Notice => ({
  kind: "cancelled",
  roundId,
  reason: reason.trim(),
  at,
});

/**
 * A round moved from `from` to `to` (ADR 50), as the `notify` follow-up carries it: entered and
 * waitlisted players are told, under the "cancelled" kind (a player's channel for a
 * cancellation covers a move too).
 */
export const postponedNotice = (roundId: number, from: number, to: number): Notice => ({ kind: "postponed", roundId, from, to });

/** A message and each account's copy, to make once. */
type Made = { message: NewMessage; recipients: Recipient[] };

/** The join to the player's account (`playerId`: a column of the query): its approved claim in the league, if any. */
const claimOn = (db: Db, playerId: Column) => and(eq(claims.playerId, playerId), inLeague(db, claims), eq(claims.status, "approved"));

/** The copies of the rows whose account is one (an approved claim) and unlocked (ADR 46). */
async function copiesFor<T extends { userId: number | null }>(db: Db, rows: readonly T[], words: (row: T) => Omit<Recipient, "userId">) {
  const ids = [...new Set(rows.flatMap((r) => (r.userId === null ? [] : [r.userId])))];
  const open = new Set(ids.length ? (await accountsRead(db, ids)).map((a) => a.userId) : []);
  return rows.flatMap((r) => (r.userId !== null && open.has(r.userId) ? [{ userId: r.userId, ...words(r) }] : []));
}

const roundRead = (db: Db, roundId: number) =>
  db
    .select({
      id: rounds.id,
      name: rounds.name,
      startsAt: rounds.startsAt,
      location: rounds.location,
      publishedAt: rounds.cardsPublishedAt,
    })
    .from(rounds)
    .where(and(inLeague(db, rounds), eq(rounds.id, roundId)));

/**
 * Each entry of the round with its account and what it still owes, by the round's money rule
 * (roundMoneyOf: the one the night screen, the round page and entry-owes.ts read).
 */
export async function roundOwed(db: Db, roundId: number) {
  const [rows, payments] = await Promise.all([
    db
      .select({ ...entryMoneyColumns, userId: claims.userId })
      .from(entries)
      .innerJoin(rounds, eq(rounds.id, entries.roundId))
      .leftJoin(claims, claimOn(db, entries.playerId))
      .where(and(inLeague(db, entries), eq(entries.roundId, roundId))),
    roundPayments(db, roundId),
  ]);
  const [first] = rows;
  if (!first) return [];
  const money = roundMoneyOf(
    first,
    rows.map((r) => ({
      id: r.entryId,
      playerId: r.playerId,
      ace: r.ace,
      creditUsedCents: r.creditUsedCents,
      sidePotsCents: r.sidePotsCents,
    })),
    payments,
  );
  return rows.map((r) => ({ playerId: r.playerId, userId: r.userId, owedCents: money.byEntry.get(r.entryId)?.owedCents ?? 0 }));
}

async function cardsMessage(db: Db, n: Extract<Notice, { kind: "cards" }>, league: League): Promise<Made | null> {
  const [round] = await roundRead(db, n.roundId);
  // A publish undone or made again since: that publish has its own job.
  if (!round || round.publishedAt !== n.publishedAt) return null;
  const [board, claimed] = await Promise.all([
    cardBoard(db, round.id),
    db
      .select({ playerId: entries.playerId, userId: claims.userId })
      .from(entries)
      .leftJoin(claims, claimOn(db, entries.playerId))
      .where(and(inLeague(db, entries), eq(entries.roundId, round.id))),
  ]);
  const userOf = new Map(claimed.map((c) => [c.playerId, c.userId]));
  const seats = board.cards.flatMap((card) =>
    card.players.map((p) => ({ card, playerId: p.playerId, userId: userOf.get(p.playerId) ?? null })),
  );
  const title = NOTICE_WORDS.title(league.name, round.name);
  const url = roundPath(league, round.id);
  const recipients = await copiesFor(db, seats, ({ card, playerId }) => ({
    title,
    url,
    body: cardMessage(
      {
        number: card.number,
        startLabel: card.startLabel,
        teeTime: card.teeTime,
        mates: card.players.filter((p) => p.playerId !== playerId),
      },
      league.timeZone,
    ),
  }));
  return {
    message: {
      kind: "cards",
      key: `cards:${round.id}:${n.publishedAt}`,
      roundId: round.id,
      title,
      body: `The cards of ${round.name} are out.`,
    },
    recipients,
  };
}

async function owingMessage(db: Db, n: Extract<Notice, { kind: "reminder" | "owed" }>, league: League, now: number): Promise<Made | null> {
  const [round] = await roundRead(db, n.roundId);
  // Moved since (its new start has its own key), or started: nothing to tell.
  if (!round || round.startsAt !== n.startsAt || now >= round.startsAt) return null;
  const owed = await roundOwed(db, round.id);
  const title = NOTICE_WORDS.title(league.name, round.name);
  const url = roundPath(league, round.id);
  const time = formatTime(round.startsAt, league.timeZone);
  const recipients =
    n.kind === "reminder"
      ? await copiesFor(db, owed, (e) => ({ title, url, body: NOTICE_WORDS.reminder(round.name, time, round.location, e.owedCents) }))
      : await copiesFor(
          db,
          owed.filter((e) => e.owedCents > 0),
          (e) => ({ title, url, body: NOTICE_WORDS.owed(e.owedCents, round.name) }),
        );
  const body = n.kind === "reminder" ? `${round.name} starts at ${time} at ${round.location}.` : `Check-in for ${round.name} is open.`;
  return { message: { kind: n.kind, key: `${n.kind}:${round.id}:${round.startsAt}`, roundId: round.id, title, body }, recipients };
}

/** "3", or "T3" when another of the division's players (or teams, in doubles) shares the place. */
function placeOf(
  row: { entryId: number; team: number | null; result: string | null },
  all: readonly { entryId: number; team: number | null; result: string | null }[],
) {
  const m = row.result?.match(/^(\d+)\/(\d+)\|\((.*)\)$/);
  if (!m) return null;
  const [, position, total, division] = m as unknown as [string, string, string, string];
  const units = new Set(all.filter((o) => o.result === row.result).map((o) => (o.team !== null ? `t${o.team}` : `e${o.entryId}`)));
  return { place: `${units.size > 1 ? "T" : ""}${position}`, of: Number(total), division };
}

/** A short digest of what was credited: crediting again after a correction is news again; a retry is not. */
async function versionOf(rows: readonly unknown[]): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(JSON.stringify(rows)));
  return [...new Uint8Array(digest).slice(0, 8)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

async function resultsMessage(db: Db, n: Extract<Notice, { kind: "results" }>, league: League): Promise<Made | null> {
  const [[round], rows] = await Promise.all([
    roundRead(db, n.roundId),
    db
      .select({
        entryId: entries.id,
        division: entries.division,
        result: entries.result,
        dnf: entries.dnf,
        team: entries.team,
        creditedForCents: entries.creditedForCents,
        userId: claims.userId,
      })
      .from(entries)
      .leftJoin(claims, claimOn(db, entries.playerId))
      .where(and(inLeague(db, entries), eq(entries.roundId, n.roundId)))
      .orderBy(entries.id),
  ]);
  // Not credited (yet): nothing is final.
  if (!round || !rows.some((r) => r.creditedForCents !== null)) return null;
  const version = await versionOf(rows.map((r) => [r.entryId, r.result, r.dnf, r.creditedForCents]));
  const title = NOTICE_WORDS.title(league.name, round.name);
  const url = roundPath(league, round.id);
  const recipients = await copiesFor(db, rows, (r) => {
    const placed = placeOf(r, rows);
    const words = !placed
      ? NOTICE_WORDS.final
      : r.dnf
        ? NOTICE_WORDS.didNotFinish(placed.division)
        : NOTICE_WORDS.placed(placed.place, placed.of, placed.division);
    const credit = r.creditedForCents ? NOTICE_WORDS.credited(r.creditedForCents) : "";
    return { title, url, body: `${words}${credit}` };
  });
  return {
    message: {
      kind: "results",
      key: `results:${round.id}:${version}`,
      roundId: round.id,
      title,
      body: `The results of ${round.name} are final.`,
    },
    recipients,
  };
}

/**
 * The round's entered players and those on its waitlist (waiting or offered), each account once:
 * an entered player's copy wins over their waitlist place.
 */
async function enteredAndWaiting(db: Db, roundId: number) {
  const [entered, waiting] = await Promise.all([
    db
      .select({ userId: claims.userId })
      .from(entries)
      .leftJoin(claims, claimOn(db, entries.playerId))
      .where(and(inLeague(db, entries), eq(entries.roundId, roundId))),
    db
      .select({ userId: claims.userId })
      .from(waitlist)
      .leftJoin(claims, claimOn(db, waitlist.playerId))
      .where(and(inLeague(db, waitlist), eq(waitlist.roundId, roundId), sql`${waitlist.status} in ('waiting', 'offered')`)),
  ]);
  const rows = [...entered.map((e) => ({ ...e, entered: true })), ...waiting.map((w) => ({ ...w, entered: false }))];
  const seen = new Set<number>();
  return rows.filter((r) => r.userId !== null && !seen.has(r.userId) && seen.add(r.userId));
}

async function cancelledMessage(db: Db, n: Extract<Notice, { kind: "cancelled" }>, league: League): Promise<Made | null> {
  const [[round], once] = await Promise.all([roundRead(db, n.roundId), enteredAndWaiting(db, n.roundId)]);
  if (!round) return null;
  const title = NOTICE_WORDS.title(league.name, round.name);
  const url = roundPath(league, round.id);
  const said = NOTICE_WORDS.cancelled(round.name, n.reason);
  // An entered player is told their money is back; one who waited paid nothing.
  const recipients = await copiesFor(db, once, (r) => ({ title, url, body: r.entered ? `${said}${NOTICE_WORDS.paidBack}` : said }));
  return { message: { kind: "cancelled", key: `cancelled:${round.id}:${n.at}`, roundId: round.id, title, body: said }, recipients };
}

async function postponedMessage(db: Db, n: Extract<Notice, { kind: "postponed" }>, league: League): Promise<Made | null> {
  const [[round], once] = await Promise.all([roundRead(db, n.roundId), enteredAndWaiting(db, n.roundId)]);
  // Moved again since (that move has its own notice), or gone: nothing to tell.
  if (!round || round.startsAt !== n.to) return null;
  const title = NOTICE_WORDS.title(league.name, round.name);
  const url = roundPath(league, round.id);
  const when = `${formatDateLong(n.to, league.timeZone)} at ${formatTime(n.to, league.timeZone)}`;
  const said = NOTICE_WORDS.postponed(round.name, when);
  // An entered player may withdraw with everything back until the new start (ADR 22, 50); one who waits paid nothing.
  const recipients = await copiesFor(db, once, (r) => ({ title, url, body: r.entered ? `${said}${NOTICE_WORDS.mayWithdraw}` : said }));
  return {
    message: { kind: "cancelled", key: `postponed:${round.id}:${n.from}:${n.to}`, roundId: round.id, title, body: said },
    recipients,
  };
}

async function aceMessage(db: Db, n: Extract<Notice, { kind: "ace" }>, league: League): Promise<Made | null> {
  const [[ace], asked] = await Promise.all([
    db
      .select({ id: aces.id, roundId: aces.roundId, name: fullNameSql(players), roundName: rounds.name, course: rounds.location })
      .from(aces)
      .innerJoin(players, eq(players.id, aces.playerId))
      .leftJoin(rounds, eq(rounds.id, aces.roundId))
      .where(and(inLeague(db, aces), eq(aces.id, n.aceId))),
    // Off unless asked for (DEFAULT_CHANNEL): only the league's members who chose push or mail.
    db
      .select({ userId: messagePrefs.userId })
      .from(messagePrefs)
      .where(
        and(
          inLeague(db, messagePrefs),
          eq(messagePrefs.kind, "ace"),
          sql`${messagePrefs.channel} in ('push', 'mail')`,
          isLeagueMemberSql(db, sql`${messagePrefs.userId}`),
        ),
      ),
  ]);
  if (!ace) return null;
  const title = ace.roundName ? NOTICE_WORDS.title(league.name, ace.roundName) : league.name;
  const url = ace.roundId ? roundPath(league, ace.roundId) : leagueUrls(league).href("/aces");
  const body = NOTICE_WORDS.ace(ace.name, n.hole, ace.course);
  const recipients = await copiesFor(db, asked, () => ({ title, url, body }));
  return { message: { kind: "ace", key: `ace:${ace.id}`, roundId: ace.roundId, title, body }, recipients };
}

/**
 * Makes the notice's message and each recipient's copy, once: answers its key for the
 * delivery, or null when there is nothing to tell (a publish undone since, a round moved or
 * gone, payouts not credited).
 */
export async function makeNotice(db: Db, notice: Notice, league: League, now = nowSeconds()): Promise<string | null> {
  const made = await (() => {
    switch (notice.kind) {
      case "cards":
        return cardsMessage(db, notice, league);
      case "reminder":
      case "owed":
        return owingMessage(db, notice, league, now);
      case "results":
        return resultsMessage(db, notice, league);
      case "cancelled":
        return cancelledMessage(db, notice, league);
      case "postponed":
        return postponedMessage(db, notice, league);
      case "ace":
        return aceMessage(db, notice, league);
    }
  })();
  if (!made) return null;
  await db.batch(messageStatements(db, made.message, made.recipients) as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  return made.message.key;
}
