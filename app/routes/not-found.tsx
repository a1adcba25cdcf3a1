import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { ButtonLink } from "~/components/ui/button";
import { PageHeader } from "~/components/ui/page-header";
import { pageMeta } from "~/lib/shared/meta";
import { useLeagueUrls } from "~/hooks/use-league-urls";

// Any unknown path: a 404 page inside the normal layout, with the navbar.
export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, "Page not found");

export default function NotFound() {
  const { href } = useLeagueUrls();
  return (
    <>
      <PageHeader title="Page not found" subtitle="We could not find that page." />
      <ButtonLink to={href("/rounds")} variant="primary">
        Back to the rounds
      </ButtonLink>
    </>
  );
}
