import { formatRoundWhen } from "~/lib/rounds/round-dates";
import { formatDateTime } from "~/lib/shared/time";
import type { Mail } from "./mailer";
import type { OpenedRound, RegistrationMailContext } from "./registration-mail";
import { leagueUrls } from "~/lib/shared/league-url";

// News of a player's place on a waitlist (ADR 28), for those who asked for it on their
// profile: a place offered (and until when), entered, entered by credit at once, or an
// offer that lapsed and went to the next player.

export type NoticeKind = "offered" | "entered" | "auto_entered" | "expired";

const SUBJECT: Record<NoticeKind, string> = {
  offered: "a place is yours if you confirm",
  entered: "you are in",
  auto_entered: "you are in, paid from your credit",
  expired: "your offer lapsed",
};

function lines(kind: NoticeKind, offerExpiresAt: number | null, ctx: RegistrationMailContext): string[] {
  switch (kind) {
    case "offered":
      return [
        `A place freed up and it is yours until ${offerExpiresAt ? formatDateTime(offerExpiresAt, ctx.timeZone) : "the round starts"}.`,
        "Confirm and pay on the round's page before then, or it goes to the next player on the list.",
      ];
    case "entered":
      return ["You confirmed your place from the waitlist: you are entered."];
    case "auto_entered":
      return ["A place freed up and, as you asked, you were entered at once and the entry paid from your league credit."];
    case "expired":
      return [
        "The place offered to you was not confirmed in time, so it went to the next player on the list.",
        "You can join the list again on the round's page.",
      ];
  }
}

export function waitlistMail(
  user: { email: string; name: string },
  round: OpenedRound,
  notice: { kind: NoticeKind; offerExpiresAt: number | null },
  ctx: RegistrationMailContext,
): Mail {
  const links = leagueUrls(ctx.league, ctx.linkOrigin);
  const url = links.href(`/rounds/${round.id}`);
  return {
    to: user.email,
    subject: `${ctx.leagueName}: ${round.name}, ${SUBJECT[notice.kind]}`,
    text: [
      `Hello ${user.name},`,
      "",
      ...lines(notice.kind, notice.offerExpiresAt, ctx),
      "",
      `When:  ${formatRoundWhen(round.startsAt, ctx.timeZone)}`,
      `Where: ${round.location}`,
      "",
      url,
      "",
      `You get this mail because you asked for it on your ${ctx.leagueName} profile.`,
      `To stop these mails, untick "Mail me about my places on waitlists" there: ${links.rootHref("/profile")}`,
      "",
    ].join("\n"),
    link: { label: "The round", url },
  };
}
