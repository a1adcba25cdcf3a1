import { and, eq, sql } from "drizzle-orm";
import { type Db, checkFailed, inLeague, readTogether } from "../../db/client";
import { fullNameSql } from "../../db/player-name";
import { roundCancellations, rounds, transfers } from "../../db/schema";
import { writeGuard } from "../../db/write-guard";
import { conflict, notFound } from "../../errors";
import { type Committed, rerate, settleWaitlistOf, syncTagsFrom } from "../../follow-ups";
import type { PotChange } from "../money/ace-pot";
import { potGuards } from "../money/ace-pot";
import { potRefusal } from "../money/ace-pot-refusal";
import { balanceCentsSql } from "../players/balance-sql";
import { acesPrintSql, moneyPrintSql, rainoutAudit } from "./rainout-sql";
import { RESTORE_MESSAGES } from "~/lib/rainouts/messages";

// Restoring a cancelled round (ADR 50): exactly as it was, or not at all. The cancel's
// give-backs (the transfers naming the round) are deleted, the round is no longer cancelled
// (its cards, live scores, fees and aces count again), in one batch. Refused, naming the
// blocker, when a player has spent credit the cancel gave back, a payment went back to
// PayPal, an entry, withdrawal or payment of the round changed, or the ace pot moved (an ace
// paid, changed or deleted) since the cancel: the batch checks the same prints again.

export type Restored = { roundId: number; roundName: string };

type RoundFacts = {
  name: string;
  startsAt: number;
  aceCents: number;
  acesStand: boolean;
  optedIn: number;
  moneyPrint: string | null;
  acesPrint: string | null;
  moneyNow: string;
  acesNow: string;
};

type GivenFacts = { playerId: number; name: string; givenCents: number; balanceCents: number };

async function facts(db: Db, roundId: number) {
  const [[round], given, refunded, aces] = await readTogether<[RoundFacts, GivenFacts, { name: string }, { at: number; cents: number }]>(
    db,
    [
      sql`select r.n as name, r.d as startsAt, r.ace_cents as aceCents, r.cancel_aces_stand as acesStand,
        coalesce((select ace_entries from round_stats where round_id = r.id), 0) as optedIn,
        c.money_print as moneyPrint, c.aces_print as acesPrint,
        ${moneyPrintSql(db, roundId)} as moneyNow, ${acesPrintSql(db)} as acesNow
      from rounds r left join round_cancellations c on c.league_id = r.league_id and c.round_id = r.id
      where r.league_id = ${db.leagueId} and r.id = ${roundId}`,
      sql`select t.to_player_id as playerId, ${fullNameSql("p")} as name, sum(t.amt_cents) as givenCents,
        ${balanceCentsSql(sql`t.to_player_id`)} as balanceCents
      from transfers t join players p on p.id = t.to_player_id
      where t.league_id = ${db.leagueId} and t.cancel_round_id = ${roundId}
      group by t.to_player_id order by t.to_player_id`,
      sql`select ${fullNameSql("p")} as name from payments x join players p on p.id = x.player_id
      where x.league_id = ${db.leagueId} and x.round_id = ${roundId} and x.refund_asked_at is not null order by x.id`,
      sql`select d as at, amt_cents as cents from aces where league_id = ${db.leagueId} and round_id = ${roundId}`,
    ],
  );
  return { round: round as RoundFacts | undefined, given, refunded, aces };
}

type Read = Awaited<ReturnType<typeof facts>>;

/** The first thing that keeps the round from being restored exactly, as the admin is told it; null when nothing does. */
function blockerOf({ round, given, refunded }: Read): Error | null {
  if (!round) return notFound("Round not found");
  if (round.moneyPrint === null || round.acesPrint === null) return conflict(RESTORE_MESSAGES.notCancelled(round.name));
  const [asked] = refunded;
  if (asked) return conflict(RESTORE_MESSAGES.refunded(asked.name));
  const spent = given.find((g) => Number(g.balanceCents) < Number(g.givenCents));
  if (spent) return conflict(RESTORE_MESSAGES.spent(spent.name, Number(spent.givenCents) - Number(spent.balanceCents)));
  if (round.moneyNow !== round.moneyPrint) return conflict(RESTORE_MESSAGES.entries(round.name));
  if (round.acesNow !== round.acesPrint) return conflict(RESTORE_MESSAGES.aces);
  return null;
}

/** What a restore does to the ace pot: the round's fees join again at its start, its aces (unless they stood) are paid again. */
function restorePotChanges(round: RoundFacts, aces: readonly { at: number; cents: number }[]): PotChange[] {
  const fees = Number(round.optedIn) * round.aceCents;
  return [
    ...(fees > 0 ? [{ t: round.startsAt, cents: fees, kind: "fees" as const }] : []),
    ...(round.acesStand ? [] : aces.map((a) => ({ t: Number(a.at), cents: -Number(a.cents), kind: "ace" as const }))),
  ];
}

/** Restores the cancelled round exactly; refused (409) naming what changed since the cancel. */
export async function restoreRound(db: Db, roundId: number): Promise<Committed<Restored>> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const read = await facts(db, roundId);
    const blocked = blockerOf(read);
    if (blocked || !read.round) throw blocked;
    const { round } = read;
    const changes = restorePotChanges(round, read.aces);
    const players = JSON.stringify(read.given.map((g) => Number(g.playerId)));
    try {
      await db.batch([
        // Still cancelled, and its money and the aces still as read (and as the cancel left them).
        writeGuard(
          db,
          "roundCancelled",
          sql`not exists (select 1 from ${roundCancellations} c where c.league_id = ${db.leagueId} and c.round_id = ${roundId}
            and c.money_print = ${round.moneyPrint} and c.aces_print = ${round.acesPrint}
            and ${moneyPrintSql(db, roundId)} = c.money_print and ${acesPrintSql(db)} = c.aces_print)`,
        ),
        db.delete(transfers).where(and(inLeague(db, transfers), eq(transfers.cancelRoundId, roundId))),
        db
          .update(rounds)
          .set({ cancelledAt: null, cancelReason: null, cancelAcesStand: false, cardsVersion: sql`${rounds.cardsVersion} + 1` })
          .where(and(inLeague(db, rounds), eq(rounds.id, roundId))),
        db.delete(roundCancellations).where(and(inLeague(db, roundCancellations), eq(roundCancellations.roundId, roundId))),
        rainoutAudit(db, roundId, "restored", {}),
        // The credit it takes back must still be there.
        writeGuard(db, "overdrawn", sql`exists (select 1 from json_each(${players}) j where ${balanceCentsSql(sql`j.value`)} < 0)`),
        ...potGuards(db, changes),
      ]);
      return {
        value: { roundId, roundName: round.name },
        // Ratings and bag tags are played again with it; a place its waitlist can take is offered again.
        followUps: [rerate(round.startsAt), syncTagsFrom(round.startsAt), settleWaitlistOf(roundId)],
      };
    } catch (err) {
      if (checkFailed(err, "round_cancelled") || checkFailed(err, "overdrawn")) continue;
      if (checkFailed(err, "pot_negative")) throw conflict(RESTORE_MESSAGES.pot(await potRefusal(db, changes, "change")));
      throw err;
    }
  }
  throw conflict(RESTORE_MESSAGES.busy);
}
