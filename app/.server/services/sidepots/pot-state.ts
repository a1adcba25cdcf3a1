import { type SQL, and, eq, sql } from "drizzle-orm";
import { type Db, inLeague } from "../../db/client";
import { rounds, sidePotMarks, sidePotPlayers, sidePotWins, sidePots } from "../../db/schema";
import { type PotKind, potHoles } from "~/lib/sidepots/side-pots";
import { rolloverBeforeSql } from "./pot-sql";

// A round's side pots as one round write reads them (ADR 30), in the same batch as its
// entries: who is in, who holds each hole, what was paid, and what the earlier pot of the
// same name rolled over.

export type PotState = {
  id: number;
  name: string;
  kind: PotKind;
  buyInCents: number;
  holes: number[];
  settledAt: number | null;
  carriedInCents: number;
  prizeCents: number;
  /** What the last settled pot of the name before this one rolled over, as of now. */
  rolloverInCents: number;
  /** An earlier round's pot of the same name with players, not yet paid (it must be paid first). */
  earlierUnpaid: string | null;
  /** A later round's pot of the same name is paid: this one's rollover is in it. */
  laterPaid: string | null;
  entryIds: number[];
  marks: { hole: number; entryId: number; settled: boolean; distanceCm: number | null }[];
  wins: { hole: number; entryId: number; amountCents: number }[];
};

const sameNameSql = (db: Db, side: "earlier" | "later") => {
  const when =
    side === "earlier"
      ? sql`(r2.d < ${rounds.startsAt} or (r2.d = ${rounds.startsAt} and o.id < ${sidePots.id})) and o.settled_at is null and exists (select 1 from side_pot_players x where x.pot_id = o.id)`
      : sql`(r2.d > ${rounds.startsAt} or (r2.d = ${rounds.startsAt} and o.id > ${sidePots.id})) and o.settled_at is not null`;
  return sql<string | null>`(select r2.n from side_pots o join rounds r2 on r2.id = o.round_id
    where o.league_id = ${db.leagueId} and o.name = ${sidePots.name} collate nocase and o.id <> ${sidePots.id} and ${when} order by r2.d limit 1)`;
};

/** The batch items that read the round's pots; potStateOf turns their rows into PotState. */
export function potStateQueries(db: Db, roundId: number | SQL) {
  const inRound = (table: Parameters<typeof inLeague>[1]) =>
    and(inLeague(db, table), sql`pot_id in (select id from side_pots where league_id = ${db.leagueId} and round_id = ${roundId})`);
  return [
    db
      .select({
        id: sidePots.id,
        name: sidePots.name,
        kind: sidePots.kind,
        buyInCents: sidePots.buyInCents,
        holes: sidePots.holes,
        settledAt: sidePots.settledAt,
        carriedInCents: sidePots.carriedInCents,
        prizeCents: sidePots.prizeCents,
        startsAt: rounds.startsAt,
        earlierUnpaid: sameNameSql(db, "earlier"),
        laterPaid: sameNameSql(db, "later"),
        // Beside the pot (the same snapshot, no read after): the outer columns, as in sameNameSql.
        rolloverInCents: rolloverBeforeSql(db, sql`${sidePots.name}`, sql`${rounds.startsAt}`, sql`${sidePots.id}`).mapWith(Number),
      })
      .from(sidePots)
      .innerJoin(rounds, eq(rounds.id, sidePots.roundId))
      .where(and(inLeague(db, sidePots), eq(sidePots.roundId, roundId)))
      .orderBy(sidePots.id),
    db.select().from(sidePotPlayers).where(inRound(sidePotPlayers)),
    db.select().from(sidePotMarks).where(inRound(sidePotMarks)),
    db.select().from(sidePotWins).where(inRound(sidePotWins)),
  ] as const;
}

export type PotRows = [
  Awaited<ReturnType<typeof potStateQueries>[0]>,
  Awaited<ReturnType<typeof potStateQueries>[1]>,
  Awaited<ReturnType<typeof potStateQueries>[2]>,
  Awaited<ReturnType<typeof potStateQueries>[3]>,
];

/** The pots from potStateQueries' rows. */
export function potStateOf([pots, players, marks, wins]: PotRows): PotState[] {
  return pots.map((p) => ({
    id: p.id,
    name: p.name,
    kind: p.kind,
    buyInCents: p.buyInCents,
    holes: potHoles(p.kind, p.holes),
    settledAt: p.settledAt,
    carriedInCents: p.carriedInCents,
    prizeCents: p.prizeCents,
    rolloverInCents: Number(p.rolloverInCents ?? 0),
    earlierUnpaid: p.earlierUnpaid,
    laterPaid: p.laterPaid,
    entryIds: players.filter((x) => x.potId === p.id).map((x) => x.entryId),
    marks: marks
      .filter((m) => m.potId === p.id)
      .map((m) => ({ hole: m.hole, entryId: m.entryId, settled: m.settled, distanceCm: m.distanceCm })),
    wins: wins.filter((w) => w.potId === p.id).map((w) => ({ hole: w.hole, entryId: w.entryId, amountCents: w.amountCents })),
  }));
}
