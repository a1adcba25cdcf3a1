import { type ReactNode, useEffect, useRef } from "react";
import { Form, useNavigation, useSubmit } from "react-router";
import type { Route } from "./+types/players";
import { publicCacheHeaders } from "~/.server/cache-tags";
import { routeServices } from "~/.server/route-context";
import { type SearchResult, searchPlayers } from "~/.server/services/players";
import { PlayerLink } from "~/components/player-link";
import { Button, ButtonLink } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { Field } from "~/components/ui/field";
import { PageHeader } from "~/components/ui/page-header";
import { DataTable, td, tdNum, th } from "~/components/ui/table";
import { MIN_SEARCH_LENGTH } from "~/lib/constants";
import { pageMeta } from "~/lib/meta";
import { formatCents } from "~/lib/money";

// Public: cached for anonymous visitors, purged when these tables change (ADR 11).
export const headers: Route.HeadersFunction = () => publicCacheHeaders("players", "entries", "transfers");

export async function loader({ context, request }: Route.LoaderArgs) {
  const { db } = routeServices(context);
  const q = (new URL(request.url).searchParams.get("q") ?? "").slice(0, 100);
  const ready = q.trim().length >= MIN_SEARCH_LENGTH;
  return { q, results: ready ? await searchPlayers(db, q) : null };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "Players", "Find a player of the league by name to see their rounds, scoring averages and league credit balance.");

export default function Players({ loaderData }: Route.ComponentProps) {
  const { q, results } = loaderData;
  const submit = useSubmit();
  const navigation = useNavigation();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const searching = navigation.location?.pathname === "/players";
  return (
    <>
      <PageHeader title="Players" actions={<ButtonLink to="/players-all">All Players</ButtonLink>} />
      <div className="space-y-4">
        <Form method="get" role="search" className="flex flex-wrap items-start gap-2">
          <div className="min-w-0 flex-1 sm:max-w-md">
            <Field
              label="Search players"
              type="search"
              name="q"
              defaultValue={q}
              autoComplete="off"
              hint={`Type at least ${MIN_SEARCH_LENGTH} characters of a first or last name.`}
              onChange={(e) => {
                const form = e.currentTarget.form;
                clearTimeout(timer.current);
                // Search as the user types, once there is enough text; replace history entries.
                timer.current = setTimeout(() => {
                  if (form && e.target.value.trim().length >= MIN_SEARCH_LENGTH) submit(form, { replace: true });
                }, 300);
              }}
            />
          </div>
          {/* Level with the input: below the label's line. */}
          <Button type="submit" className="mt-6">
            Search
          </Button>
        </Form>
        <div aria-live="polite" className="space-y-2">
          {searching ? <p className="text-sm text-muted">Searching…</p> : null}
          {results === null ? null : results.length === 0 ? (
            <EmptyState title="No players found.">Check the spelling, or try the first or last name alone.</EmptyState>
          ) : (
            // Issue 9 (claims): pass `actions={(p) => …}` for Claim / Unclaim per row, and
            // admins' Edit / Delete (spec §2 /players); the table grows an Actions column.
            <SearchResults results={results} />
          )}
        </div>
      </div>
    </>
  );
}

/** The search hits: name (to the player's page) and balance, and per-row actions when given. */
function SearchResults({ results, actions }: { results: SearchResult[]; actions?: (player: SearchResult) => ReactNode }) {
  return (
    <DataTable
      caption="Search results"
      head={
        <tr>
          <th className={th}>Name</th>
          <th className={`${th} text-right`}>Balance</th>
          {actions ? <th className={`${th} text-right`}>Actions</th> : null}
        </tr>
      }
    >
      {results.map((p) => (
        <tr key={p.id}>
          <td className={td}>
            <PlayerLink id={p.id}>
              {p.firstName} {p.lastName}
            </PlayerLink>
          </td>
          <td className={tdNum}>{formatCents(p.balanceCents)}</td>
          {actions ? <td className={`${td} text-right`}>{actions(p)}</td> : null}
        </tr>
      ))}
    </DataTable>
  );
}
