import { and, eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { type Db, inLeague } from "../../db/client";
import { fullNameSql } from "../../db/player-name";
import { aces, claims, entries, messagePrefs, players, rounds } from "../../db/schema";
import type { League } from "../../league";
import { cardBoard } from "../cards/card-board";
import { roundMoneyOf, roundPayments } from "../money/round-money";
import { entryMoneyColumns } from "../night/entry-money-columns";
import { isLeagueMemberSql } from "../players/league-member";
import { roundPath } from "./message-write";
import { messageStatements } from "./message-write";
import { type Made, claimOn, copiesFor, roundRead } from "./notice-parts";
import { cancelledMessage, postponedMessage } from "./round-notices";
import type { Notice } from "~/schemas/notices";
import { NOTICE_WORDS } from "~/lib/messages/notice-words";
import { cardMessage } from "~/lib/night/night";
import { leagueUrls } from "~/lib/shared/league-url";
import { formatTime, nowSeconds } from "~/lib/shared/time";

// What the league tells its players by itself (ADR 49), one message per notice: its cards
// published, a reminder 4 hours before a round, what is owed when check-in opens, the
// results credited, a round cancelled or postponed (round-notices.ts), an ace. Each message is keyed by what it names, so a
// job run twice, or the cron asking every minute, makes it once; each recipient's copy has
// their own words (their card, their place, what they owe). Recipients are the accounts with
// an approved claim on the player concerned, unlocked (read apart, ADR 46); an ace goes only
// to those who asked for it. The waitlist's news is waitlist-notices.ts's.

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
