import { standingOf } from "~/.server/auth/current-user";
import { can } from "~/lib/accounts/roles";
import { data } from "react-router";
import type { Route } from "./+types/transfers";
import { publicCacheHeaders } from "~/.server/cache-tags";
import { optionalSession, requireCapability } from "~/.server/auth/guards";
import { handleLedgerForm } from "./ledger-form.server";
import { routeServices } from "~/.server/route-context";
import { simpleList } from "~/.server/services/players/players";
import { listTransfers } from "~/.server/services/money/transfers";
import { moneyView } from "~/.server/services/money/money-view";
import { lazyPart } from "~/components/ui/lazy-part";
import { TransferDelete } from "~/components/money/transfer-delete";
import { TransferTable } from "~/components/money/transfer-table";
import { MoneyHidden } from "~/components/money/money-hidden";
import { ActionStatus } from "~/components/ui/alert";
import { PageHeader } from "~/components/ui/page-header";
import { Pager } from "~/components/ui/pager";
import { useFormResult } from "~/hooks/use-form-result";
import { useLeague } from "~/hooks/use-league";
import { pageMeta } from "~/lib/shared/meta";
import { PAGE_ERROR, pageParam } from "~/lib/shared/paging";
import { todayInputValue } from "~/lib/shared/time";

// Public: cached for anonymous visitors, purged when these tables change (ADR 11).
// Admin only: loaded when it renders (app/components/ui/lazy-part.tsx).
const TransferForm = lazyPart(async () => (await import("~/components/money/transfer-form")).TransferForm);

// `settings`: the transfers are shown to whom the league's setting says (ADR 25).
export const headers: Route.HeadersFunction = () => publicCacheHeaders("transfers", "players", "settings");

/** Transfers on one page: a league's season fits on a few. */
export const TRANSFERS_PAGE_SIZE = 100;

export async function loader({ context, request }: Route.LoaderArgs) {
  const { db } = routeServices(context);
  const page = pageParam(new URL(request.url).searchParams);
  if (page === null) throw data({ message: PAGE_ERROR }, { status: 400 });
  const session = optionalSession(context);
  // The admin's form lists the players to pick from; visitors get only the list.
  const admin = can(standingOf(session), "manageLeague");
  // Asked together, one trip (ADR 41): the setting, the page of transfers and the admin's
  // list. A viewer the setting hides them from never gets the rows read beside it.
  const [money, { rows, page: paging }, players] = await Promise.all([
    moneyView(db, () => session),
    listTransfers(db, { page, pageSize: TRANSFERS_PAGE_SIZE }),
    admin ? simpleList(db) : Promise.resolve([]),
  ]);
  // Hidden from this visitor: the page says who may see them, and where the player's own are.
  if (!money.all) return { hidden: { message: money.hidden, ownPlayerId: money.ownPlayerId }, transfers: [], paging: null, players: [] };
  return { hidden: null, transfers: rows, paging, players };
}

export async function action({ context, request }: Route.ActionArgs) {
  requireCapability(context, request, "manageLeague");
  const { db, league } = routeServices(context);
  return handleLedgerForm(request, db, league);
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "Transfers", "Every move of league credit: between players, bought in with cash, or cashed out, newest first.");

export default function Transfers({ loaderData }: Route.ComponentProps) {
  const { isAdmin, timeZone } = useLeague();
  const { result } = useFormResult();
  return (
    <>
      <PageHeader title="Transfers" subtitle="League credit moved between players, bought in with cash, or cashed out." />
      <div className="space-y-4">
        {isAdmin ? (
          <>
            <TransferForm players={loaderData.players} today={todayInputValue(timeZone)} />
            <ActionStatus message={result?.success} />
            <ActionStatus message={result?.formError} tone="error" />
          </>
        ) : null}
        {loaderData.hidden ? (
          <MoneyHidden message={loaderData.hidden.message} ownPlayerId={loaderData.hidden.ownPlayerId} />
        ) : (
          <TransferTable transfers={loaderData.transfers} caption="Transfers" DeleteControl={isAdmin ? TransferDelete : undefined} />
        )}
        {loaderData.paging ? <Pager page={loaderData.paging} label="Transfer pages" /> : null}
      </div>
    </>
  );
}
