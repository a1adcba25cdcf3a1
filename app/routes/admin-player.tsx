import { useCallback, useEffect, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/admin-player";
import { PlayerDialog } from "~/components/players/player-dialog";
import { ActionStatus } from "~/components/ui/alert";
import { StatusBadge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/dialog";
import { EmptyState } from "~/components/ui/empty-state";
import { PageHeader } from "~/components/ui/page-header";
import { DataTable, stackWide, td, tdNum, th } from "~/components/ui/table";
import { useFormResult } from "~/hooks/use-form-result";
import { requireCapability } from "~/.server/auth/guards";
import { handlePlayerAdminForm } from "./player-admin-form.server";
import { routeServices } from "~/.server/route-context";
import { searchPlayers } from "~/.server/services/players/players";
import { getLeagueSettings } from "~/.server/services/settings/league-settings";
import { MAX_SEARCH_LENGTH, MIN_SEARCH_LENGTH } from "~/lib/players/constants";
import { readSearchText } from "~/schemas/players";
import { pageMeta } from "~/lib/shared/meta";
import { formatCents } from "~/lib/shared/money";
import { fullName } from "~/lib/players/player-name";
import { useLeagueUrls } from "~/hooks/use-league-urls";

export async function loader({ context, request }: Route.LoaderArgs) {
  requireCapability(context, request, "manageLeague");
  const { db } = routeServices(context);
  const { q, ready, error: searchError } = readSearchText(new URL(request.url).searchParams.get("q"));
  const [results, { divisions }] = await Promise.all([ready ? searchPlayers(db, q, 50) : null, getLeagueSettings(db)]);
  return { q, searchError, results, divisions };
}

export async function action({ context, request }: Route.ActionArgs) {
  requireCapability(context, request, "manageLeague");
  return handlePlayerAdminForm(request, routeServices(context).db);
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, "Edit players");

export default function AdminPlayer({ loaderData }: Route.ComponentProps) {
  const { href } = useLeagueUrls();
  const { q, searchError, results, divisions } = loaderData;
  const { formError, result } = useFormResult();
  // The latest outcome wins: a dialog's save, or the page's own post (a delete).
  const [status, setStatus] = useState<string | null>(null);
  const onSaved = useCallback((message: string) => setStatus(message), []);
  useEffect(() => setStatus(result?.success ?? null), [result]);
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <PageHeader
        title="Edit players"
        subtitle="Find a player to correct their record, or add a new one."
        actions={<PlayerDialog trigger={<Button>Add player</Button>} onSaved={onSaved} divisions={divisions} />}
      />
      <div className="space-y-4">
        <Form method="get" role="search" className="flex flex-wrap items-end gap-2">
          <label className="flex min-w-0 flex-1 flex-col text-sm font-medium">
            Search players
            <input
              type="search"
              name="q"
              defaultValue={q}
              maxLength={MAX_SEARCH_LENGTH}
              autoComplete="off"
              className="mt-1 min-h-11 rounded-md border border-slate-400 bg-surface px-3 py-2 text-base"
            />
          </label>
          <Button type="submit" variant="secondary">
            Search
          </Button>
        </Form>
        <ActionStatus message={status} />
        <ActionStatus message={formError} tone="error" />
        {searchError ? <ActionStatus message={searchError} tone="error" /> : null}
        {results === null ? (
          <p className="text-sm text-muted">Type at least {MIN_SEARCH_LENGTH} characters of a first or last name.</p>
        ) : results.length === 0 ? (
          <EmptyState title="No players found." />
        ) : (
          <DataTable
            caption="Players found"
            stack
            head={
              <tr>
                <th className={th}>Name</th>
                <th className={th}>Division</th>
                <th className={th}>PDGA</th>
                <th className={`${th} text-right`}>Balance</th>
                <th className={th}>Actions</th>
              </tr>
            }
          >
            {results.map((p) => (
              <tr key={p.id}>
                <td className={td}>
                  <Link to={href(`/players/${p.id}`)} className="font-medium text-brand-800 hover:underline">
                    {fullName(p)}
                  </Link>
                  {p.inactive ? (
                    <span className="ml-2">
                      <StatusBadge status="Inactive" />
                    </span>
                  ) : null}
                </td>
                <td className={td} data-label="Division">
                  {p.division}
                </td>
                <td className={td} data-label="PDGA">
                  {p.pdga}
                </td>
                <td className={tdNum} data-label="Balance">
                  {formatCents(p.balanceCents)}
                </td>
                <td className={`${td} ${stackWide}`}>
                  <div className="flex gap-2">
                    <PlayerDialog
                      player={p}
                      onSaved={onSaved}
                      divisions={divisions}
                      trigger={
                        <Button size="sm" variant="secondary" aria-label={`Edit ${fullName(p)}`}>
                          Edit
                        </Button>
                      }
                    />
                    <ConfirmDialog
                      trigger="Delete"
                      size="sm"
                      tone="danger"
                      title={`Delete ${fullName(p)}?`}
                      description="Only a player with no rounds, aces, transfers or linked user can be deleted; otherwise mark them inactive."
                      confirmLabel="Delete player"
                      intent="deletePlayer"
                      fields={{ id: p.id }}
                      disabled={busy}
                    />
                  </div>
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </div>
    </>
  );
}
