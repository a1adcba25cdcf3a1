import type { ReactNode } from "react";
import { ClaimedPlayerPanel } from "./claimed-player";
import { InstallHint } from "./install-hint";
import { StatusBadge } from "~/components/ui/badge";
import { ButtonLink } from "~/components/ui/button";
import { Panel, Stats } from "~/components/ui/panel";
import type { OwnClaim } from "~/.server/services/players/own-claim";
import type { NextRoundAction } from "~/.server/pages/player-home";
import { formatCents } from "~/lib/shared/money";
import type { WaitlistLine } from "~/lib/waitlist/waitlist-words";
import { Link } from "react-router";
import { MESSAGES_KEPT_DAYS } from "~/lib/messages/kinds";
import { rootHref } from "~/lib/shared/league-url";
import { useLeagueUrls } from "~/hooks/use-league-urls";

// What a signed-in user sees first on the home page, in its own module: the page loads it
// when it renders one (app/components/ui/lazy-part.tsx), so an anonymous visit does not.

/** The player's next round as the home page shows it, its times already in the league's words. */
export type NextRoundView = {
  roundId: number;
  name: string;
  when: string;
  location: string;
  entered: boolean;
  owedCents: number;
  checkedIn: boolean;
  checkInOpens: string;
  /** "Card 3 · hole 7 · with …", once the round's cards are published. */
  card: string | null;
  action: NextRoundAction;
  /** "Cancelled: weather" (app/lib/rainouts/words.ts) for a cancelled round, else null. */
  cancelled: string | null;
};

export type PlayerHomeView = { claim: OwnClaim | null; next: NextRoundView | null; waitlist: WaitlistLine[] };

const ACTION_LABEL: Record<NextRoundAction, string> = { signUp: "Sign up", checkIn: "Check in", view: "View round" };

function NextRoundCard({ next }: { next: NextRoundView }) {
  const { href } = useLeagueUrls();
  const items = next.cancelled
    ? [{ label: "Signed up", value: next.entered ? "Yes" : "No" }]
    : next.entered
      ? [
          { label: "Signed up", value: "Yes" },
          { label: "Paid", value: next.owedCents > 0 ? `Owes ${formatCents(next.owedCents)}` : "Yes" },
          { label: "Checked in", value: next.checkedIn ? "Yes" : `Not yet (from ${next.checkInOpens})` },
        ]
      : [{ label: "Signed up", value: "No" }];
  return (
    <Panel
      tone="highlight"
      title="Your next round"
      titleId="next-round-title"
      actions={
        next.cancelled ? (
          <StatusBadge status="Closed" label={next.cancelled} />
        ) : next.entered ? (
          <StatusBadge status="Open" label="Signed up" />
        ) : null
      }
    >
      <p className="font-display text-2xl font-semibold tracking-wide">{next.name}</p>
      <p className="mb-3 text-sm text-muted">
        {next.when} · {next.location}
      </p>
      {next.cancelled ? (
        <p className="mb-3 font-semibold text-danger-800">
          {next.cancelled}. This round will not be played; what you paid for it is back as league credit.
        </p>
      ) : null}
      <Stats items={items} />
      {next.card && !next.cancelled ? <p className="mt-3 font-semibold">{next.card}</p> : null}
      <ButtonLink to={href(`/rounds/${next.roundId}`)} variant={next.action === "view" ? "secondary" : "primary"} className="mt-4">
        {ACTION_LABEL[next.action]}
      </ButtonLink>
    </Panel>
  );
}

/** The player's waitlists (ADR 28): an offer to confirm first, then their places and what changed lately. */
function WaitlistCard({ lines }: { lines: WaitlistLine[] }) {
  const { href } = useLeagueUrls();
  const offered = lines.some((l) => l.offer);
  return (
    <Panel title="Waitlists" titleId="waitlists-title" tone={offered ? "highlight" : "plain"}>
      <ul className="space-y-2">
        {lines.map((l) => (
          <li key={l.key}>
            <Link
              to={href(`/rounds/${l.roundId}`)}
              className={`inline-flex min-h-11 items-center underline ${l.offer ? "font-semibold text-brand-800" : ""}`}
            >
              {l.text}
            </Link>
          </li>
        ))}
      </ul>
    </Panel>
  );
}

/**
 * The player's next round (when their claim is approved), then their record: its credit, or
 * where the claim stands. First, on a phone that could have the app, how to put it on the Home Screen.
 * `beforeNext` is what the page puts above the next round (a cancelled round's PayPal payment to
 * ask back, ADR 50): the page composes it, so this domain's screens import none of rain-outs'.
 */
export function PlayerHome({ home, beforeNext }: { home: PlayerHomeView; beforeNext?: ReactNode }) {
  return (
    <>
      <InstallHint />
      {home.waitlist.some((l) => l.offer) ? <WaitlistCard lines={home.waitlist} /> : null}
      {beforeNext}
      {home.next ? <NextRoundCard next={home.next} /> : null}
      {home.waitlist.length && !home.waitlist.some((l) => l.offer) ? <WaitlistCard lines={home.waitlist} /> : null}
      <ClaimedPlayerPanel claim={home.claim} isAdmin={false} />
      {/* What every league told the player (ADR 49): the deployment's page. */}
      <p className="text-sm">
        <Link
          to={rootHref("/messages")}
          className="inline-flex min-h-11 items-center font-medium text-brand-800 underline underline-offset-2"
        >
          Your messages
        </Link>{" "}
        from the last {MESSAGES_KEPT_DAYS} days, from every league you play in.
      </p>
    </>
  );
}
