import { useEffect, useRef } from "react";
import { Form, Link, useNavigation, useSubmit } from "react-router";
import type { Route } from "./+types/players";
import { publicCacheHeaders } from "~/.server/cache-tags";
import { DataTable as Table, td, tdNum, th } from "~/components/ui/table";
import { routeServices } from "~/.server/route-context";
import { searchPlayers } from "~/.server/services/players";
import { MIN_SEARCH_LENGTH } from "~/lib/constants";
import { formatCents } from "~/lib/money";

// Public: cached for anonymous visitors, purged when these tables change (ADR 11).
export const headers: Route.HeadersFunction = () => publicCacheHeaders("players", "entries", "transfers");

export async function loader({ context, request }: Route.LoaderArgs) {
  const { db } = routeServices(context);
  const q = (new URL(request.url).searchParams.get("q") ?? "").slice(0, 100);
  const ready = q.trim().length >= MIN_SEARCH_LENGTH;
  return { q, results: ready ? await searchPlayers(db, q) : null };
}

export const meta: Route.MetaFunction = () => [{ title: "Players" }];

export default function Players({ loaderData }: Route.ComponentProps) {
  const { q, results } = loaderData;
  const submit = useSubmit();
  const navigation = useNavigation();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const searching = navigation.location?.pathname === "/players";
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="mr-auto text-2xl font-semibold">Players</h1>
        <Link to="/players-all" className="rounded border border-brand-700 px-3 py-2 text-sm font-semibold text-brand-700">
          All Players
        </Link>
      </div>
      <Form method="get" role="search" className="flex flex-wrap items-end gap-2">
        <label className="flex min-w-0 flex-1 flex-col text-sm font-medium">
          Search players
          <input
            type="search"
            name="q"
            defaultValue={q}
            autoComplete="off"
            aria-describedby="search-hint"
            className="mt-1 rounded border border-slate-300 px-3 py-2 text-base"
            onChange={(e) => {
              const form = e.currentTarget.form;
              clearTimeout(timer.current);
              // Search as the user types, once there is enough text; replace history entries.
              timer.current = setTimeout(() => {
                if (form && e.target.value.trim().length >= MIN_SEARCH_LENGTH) submit(form, { replace: true });
              }, 300);
            }}
          />
        </label>
        <button type="submit" className="rounded bg-brand-700 px-4 py-2 text-sm font-semibold text-white">
          Search
        </button>
        <p id="search-hint" className="w-full text-xs text-slate-500">
          Type at least {MIN_SEARCH_LENGTH} characters of a first or last name.
        </p>
      </Form>
      <div aria-live="polite">
        {searching ? <p className="text-sm text-slate-500">Searching…</p> : null}
        {results === null ? null : results.length === 0 ? (
          <p className="text-slate-600">No players found.</p>
        ) : (
          <Table
            caption="Search results"
            head={
              <tr>
                <th className={th}>Name</th>
                <th className={`${th} text-right`}>Balance</th>
              </tr>
            }
          >
            {results.map((p) => (
              <tr key={p.id}>
                <td className={td}>
                  <Link to={`/players/${p.id}`} className="text-brand-700 hover:underline">
                    {p.firstName} {p.lastName}
                  </Link>
                </td>
                <td className={tdNum}>{formatCents(p.balanceCents)}</td>
              </tr>
            ))}
          </Table>
        )}
      </div>
    </div>
  );
}
