import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { type Db, inLeague } from "../../db/client";
import { cardMails, claims, leaguePrefs, rounds } from "../../db/schema";
import { cardMail } from "../../mail/card-mail";
import type { MailSender } from "../../mail/mailer";
import type { RegistrationMailContext } from "../../mail/registration-mail";
import { sendInGroups } from "../../mail/send-groups";
import { allWithAccounts } from "../../mail/recipients";
import { playerNight } from "./player-night";
import { nowSeconds } from "~/lib/shared/time";

// The queue consumer's half of publishing cards (ADR 25, keyed like ADR 18's registration
// mails): each user who asked the league for it (`league_prefs`) and whose player is on a card
// of the round gets a card_mails row keyed (round, user, publishedAt), inserted once in one
// statement; a mail goes out only for a row not yet mailed whose account is not locked, which
// is then marked. A redelivered job, or the same publish announced twice, mails nobody twice;
// a job for a publish that was undone or made again since mails nobody (the newer publish has
// its own job). The address and the lock are the account's, read apart (mail/recipients.ts).

export type CardMailJob = { roundId: number; publishedAt: number };
export type CardMailOutcome = { status: "no-round" | "stale" } | { status: "done"; sent: number; failed: number };

export async function sendCardMails(
  db: Db,
  job: CardMailJob,
  ctx: RegistrationMailContext & { send: MailSender },
): Promise<CardMailOutcome> {
  const [round] = await db
    .select({
      id: rounds.id,
      name: rounds.name,
      startsAt: rounds.startsAt,
      location: rounds.location,
      publishedAt: rounds.cardsPublishedAt,
    })
    .from(rounds)
    .where(and(inLeague(db, rounds), eq(rounds.id, job.roundId)));
  if (!round) return { status: "no-round" };
  if (round.publishedAt !== job.publishedAt) return { status: "stale" };

  await db.run(sql`insert or ignore into ${cardMails} (league_id, round_id, user_id, published_at)
    select ${db.leagueId}, ${round.id}, c.user_id, ${job.publishedAt} from claims c
    join ${leaguePrefs} q on q.league_id = c.league_id and q.user_id = c.user_id and q.notify_cards = 1
    join entries e on e.player_id = c.player_id and e.round_id = ${round.id}
    join card_players cp on cp.entry_id = e.id
    where c.league_id = ${db.leagueId} and c.status = 'approved'`);
  // The league's rows only (ADR 46): a user's approved claim in another league names no player here.
  const key = and(inLeague(db, cardMails), eq(cardMails.roundId, round.id), eq(cardMails.publishedAt, job.publishedAt));
  // Every unmailed row at once (a round's cards are one field), then their accounts.
  const unmailed = () =>
    db
      .select({ userId: cardMails.userId, playerId: claims.playerId })
      .from(cardMails)
      .innerJoin(claims, and(eq(claims.userId, cardMails.userId), inLeague(db, claims), eq(claims.status, "approved")))
      .innerJoin(leaguePrefs, and(inLeague(db, leaguePrefs), eq(leaguePrefs.userId, cardMails.userId), eq(leaguePrefs.notifyCards, true)))
      .where(and(key, isNull(cardMails.mailedAt)))
      .orderBy(cardMails.userId);
  const pending = await allWithAccounts(db, unmailed);

  const { sent, failed } = await sendInGroups(
    pending,
    async (user) => {
      const card = (await playerNight(db, round.id, user.playerId))?.card;
      if (card) await ctx.send(cardMail(user, round, card, ctx));
    },
    (handedOver) =>
      db
        .update(cardMails)
        .set({ mailedAt: nowSeconds() })
        .where(
          and(
            key,
            inArray(
              cardMails.userId,
              handedOver.map((u) => u.userId),
            ),
            isNull(cardMails.mailedAt),
          ),
        ),
  );
  if (failed > 0) throw new Error(`${failed} of ${failed + sent} card mails for round ${round.id} could not be sent`);
  return { status: "done", sent, failed };
}
