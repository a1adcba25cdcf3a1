import { type CardSummary, cardLine } from "~/lib/night/night";
import { formatRoundWhen } from "~/lib/rounds/round-dates";
import type { Mail } from "./mailer";
import type { OpenedRound, RegistrationMailContext } from "./registration-mail";
import { leagueUrls } from "~/lib/shared/league-url";

// The mail a player asked for on their profile: their card when a round's cards are
// published (ADR 25), with where they start and who with, and the way to stop these mails.

export function cardMail(user: { email: string; name: string }, round: OpenedRound, card: CardSummary, ctx: RegistrationMailContext): Mail {
  const line = cardLine(card, ctx.timeZone);
  const links = leagueUrls(ctx.league, ctx.linkOrigin);
  return {
    to: user.email,
    subject: `${ctx.leagueName}: your scorecard for ${round.name} (${line.split(" · with ")[0]})`,
    text: [
      `Hello ${user.name},`,
      "",
      `The scorecards for ${round.name} are out. Yours:`,
      "",
      line,
      "",
      `When:  ${formatRoundWhen(round.startsAt, ctx.timeZone)}`,
      `Where: ${round.location}`,
      "",
      "Every scorecard of the round:",
      links.href(`/rounds/${round.id}`),
      "",
      `You get this mail because you asked for it on your ${ctx.leagueName} profile.`,
      `To stop these mails, untick "Mail me my card" there: ${links.rootHref("/profile")}`,
      "",
    ].join("\n"),
  };
}
