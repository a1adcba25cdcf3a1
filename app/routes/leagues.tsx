import { Form, Link } from "react-router";
import type { Route } from "./+types/leagues";
import { routeServices } from "~/.server/route-context";
import { listLeagues } from "~/.server/services/leagues/league-list";
import { Button, ButtonLink } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { FormField } from "~/components/ui/form-field";
import { PageHeader } from "~/components/ui/page-header";
import { Panel } from "~/components/ui/panel";
import { leagueUrls, rootHref } from "~/lib/shared/league-url";
import { useLeague } from "~/hooks/use-league";

// The deployment's front door (ADR 46): its leagues by name, each with its town and a link to
// its pages, and a search by name or town. The root shows it when the deployment has no
// default league. A signed-in visitor may start a league; anyone may join one by its code.

const SEARCH_MAX = 100;

export async function loader({ context, request }: Route.LoaderArgs) {
  const { db, env } = routeServices(context);
  const search = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, SEARCH_MAX);
  return { search, leagues: await listLeagues(db, env, search) };
}

export const meta: Route.MetaFunction = () => [
  { title: "Find a league" },
  { name: "description", content: "The leagues that play here: find yours by name or town." },
];

export default function Leagues({ loaderData }: Route.ComponentProps) {
  const { search, leagues } = loaderData;
  const { user } = useLeague();
  return (
    <div className="mx-auto max-w-2xl">
      <PageHeader title="Find a league" subtitle="The leagues that play here. Open yours to see its rounds and sign up." />
      <div className="mb-4 flex flex-wrap gap-2">
        <ButtonLink to={rootHref("/join")}>Join with a code</ButtonLink>
        {user ? (
          <ButtonLink to={rootHref("/leagues/new")} variant="primary">
            Start a league
          </ButtonLink>
        ) : null}
      </div>
      <Form method="get" role="search" className="mb-6 flex items-end gap-2">
        <div className="flex-1">
          <FormField label="League name or town" name="q" type="search" defaultValue={search} maxLength={SEARCH_MAX} />
        </div>
        <Button type="submit">Search</Button>
      </Form>
      {leagues.length === 0 ? (
        <EmptyState title={search ? `No league's name or town has "${search}"` : "No leagues yet"}>
          {search ? "Try fewer words, or part of a word." : null}
        </EmptyState>
      ) : (
        <Panel>
          <ul className="divide-y divide-line">
            {leagues.map((league) => (
              <li key={league.slug}>
                <Link
                  to={leagueUrls(league).href("/")}
                  className="flex min-h-11 items-center py-2 font-medium text-brand-800 underline underline-offset-2"
                >
                  <span>
                    {league.name}
                    {league.town ? <span className="block text-sm font-normal text-muted no-underline">{league.town}</span> : null}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </Panel>
      )}
    </div>
  );
}
