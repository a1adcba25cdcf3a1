import type { Route } from "./+types/transfers";
import { publicCacheHeaders } from "~/.server/cache-tags";
import { optionalSession, requireAdmin } from "~/.server/auth/guards";
import { handleLedgerForm } from "~/.server/ledger-form";
import { routeServices } from "~/.server/route-context";
import { simpleList } from "~/.server/services/players";
import { listTransfers } from "~/.server/services/transfers";
import { TransferForm } from "~/components/transfer-form";
import { TransferTable } from "~/components/transfer-table";
import { ActionStatus } from "~/components/ui/alert";
import { PageHeader } from "~/components/ui/page-header";
import { useFormResult } from "~/hooks/use-form-result";
import { useLeague } from "~/hooks/use-league";
import { pageMeta } from "~/lib/meta";
import { todayInputValue } from "~/lib/time";

// Public: cached for anonymous visitors, purged when these tables change (ADR 11).
export const headers: Route.HeadersFunction = () => publicCacheHeaders("transfers", "players");

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = routeServices(context);
  // The admin's form lists the players to pick from; visitors get only the list.
  const admin = optionalSession(context)?.isAdmin ?? false;
  const [transfers, players] = await Promise.all([listTransfers(db), admin ? simpleList(db) : Promise.resolve([])]);
  return { transfers, players };
}

export async function action({ context, request }: Route.ActionArgs) {
  requireAdmin(context, request);
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
        <TransferTable transfers={loaderData.transfers} caption="Transfers" canDelete={isAdmin} />
      </div>
    </>
  );
}
