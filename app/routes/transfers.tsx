import type { Route } from "./+types/transfers";
import { publicCacheHeaders } from "~/.server/cache-tags";
import { TransferTable } from "~/components/transfer-table";
import { routeServices } from "~/.server/route-context";
import { listTransfers } from "~/.server/services/transfers";

// Public: cached for anonymous visitors, purged when these tables change (ADR 11).
export const headers: Route.HeadersFunction = () => publicCacheHeaders("transfers", "players");

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = routeServices(context);
  return { transfers: await listTransfers(db) };
}

export const meta: Route.MetaFunction = () => [{ title: "Transfers" }];

export default function Transfers({ loaderData }: Route.ComponentProps) {
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold">Transfers</h1>
      <p className="text-sm text-slate-600">League credit moved between players, bought in with cash, or cashed out.</p>
      <TransferTable transfers={loaderData.transfers} caption="Transfers" />
    </div>
  );
}
