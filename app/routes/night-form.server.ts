import type { Session } from "~/.server/auth/current-user";
import type { Db } from "~/.server/db/client";
import { handleForm } from "~/.server/forms";
import { recordCash } from "~/.server/services/entries/cash";
import { voidCash } from "~/.server/services/entries/overpaid";
import { addLateArrival, moveToCard, setCardStart } from "~/.server/services/cards/card-edits";
import { publishCards } from "~/.server/services/cards/card-publish";
import { makeRoundCards } from "~/.server/services/cards/card-writes";
import { checkIn, undoCheckIn } from "~/.server/services/night/check-in";
import { walkUp, walkUpMessage } from "~/.server/services/night/walk-up";
import { getRound } from "~/.server/services/rounds/rounds";
import { settleHole } from "~/.server/services/sidepots/marks";
import { TEAM_MESSAGES, drawRoundTeams } from "~/.server/services/doubles/teams";
import { choosePot } from "~/.server/services/entries/pot-opt-in";
import { POT_MESSAGES, addPot, deletePot } from "~/.server/services/sidepots/side-pots";
import { formatCents } from "~/lib/shared/money";
import { formatTime, wallParts, zonedTimeToEpoch } from "~/lib/shared/time";
import { type NightForm, NightFormSchema } from "~/schemas/night-forms";
import { withdrawEntry } from "~/.server/services/entries/withdrawal";
import { adminWithdrawalMessage } from "~/.server/services/entries/withdrawal-messages";
import { liveRosterChanged } from "~/.server/services/live/live-object";
import { markDnf } from "~/.server/services/live/live-dnf";
import { handOver } from "~/.server/follow-ups";

// The league-night screen's forms (/admin/round/night/{id}, ADR 25), each answered with a
// sentence the screen shows where the action was taken. The round is the URL's.

export type NightContext = { db: Db; env: Env; roundId: number; session: Session; timeZone: string; jobs: Queue; origin: string };

export function handleNightForm(request: Request, ctx: NightContext) {
  return handleForm(request, NightFormSchema, (input) => run(input, ctx));
}

async function run(input: NightForm, ctx: NightContext): Promise<{ success: string }> {
  const { db, roundId, timeZone } = ctx;
  const who = { admin: true, userId: ctx.session.user.id };
  switch (input.intent) {
    case "checkIn": {
      const done = await checkIn(db, { roundId, entryId: input.entry_id, who, timeZone });
      return { success: done.changed ? `Checked in ${done.name}.` : `${done.name} was already checked in.` };
    }
    case "undoCheckIn": {
      const done = await undoCheckIn(db, { roundId, entryId: input.entry_id, who, timeZone });
      return { success: done.changed ? `${done.name} is no longer checked in.` : `${done.name} was not checked in.` };
    }
    // Before the card's first score a withdrawal (the money back as credit); after it, a DNF (ADR 34).
    case "withdraw": {
      const w = await withdrawEntry(db, input.entry_id, { admin: true }, { inRound: roundId, reason: input.reason });
      handOver(db, w.followUps);
      if (w.onPublishedCard) await liveRosterChanged(ctx.env, db.leagueId, roundId);
      return { success: adminWithdrawalMessage(w) };
    }
    case "markDnf":
      return {
        success: await markDnf(ctx.env, db, roundId, input.entry_id, { userId: who.userId, name: ctx.session.user.name }, input.reason),
      };
    case "cash": {
      const cash = await recordCash(db, {
        entryId: input.entry_id,
        amountCents: input.amount,
        note: input.note,
        requestKey: input.request_key,
        moreThanOwed: input.more_than_owed,
        inRound: roundId,
      });
      return { success: `Recorded ${formatCents(cash.amountCents)} in cash from ${cash.playerName}.` };
    }
    case "voidCash":
      return { success: await voidCash(db, { paymentId: input.payment, reason: input.reason, inRound: roundId }) };
    case "walkUp": {
      const player = input.player ? { id: input.player } : { firstName: input.newFirstName, lastName: input.newLastName, pdga: input.pdga };
      const cash = { amountCents: input.amount, note: input.note, requestKey: input.request_key, moreThanOwed: input.more_than_owed };
      const done = await walkUp(db, {
        roundId,
        player,
        division: input.division,
        ace: input.ace,
        creditCents: input.credit,
        cash,
        adminId: who.userId,
        overCap: input.over_cap,
      });
      handOver(db, done.followUps);
      return { success: walkUpMessage(done) };
    }
    case "makeCards": {
      const board = await makeRoundCards(db, roundId, { version: input.version, mode: input.mode, start: input.start });
      const players = board.cards.reduce((n, c) => n + c.players.length, 0);
      return { success: `Made ${board.cards.length} scorecards for ${players} players. Check them, then publish.` };
    }
    case "moveCard": {
      const moved = await moveToCard(db, roundId, { version: input.version, entryId: input.entry_id, to: input.to });
      return { success: `Moved ${moved.name} to card ${moved.cardNumber}.` };
    }
    case "lateArrival": {
      const { board, cardNumber } = await addLateArrival(db, roundId, { version: input.version, entryId: input.entry_id });
      const name = board.cards.flatMap((c) => c.players).find((p) => p.entryId === input.entry_id)?.name ?? "The player";
      return { success: `${name} joins card ${cardNumber}.` };
    }
    case "cardStart": {
      const teeTime = input.tee_time ? await teeTimeOn(db, roundId, input.tee_time, timeZone) : null;
      await setCardStart(db, roundId, {
        version: input.version,
        number: input.number,
        start: { startHole: input.start_hole ?? null, teeTime },
      });
      const start = teeTime !== null ? formatTime(teeTime, timeZone) : `hole ${input.start_hole}`;
      return { success: `Card ${input.number} now starts at ${start}.` };
    }
    case "publish": {
      const { board, published } = await publishCards(db, roundId, input.version, { jobs: ctx.jobs, origin: ctx.origin });
      return {
        success: published
          ? `Published ${board.cards.length} scorecards: everyone sees them on the round page, and players who asked get a mail.`
          : "The scorecards were already published.",
      };
    }
    case "addPot": {
      await addPot(db, roundId, { name: input.name, kind: input.kind, buyInCents: input.buy_in, holes: input.holes });
      return { success: POT_MESSAGES.added(input.name, input.buy_in) };
    }
    case "deletePot":
      await deletePot(db, roundId, input.pot_id);
      return { success: POT_MESSAGES.deleted };
    case "potPlayer":
      return {
        success: await choosePot(db, roundId, {
          potId: input.pot_id,
          entryId: input.entry_id,
          join: input.join,
          fromCredit: input.from_credit,
        }),
      };
    case "drawTeams": {
      const drawn = await drawRoundTeams(db, roundId, { mode: input.mode, version: input.version });
      return { success: TEAM_MESSAGES.drawn(drawn.teams, drawn.cali) };
    }
    case "settleHole": {
      const entryIds = [input.winner, input.tie_with].filter((id): id is number => id !== undefined);
      return { success: await settleHole(db, roundId, { potId: input.pot_id, hole: input.hole, entryIds }, who.userId) };
    }
  }
}

/** A tee time typed as a time of day, on the round's day in the league's zone. */
async function teeTimeOn(db: Db, roundId: number, time: { hour: number; minute: number }, timeZone: string): Promise<number> {
  const day = wallParts((await getRound(db, roundId)).startsAt, timeZone);
  return zonedTimeToEpoch({ year: day.year, month: day.month, day: day.day, ...time }, timeZone);
}
