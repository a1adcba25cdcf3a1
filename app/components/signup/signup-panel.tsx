import { Link, useLocation } from "react-router";
import { lazyPart } from "~/components/ui/lazy-part";
import type { SignUpFacts } from "./signup-dialog";
import { ButtonLink } from "~/components/ui/button";
import { Panel } from "~/components/ui/panel";
import { useLeague } from "~/hooks/use-league";
import type { RoundFees } from "~/lib/signup/pricing";
import { useLeagueUrls } from "~/hooks/use-league-urls";
import { rootHref } from "~/lib/shared/league-url";

type Round = RoundFees & { id: number; name: string; openForRegistration: boolean };

// Only a player whose claim is approved sees their part (sign up, or withdraw): its code
// loads when it renders, so an anonymous visit never downloads it.
const PlayerPart = lazyPart(async () => (await import("./player-part")).PlayerPart);

/**
 * Who sees what: a closed round says so; visitors get a login prompt, a user whose claim
 * waits for an admin that it waits, other users without an approved claim the claim
 * prompt, the claimed player their own part (signed up and Withdraw, or the sign-up
 * dialog). Admins sign players up on the round's admin page.
 */
export function SignUpPanel({ round, signUp }: { round: Round; signUp: SignUpFacts | null }) {
  const { href } = useLeagueUrls();
  const { user, isAdmin } = useLeague();
  const { pathname } = useLocation();
  if (isAdmin) return null;
  if (signUp) return <PlayerPart round={round} facts={signUp} />;
  if (!round.openForRegistration) return <p className="text-sm font-medium text-muted">Registration is closed for this round.</p>;
  return (
    <Panel>
      <h2 className="font-display text-xl font-semibold">Sign up</h2>
      {!user ? (
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <p className="text-sm">Log in to sign up for this round.</p>
          <ButtonLink to={rootHref(`/login?redirectTo=${encodeURIComponent(pathname)}`)}>Log in to sign up</ButtonLink>
        </div>
      ) : user.claimStatus === "pending" ? (
        <p className="mt-2 text-sm">
          Your claim is waiting for an admin's approval. Once it is approved, you can sign up here.{" "}
          <Link to={rootHref("/profile")} className="font-medium text-brand-800 underline">
            See your claim
          </Link>
          .
        </p>
      ) : (
        <p className="mt-2 text-sm">
          To sign up,{" "}
          <Link to={href("/players")} className="font-medium text-brand-800 underline">
            claim your player record
          </Link>
          ; an admin approves it, then you can sign up here.
        </p>
      )}
    </Panel>
  );
}
