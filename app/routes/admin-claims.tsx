import { standingOf } from "~/.server/auth/current-user";
import { can } from "~/lib/accounts/roles";
import { data, isRouteErrorResponse, useNavigation } from "react-router";
import type { Route } from "./+types/admin-claims";
import { ClaimsTable } from "~/components/players/claims-table";
import { ActionStatus, Alert } from "~/components/ui/alert";
import { EmptyState } from "~/components/ui/empty-state";
import { PageHeader } from "~/components/ui/page-header";
import { useFormResult } from "~/hooks/use-form-result";
import { requireCapability, requireUser } from "~/.server/auth/guards";
import { handleClaimDecision } from "./claim-decision.server";
import { routeServices } from "~/.server/route-context";
import { listClaims } from "~/.server/services/players/claims";
import { pageMeta } from "~/lib/shared/meta";
import { useLeagueUrls } from "~/hooks/use-league-urls";

const ADMIN_REQUIRED = "Admin access required.";

export async function loader({ context, request }: Route.LoaderArgs) {
  // The spec's one admin page that explains itself to a non-admin instead of redirecting.
  const session = requireUser(context, request);
  if (!can(standingOf(session), "manageLeague")) throw data({ message: ADMIN_REQUIRED }, { status: 403 });
  return { claims: await listClaims(routeServices(context).db) };
}

export async function action({ context, request }: Route.ActionArgs) {
  requireCapability(context, request, "manageLeague");
  return handleClaimDecision(request, routeServices(context).db);
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, "Player Record Claims");

export default function AdminClaims({ loaderData }: Route.ComponentProps) {
  const { href } = useLeagueUrls();
  const { success, formError } = useFormResult();
  const navigation = useNavigation();
  const open = loaderData.claims.filter((c) => c.status === "pending" || c.status === "conflict").length;
  return (
    <>
      <PageHeader title="Player Record Claims" subtitle={`${open} waiting for a decision · ${loaderData.claims.length} in all`} />
      <div className="space-y-4">
        {navigation.state === "loading" && navigation.location.pathname === href("/admin/claims") ? (
          <p role="status" className="text-sm text-muted">
            Loading Claims
          </p>
        ) : null}
        <ActionStatus message={success} />
        <ActionStatus message={formError} tone="error" />
        {loaderData.claims.length === 0 ? (
          <EmptyState title="No claims found." />
        ) : (
          <ClaimsTable claims={loaderData.claims} caption="Player record claims" />
        )}
      </div>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const forbidden = isRouteErrorResponse(error) && error.status === 403;
  const message = isRouteErrorResponse(error) ? (error.data?.message ?? error.statusText) : "Please try again.";
  return (
    <>
      <PageHeader title="Player Record Claims" />
      <Alert tone="error">{forbidden ? ADMIN_REQUIRED : `Error: ${message}`}</Alert>
    </>
  );
}
