import type { Route } from "./+types/transfers";
import { publicCacheHeaders } from "~/.server/cache-tags";
import { routeServices } from "~/.server/route-context";
import { listTransfers } from "~/.server/services/transfers";
import { TransferTable } from "~/components/transfer-table";
import { PageHeader } from "~/components/ui/page-header";
import { pageMeta } from "~/lib/meta";

// Public: cached for anonymous visitors, purged when these tables change (ADR 11).
export const headers: Route.HeadersFunction = () => publicCacheHeaders("transfers", "players");

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = routeServices(context);
  return { transfers: await listTransfers(db) };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "Transfers", "Every move of league credit: between players, bought in with cash, or cashed out, newest first.");

export default function Transfers({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title="Transfers" subtitle="League credit moved between players, bought in with cash, or cashed out." />
      <TransferTable transfers={loaderData.transfers} caption="Transfers" />
    </>
  );
}
