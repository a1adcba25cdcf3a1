import { Link } from "react-router";
import type { Route } from "./+types/welcome";
import { ButtonLink } from "~/components/ui/button";
import { Panel } from "~/components/ui/panel";
import { PageHeader } from "~/components/ui/page-header";
import { pageMeta } from "~/lib/shared/meta";
import { requireUser } from "~/.server/auth/guards";
import { useLeagueUrls } from "~/hooks/use-league-urls";
import { rootHref } from "~/lib/shared/league-url";

export const meta: Route.MetaFunction = (args) => pageMeta(args, "Welcome");

/** Where a new account lands: the one next step, finding and claiming the player record. */
export function loader({ context, request }: Route.LoaderArgs) {
  const { user } = requireUser(context, request);
  return { name: user.name, claimed: user.claimStatus !== null, isAdmin: user.isOperator };
}

const link = "font-medium text-brand-800 underline underline-offset-2";

export default function Welcome({ loaderData }: Route.ComponentProps) {
  const { href } = useLeagueUrls();
  const { name, claimed, isAdmin } = loaderData;
  return (
    <div className="mx-auto max-w-xl space-y-6">
      <PageHeader title={`Welcome, ${name}`} subtitle="Your account is ready." />
      {claimed || isAdmin ? (
        <Panel title="Your player record" titleId="next-title">
          <p>
            {isAdmin ? "Admins do not claim a player record." : "You have already claimed a player record."}{" "}
            <Link to={rootHref("/profile")} className={link}>
              See your profile
            </Link>{" "}
            or the{" "}
            <Link to={href("/rounds")} className={link}>
              rounds
            </Link>
            .
          </p>
        </Panel>
      ) : (
        <>
          <Panel tone="highlight" title="Next: find your player record" titleId="next-title">
            <p className="mb-4">
              Find your name on the Players page and claim your record. If you are new to the league, you can add yourself there.
            </p>
            <ButtonLink to={href("/players")} variant="primary">
              Find your player record
            </ButtonLink>
          </Panel>
          <p className="text-sm text-muted">
            Meanwhile, see the{" "}
            <Link to={href("/rounds")} className={link}>
              rounds
            </Link>{" "}
            or your{" "}
            <Link to={rootHref("/profile")} className={link}>
              profile
            </Link>
            .
          </p>
        </>
      )}
    </div>
  );
}
