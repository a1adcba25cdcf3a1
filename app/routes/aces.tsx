import { useCallback, useEffect, useState } from "react";
import { Link } from "react-router";
import type { Route } from "./+types/aces";
import { publicCacheHeaders } from "~/.server/cache-tags";
import { requireCapability, sessionCan } from "~/.server/auth/guards";
import { handleLedgerForm } from "./ledger-form.server";
import { routeServices } from "~/.server/route-context";
import { acePotCents, listAces } from "~/.server/services/money/aces";
import { simpleList } from "~/.server/services/players/players";
import { ActionStatus } from "~/components/ui/alert";
import { LazyConfirmDialog as ConfirmDialog } from "~/components/ui/lazy-confirm-dialog";
import { lazyPart } from "~/components/ui/lazy-part";
import { useFormResult } from "~/hooks/use-form-result";
import { todayInputValue } from "~/lib/shared/time";
import { PlayerLink } from "~/components/players/player-link";
import { Panel } from "~/components/ui/panel";
import { EmptyState } from "~/components/ui/empty-state";
import { PageHeader } from "~/components/ui/page-header";
import { DataTable, td, tdNum, th } from "~/components/ui/table";
import { useLeague } from "~/hooks/use-league";
import { pageMeta } from "~/lib/shared/meta";
import { formatCents } from "~/lib/shared/money";
import { fullName } from "~/lib/players/player-name";
import { useLeagueUrls } from "~/hooks/use-league-urls";

// Public: cached for anonymous visitors, purged when these tables change (ADR 11).
// Admin only: loaded when it renders (app/components/ui/lazy-part.tsx).
const AddAceDialog = lazyPart(async () => (await import("~/components/money/add-ace-dialog")).AddAceDialog);

export const headers: Route.HeadersFunction = () => publicCacheHeaders("aces", "players", "rounds", "entries");

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = routeServices(context);
  const admin = sessionCan(context, "manageLeague");
  // A pot that cannot be read shows as 0, not an error page.
  const pot = acePotCents(db).catch((err: unknown) => {
    console.error("The ace pot could not be read", err);
    return 0;
  });
  const [potCents, aces, players] = await Promise.all([pot, listAces(db), admin ? simpleList(db) : Promise.resolve([])]);
  return { pot: potCents, aces, players };
}

export async function action({ context, request }: Route.ActionArgs) {
  requireCapability(context, request, "manageLeague");
  const { db, league } = routeServices(context);
  return handleLedgerForm(request, db, league);
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "Aces", "The league's current ace pot and every ace hit so far: when, by whom, and how much the pot paid.");

export default function Aces({ loaderData }: Route.ComponentProps) {
  const { href } = useLeagueUrls();
  const { pot, aces, players } = loaderData;
  const { date, isAdmin, timeZone } = useLeague();
  const { result } = useFormResult();
  // The latest outcome wins: the modal's add, or the page's own post (a delete).
  const [status, setStatus] = useState<string | null>(null);
  const onAdded = useCallback((message: string) => setStatus(message), []);
  useEffect(() => setStatus(result?.success ?? null), [result]);
  const today = todayInputValue(timeZone);
  return (
    <>
      <PageHeader
        title="Aces"
        subtitle="Every entry that opts in adds the ace fee to the ace pot; aces are paid from it."
        actions={isAdmin ? <AddAceDialog players={players} today={today} onAdded={onAdded} /> : null}
      />
      <div className="space-y-8">
        {isAdmin ? (
          <>
            <ActionStatus message={status} />
            <ActionStatus message={result?.formError} tone="error" />
          </>
        ) : null}
        <Panel tone="highlight">
          {/* The spec's wording: 'Current Ace Pot: $' and the amount. */}
          <p className="flex flex-wrap items-baseline gap-x-3 font-display font-semibold tracking-wide">
            <span className="text-2xl">Current Ace Pot:</span>{" "}
            <span className="text-5xl text-brand-900 tabular-nums">{formatCents(pot)}</span>
          </p>
          {/* The pot as of now (ADR 21): the same sum a round's "ace pot at stake" takes as of its start. */}
          <p className="mt-2 text-sm text-muted">Fees prepaid for a future round join the ace pot when that round starts.</p>
        </Panel>
        {/* Not a region of its own: the table below is one, named by its caption. */}
        <div className="space-y-3">
          <h2 className="font-display text-2xl font-semibold tracking-wide">Ace History</h2>
          {aces.length === 0 ? (
            <EmptyState title="No aces yet." />
          ) : (
            <DataTable
              caption="Ace History"
              head={
                <tr>
                  <th className={th}>Date</th>
                  <th className={th}>Name</th>
                  <th className={`${th} text-right`}>Amount</th>
                  {isAdmin ? (
                    <th className={th}>
                      <span className="sr-only">Delete</span>
                    </th>
                  ) : null}
                </tr>
              }
            >
              {aces.map((a) => (
                <tr key={a.id}>
                  <td className={td}>
                    {/* The round form for admins (it links on to the round's entries), the round page for others. */}
                    {a.roundId ? (
                      <Link
                        to={href(isAdmin ? `/admin/rounds/${a.roundId}` : `/rounds/${a.roundId}`)}
                        className="text-brand-800 underline-offset-2 hover:underline"
                      >
                        {date(a.date)}
                      </Link>
                    ) : (
                      date(a.date)
                    )}
                  </td>
                  <td className={td}>
                    <PlayerLink id={a.playerId}>{fullName(a)}</PlayerLink>
                  </td>
                  <td className={`${tdNum} font-semibold`}>{formatCents(a.amountCents)}</td>
                  {isAdmin ? (
                    <td className={td}>
                      <ConfirmDialog
                        trigger="X"
                        triggerLabel={`Delete ${fullName(a)}'s ace`}
                        size="sm"
                        tone="danger"
                        title="Delete this ace?"
                        description={`Are you sure you want to delete ${fullName(a)}'s ace?`}
                        confirmLabel="Delete ace"
                        intent="deleteAce"
                        fields={{ id: a.id }}
                      />
                    </td>
                  ) : null}
                </tr>
              ))}
            </DataTable>
          )}
        </div>
      </div>
    </>
  );
}
