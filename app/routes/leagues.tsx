import { Form, Link } from "react-router";
import type { Route } from "./+types/leagues";
import { routeServices } from "~/.server/route-context";
import { listLeagues } from "~/.server/services/leagues/league-list";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { FormField } from "~/components/ui/form-field";
import { PageHeader } from "~/components/ui/page-header";
import { Panel } from "~/components/ui/panel";
import { leagueUrls } from "~/lib/shared/league-url";

// The deployment's front door (ADR 46): its leagues by name, each a link to its pages, and a
// search by name. The root shows it when the deployment has no default league.

const SEARCH_MAX = 100;

export async function loader({ context, request }: Route.LoaderArgs) {
  const { db, env } = routeServices(context);
  const search = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, SEARCH_MAX);
  return { search, leagues: await listLeagues(db, env, search) };
}

export const meta: Route.MetaFunction = () => [
  { title: "Find a league" },
  { name: "description", content: "The leagues that play here: find yours by name." },
];

export default function Leagues({ loaderData }: Route.ComponentProps) {
  const { search, leagues } = loaderData;
  return (
    <div className="mx-auto max-w-2xl">
      <PageHeader title="Find a league" subtitle="The leagues that play here. Open yours to see its rounds and sign up." />
      <Form method="get" role="search" className="mb-6 flex items-end gap-2">
        <div className="flex-1">
          <FormField label="League name" name="q" type="search" defaultValue={search} maxLength={SEARCH_MAX} />
        </div>
        <Button type="submit">Search</Button>
      </Form>
      {leagues.length === 0 ? (
        <EmptyState title={search ? `No league's name has "${search}"` : "No leagues yet"}>
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
                  {league.name}
                </Link>
              </li>
            ))}
          </ul>
        </Panel>
      )}
    </div>
  );
}
