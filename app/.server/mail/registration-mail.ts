import { formatRoundWhen } from "~/lib/rounds/round-dates";
import type { Mail } from "./mailer";
import { type LeagueAddress, leagueUrls } from "~/lib/shared/league-url";

// The mail that says registration opened for a round: which round, when (in the league's
// zone), where, the link to sign up, and a one-click way out (RFC 8058: List-Unsubscribe
// with an https URL and List-Unsubscribe-Post, so mail clients can offer an Unsubscribe
// button that posts to it without opening a browser).

export type OpenedRound = { id: number; name: string; startsAt: number; location: string };
/**
 * `league`: whose pages the links open (ADR 46); the default league's (the root) when not
 * given, as a job names no league yet.
 */
export type RegistrationMailContext = { linkOrigin: string; leagueName: string; timeZone: string; league?: LeagueAddress };

/** `unsubscribe`: the page a person opens, and the URL a mail client posts its one-click to. */
export function registrationMail(
  user: { email: string; name: string },
  round: OpenedRound,
  unsubscribe: { page: string; oneClick: string },
  ctx: RegistrationMailContext,
): Mail {
  const link = leagueUrls(ctx.league, ctx.linkOrigin).href(`/rounds/${round.id}`);
  const when = formatRoundWhen(round.startsAt, ctx.timeZone);
  return {
    to: user.email,
    subject: `${ctx.leagueName}: registration is open for ${round.name} (${when})`,
    text: [
      `Hello ${user.name},`,
      "",
      `Registration is open for ${round.name}.`,
      "",
      `When:  ${when}`,
      `Where: ${round.location}`,
      "",
      "See the round and sign up:",
      link,
      "",
      `You get this mail because you asked for it on your ${ctx.leagueName} profile.`,
      "To stop these mails, open this link (no login needed):",
      unsubscribe.page,
      "",
    ].join("\n"),
    // What a local server prints (printLinks): the one link of the mail that is personal.
    link: { label: "Registration mail, unsubscribe link", url: unsubscribe.page },
    headers: {
      "List-Unsubscribe": `<${unsubscribe.oneClick}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}
