import { Link, useLocation } from "react-router";
import { lazyPart } from "~/components/lazy-part";
import { Button } from "~/components/ui/button";
import type { SignUpFacts } from "./signup-dialog";
import { Alert } from "~/components/ui/alert";
import { ButtonLink } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { useLeague } from "~/hooks/use-league";
import type { RoundFees } from "~/lib/pricing";

type Round = RoundFees & { id: number; n: string; openForRegistration: boolean };

// Only a player who can sign up sees the dialog: its code loads when it renders.
const SignUpDialog = lazyPart(
  async () => (await import("./signup-dialog")).SignUpDialog,
  () => <Button disabled>Sign up</Button>,
);

/**
 * Who sees what (issue 11): a closed round says so; visitors get a login prompt, users
 * without an approved claim the claim prompt, an entered player that they are signed up,
 * the claimed player the sign-up dialog. Admins sign players up on the round's admin page.
 */
export function SignUpPanel({ round, signUp }: { round: Round; signUp: SignUpFacts | null }) {
  const { user, isAdmin } = useLeague();
  const { pathname } = useLocation();
  if (isAdmin) return null;
  if (signUp?.entered) return <Alert tone="success">You are signed up for this round.</Alert>;
  if (!round.openForRegistration) return <p className="text-sm font-medium text-muted">Registration is closed for this round.</p>;
  return (
    <Card>
      <h2 className="font-display text-xl font-semibold">Sign up</h2>
      {!user ? (
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <p className="text-sm">Log in to sign up for this round.</p>
          <ButtonLink to={`/login?redirectTo=${encodeURIComponent(pathname)}`}>Log in to sign up</ButtonLink>
        </div>
      ) : !signUp ? (
        <p className="mt-2 text-sm">
          To sign up,{" "}
          <Link to="/players" className="font-medium text-brand-800 underline">
            claim your player record
          </Link>
          ; an admin approves it, then you can sign up here.
        </p>
      ) : (
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <p className="text-sm">Registration is open.</p>
          <SignUpDialog round={round} facts={signUp} />
        </div>
      )}
    </Card>
  );
}
