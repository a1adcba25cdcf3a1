import { type SQL, and, asc, desc, eq, gte, sql } from "drizzle-orm";
import { type Db, inLeague } from "../../db/client";
import { fullNameSql } from "../../db/player-name";
import { players, rounds, waitlist, waitlistNotices } from "../../db/schema";
import { placeOf } from "./place";

// What the waitlist shows (ADR 28): a round's whole list in order for the admin, and a
// player's open places and recent news for their home page. An offer past its deadline
// shows as lapsed even before its expiry is written (the next write or the cron does it).

export type ListStatus = "waiting" | "offered" | "lapsed" | "entered" | "auto_entered" | "expired" | "left";

export type ListRow = {
  id: number;
  playerId: number;
  name: string;
  division: string;
  autoConfirm: boolean;
  status: ListStatus;
  /** 1 for the first waiting player; null for any other status. */
  position: number | null;
  offerExpiresAt: number | null;
  joinedAt: number;
};

export async function roundWaitlist(db: Db, roundId: number, now: number): Promise<ListRow[]> {
  const rows = await db
    .select({
      id: waitlist.id,
      playerId: waitlist.playerId,
      name: fullNameSql(players),
      division: waitlist.division,
      autoConfirm: waitlist.autoConfirm,
      status: waitlist.status,
      offerExpiresAt: waitlist.offerExpiresAt,
      joinedAt: waitlist.createdAt,
    })
    .from(waitlist)
    .innerJoin(players, eq(players.id, waitlist.playerId))
    .where(and(inLeague(db, waitlist), eq(waitlist.roundId, roundId)))
    .orderBy(asc(waitlist.id));
  let position = 0;
  return rows.map((r) => {
    const lapsed = r.status === "offered" && (r.offerExpiresAt ?? 0) <= now;
    if (r.status === "waiting") position++;
    return { ...r, status: lapsed ? "lapsed" : r.status, position: r.status === "waiting" ? position : null };
  });
}

export type HomePlace = {
  roundId: number;
  roundName: string;
  startsAt: number;
  status: "waiting" | "offered";
  position: number | null;
  offerExpiresAt: number | null;
};
export type HomeNotice = {
  id: number;
  kind: "offered" | "entered" | "auto_entered" | "expired";
  roundId: number;
  roundName: string;
  at: number;
};
/** An offer whose deadline passed before the cron or a write settled it (ADR 28: a read never settles). */
export type HomeLapsed = { roundId: number; roundName: string; offerExpiresAt: number };
export type PlayerWaitlists = { places: HomePlace[]; notices: HomeNotice[]; lapsed: HomeLapsed[] };

/** How long a waitlist notice stays on the home page. */
export const NOTICE_DAYS = 7;

export async function playerWaitlists(db: Db, playerId: number | SQL<number | null>, now: number): Promise<PlayerWaitlists> {
  // Two reads, not one batch: a D1 batch hands rows back by column name, and both name an "id".
  const [open, notices] = await Promise.all([
    db
      .select({
        id: waitlist.id,
        roundId: waitlist.roundId,
        roundName: rounds.name,
        startsAt: rounds.startsAt,
        status: waitlist.status,
        division: waitlist.division,
        ace: waitlist.ace,
        autoConfirm: waitlist.autoConfirm,
        offerExpiresAt: waitlist.offerExpiresAt,
        // By the row's own round (a key): that round's rows are all the row's league.
        ahead: sql<number>`(select count(*) from ${waitlist} o where o.round_id = ${waitlist}.round_id and o.status = 'waiting' and o.id < ${waitlist}.id)`,
      })
      .from(waitlist)
      .innerJoin(rounds, eq(rounds.id, waitlist.roundId))
      .where(
        and(
          inLeague(db, waitlist),
          eq(waitlist.playerId, playerId),
          sql`${waitlist.status} in ('waiting', 'offered')`,
          gte(rounds.startsAt, now),
        ),
      )
      .orderBy(asc(rounds.startsAt)),
    db
      .select({
        id: waitlistNotices.id,
        kind: waitlistNotices.kind,
        roundId: rounds.id,
        roundName: rounds.name,
        at: waitlistNotices.createdAt,
      })
      .from(waitlistNotices)
      .innerJoin(waitlist, eq(waitlist.id, waitlistNotices.waitlistId))
      .innerJoin(rounds, eq(rounds.id, waitlist.roundId))
      .where(
        and(inLeague(db, waitlistNotices), eq(waitlist.playerId, playerId), gte(waitlistNotices.createdAt, now - NOTICE_DAYS * 86_400)),
      )
      .orderBy(desc(waitlistNotices.id))
      .limit(5),
  ]);
  const places = open.flatMap((row) => {
    const place = placeOf(row, now);
    return place
      ? [
          {
            roundId: row.roundId,
            roundName: row.roundName,
            startsAt: row.startsAt,
            status: place.status,
            position: place.position,
            offerExpiresAt: place.offerExpiresAt,
          },
        ]
      : [];
  });
  const lapsed = open.flatMap((row) =>
    row.status === "offered" && (row.offerExpiresAt ?? 0) <= now
      ? [{ roundId: row.roundId, roundName: row.roundName, offerExpiresAt: row.offerExpiresAt ?? 0 }]
      : [],
  );
  return { places, notices, lapsed };
}
