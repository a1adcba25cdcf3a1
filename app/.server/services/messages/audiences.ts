import { and, eq, inArray } from "drizzle-orm";
import { type Db, inLeague } from "../../db/client";
import { cardPlayers, cards, claims, entries, memberships, waitlist } from "../../db/schema";
import { badRequest } from "../../errors";
import { entriesScreenWithRows } from "../entries/entries-screen";
import { checkInRows, nightDeskOf } from "../night/night-desk";
import { getRound } from "../rounds/rounds";
import type { Audience } from "~/lib/messages/kinds";

// Who an organiser's message reaches (ADR 49): for a round of the request's league, the
// accounts of an audience. A player is reached through their account (their approved claim
// in this league); a player with no account is counted, not reached. Entries are per player,
// so on a doubles night both partners are reached. Each account once. The round, the
// audience's players and the league's approved claims are asked together: one trip (ADR 41).
// "Not paid" and "not checked in" read the night desk's own rows and money rule
// (services/night/night-desk.ts), so the audience is what the night screen shows.

export const AUDIENCE_MESSAGES = {
  division: "division: choose a division of the round",
  card: "cardId: choose a card of this round",
} as const;

/** Which audience, and its division or card where it needs one. */
export type AudiencePick = { audience: Audience; division?: string; cardId?: number };

export type AudienceReach = {
  round: Awaited<ReturnType<typeof getRound>>;
  /** The accounts reached, each once, in the order their players were found. */
  userIds: number[];
  /** Players of the audience with no account (no approved claim here). */
  unreachable: number;
  /** The card's number, for a card's audience. */
  cardNumber: number | null;
};

const approvedClaims = (db: Db) =>
  db
    .select({ userId: claims.userId, playerId: claims.playerId })
    .from(claims)
    .where(and(inLeague(db, claims), eq(claims.status, "approved")));

const roundEntries = (db: Db, roundId: number) =>
  db
    .select({ playerId: entries.playerId, division: entries.division })
    .from(entries)
    .where(and(inLeague(db, entries), eq(entries.roundId, roundId)));

const cardOf = (db: Db, roundId: number, cardId: number) =>
  db
    .select({ number: cards.number, playerId: entries.playerId })
    .from(cards)
    .leftJoin(cardPlayers, and(eq(cardPlayers.leagueId, cards.leagueId), eq(cardPlayers.cardId, cards.id)))
    .leftJoin(entries, and(eq(entries.leagueId, cards.leagueId), eq(entries.id, cardPlayers.entryId)))
    .where(and(inLeague(db, cards), eq(cards.roundId, roundId), eq(cards.id, cardId)));

const openWaitlist = (db: Db, roundId: number) =>
  db
    .select({ playerId: waitlist.playerId, userId: waitlist.userId })
    .from(waitlist)
    .where(and(inLeague(db, waitlist), eq(waitlist.roundId, roundId), inArray(waitlist.status, ["waiting", "offered"])));

const leagueMembers = (db: Db) => db.select({ userId: memberships.userId }).from(memberships).where(eq(memberships.leagueId, db.leagueId));

/** The night desk's entries (checked in or not, what each owes), as the night screen reads them. */
async function deskOf(db: Db, roundId: number) {
  const [{ screen }, checkIns] = await Promise.all([entriesScreenWithRows(db, roundId), checkInRows(db, roundId)]);
  return nightDeskOf(screen, checkIns).entries;
}

/** The players an audience names (`null`: everyone, read by account), asked beside the claims. */
async function playersOf(db: Db, roundId: number, pick: AudiencePick) {
  switch (pick.audience) {
    case "everyone":
      return { players: null, members: await leagueMembers(db), cardNumber: null };
    case "signed-up":
      return { players: (await roundEntries(db, roundId)).map((e) => ({ playerId: e.playerId })), cardNumber: null };
    case "division":
      return {
        players: (await roundEntries(db, roundId)).filter((e) => e.division === pick.division).map((e) => ({ playerId: e.playerId })),
        cardNumber: null,
      };
    case "card": {
      const rows = await cardOf(db, roundId, pick.cardId ?? 0);
      return {
        players: rows.flatMap((r) => (r.playerId === null ? [] : [{ playerId: r.playerId }])),
        cardNumber: rows[0]?.number ?? null,
        noCard: rows.length === 0,
      };
    }
    case "not-paid":
      return {
        players: (await deskOf(db, roundId)).filter((e) => e.money.owedCents > 0).map((e) => ({ playerId: e.playerId })),
        cardNumber: null,
      };
    case "not-checked-in":
      return {
        players: (await deskOf(db, roundId)).filter((e) => e.checkedInAt === null).map((e) => ({ playerId: e.playerId })),
        cardNumber: null,
      };
    case "waitlist":
      return { players: await openWaitlist(db, roundId), cardNumber: null };
  }
}

/**
 * The accounts `pick` reaches on round `roundId` of the request's league: 404 for a round of
 * no league's here, 400 naming the field for a division missing or a card not of the round.
 */
export async function audienceReach(db: Db, roundId: number, pick: AudiencePick): Promise<AudienceReach> {
  if (pick.audience === "division" && !pick.division) throw badRequest(AUDIENCE_MESSAGES.division);
  if (pick.audience === "card" && !pick.cardId) throw badRequest(AUDIENCE_MESSAGES.card);
  const [round, found, claimed] = await Promise.all([getRound(db, roundId), playersOf(db, roundId, pick), approvedClaims(db)]);
  if ("noCard" in found && found.noCard) throw badRequest(AUDIENCE_MESSAGES.card);
  const accountOf = new Map(claimed.map((c) => [c.playerId, c.userId]));
  const reached = new Set<number>();
  let unreachable = 0;
  if (found.players === null) {
    for (const c of claimed) reached.add(c.userId);
    for (const m of found.members ?? []) reached.add(m.userId);
  } else {
    const seen = new Set<number>();
    for (const p of found.players) {
      if (seen.has(p.playerId)) continue;
      seen.add(p.playerId);
      // A waitlist row names the account that joined: reached through it when the player has no claim now.
      const userId = accountOf.get(p.playerId) ?? ("userId" in p ? (p.userId as number) : undefined);
      if (userId === undefined) unreachable++;
      else reached.add(userId);
    }
  }
  return { round, userIds: [...reached], unreachable, cardNumber: found.cardNumber };
}
