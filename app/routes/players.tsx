import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { Form, useNavigation, useSubmit } from "react-router";
import type { Route } from "./+types/players";
import { publicCacheHeaders } from "~/.server/cache-tags";
import { optionalSession, requireAdmin, requireUser } from "~/.server/auth/guards";
import { handleNewOwnPlayerForm, handleUserClaimForm } from "./claim-form.server";
import { postedIntent } from "~/.server/forms";
import { handlePlayerAdminForm } from "./player-admin-form.server";
import { routeServices } from "~/.server/route-context";
import { myClaim } from "~/.server/services/players/claims";
import { isOpenClaim } from "~/lib/claims";
import { lazyPart } from "~/components/lazy-part";
import { ActionStatus, Alert } from "~/components/ui/alert";
import { useFormResult } from "~/hooks/use-form-result";
import { useLeague } from "~/hooks/use-league";
import { type SearchResult, searchPlayers } from "~/.server/services/players/players";
import { PlayerLink } from "~/components/player-link";
import { Button, ButtonLink } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { Field } from "~/components/ui/field";
import { PageHeader } from "~/components/ui/page-header";
import { DataTable, td, tdNum, th } from "~/components/ui/table";
import { MAX_SEARCH_LENGTH, MIN_SEARCH_LENGTH } from "~/lib/constants";
import { readSearchText } from "~/schemas/players";
import { pageMeta } from "~/lib/meta";
import { formatCents } from "~/lib/money";
import { fullName } from "~/lib/player-name";

// Public: cached for anonymous visitors, purged when these tables change (ADR 11).
// What only signed-in users and admins see: loaded when it renders (app/components/lazy-part.tsx).
const signedIn = () => import("~/components/players-signed-in");
const YourClaim = lazyPart(async () => (await signedIn()).YourClaim);
const ClaimActions = lazyPart(async () => (await signedIn()).ClaimActions);
const AdminActions = lazyPart(async () => (await signedIn()).AdminActions);
const AddOwnRecord = lazyPart(async () => (await import("~/components/add-own-record")).AddOwnRecord);

export const headers: Route.HeadersFunction = () => publicCacheHeaders("players", "entries", "transfers");

export async function loader({ context, request }: Route.LoaderArgs) {
  const { db } = routeServices(context);
  const session = optionalSession(context);
  const { q, ready, error: searchError } = readSearchText(new URL(request.url).searchParams.get("q"));
  // A player's own claim decides their row actions; admins claim nothing.
  const claimant = session && !session.isAdmin && !session.user.isAdmin ? session.user.id : null;
  const [results, mine] = await Promise.all([
    ready ? searchPlayers(db, q) : Promise.resolve(null),
    claimant ? myClaim(db, claimant) : Promise.resolve(null),
  ]);
  return { q, searchError, results, mine, canClaim: claimant !== null };
}

const CLAIM_INTENTS = new Set(["claim", "unclaim"]);

export async function action({ context, request }: Route.ActionArgs) {
  const { db } = routeServices(context);
  const intent = await postedIntent(request);
  if (intent === "savePlayer" || intent === "deletePlayer") {
    requireAdmin(context, request);
    return handlePlayerAdminForm(request, db);
  }
  const session = requireUser(context, request);
  if (CLAIM_INTENTS.has(intent)) return handleUserClaimForm(request, db, session);
  return handleNewOwnPlayerForm(request, db, session);
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "Players", "Find a player of the league by name to see their rounds, scoring averages and league credit balance.");

export default function Players({ loaderData }: Route.ComponentProps) {
  const { q, searchError, results, mine, canClaim } = loaderData;
  const { isAdmin } = useLeague();
  const { result } = useFormResult();
  // The latest outcome wins: the Edit dialog's save, or the page's own post.
  const [status, setStatus] = useState<string | null>(null);
  const onSaved = useCallback((message: string) => setStatus(message), []);
  useEffect(() => setStatus(result?.success ?? null), [result]);
  const open = mine && isOpenClaim(mine.status) ? mine : null;
  const actions = isAdmin
    ? (p: SearchResult) => <AdminActions player={p} onSaved={onSaved} />
    : canClaim
      ? (p: SearchResult) => <ClaimActions player={p} open={open} />
      : undefined;
  const submit = useSubmit();
  const navigation = useNavigation();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const searching = navigation.location?.pathname === "/players";
  return (
    <>
      <PageHeader title="Players" actions={<ButtonLink to="/players-all">All Players</ButtonLink>} />
      <div className="space-y-4">
        {open ? <YourClaim claim={open} /> : null}
        <ActionStatus message={status} />
        {result?.formError && !result.fieldErrors ? <ActionStatus message={result.formError} tone="error" /> : null}
        <Form method="get" role="search" className="flex flex-wrap items-start gap-2" onSubmit={() => clearTimeout(timer.current)}>
          <div className="min-w-0 flex-1 sm:max-w-md">
            <Field
              label="Search players"
              type="search"
              name="q"
              defaultValue={q}
              maxLength={MAX_SEARCH_LENGTH}
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
          {searchError ? <Alert tone="error">{searchError}</Alert> : null}
          {results === null ? null : results.length === 0 ? (
            <EmptyState title="No players found.">Check the spelling, or try the first or last name alone.</EmptyState>
          ) : (
            <SearchResults results={results} actions={actions} />
          )}
        </div>
        {canClaim && !open ? <AddOwnRecord /> : null}
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
            <PlayerLink id={p.id}>{fullName(p)}</PlayerLink>
          </td>
          <td className={tdNum}>{formatCents(p.balanceCents)}</td>
          {actions ? <td className={`${td} text-right`}>{actions(p)}</td> : null}
        </tr>
      ))}
    </DataTable>
  );
}

/** A search that fails (not one that was cancelled) says 'error'. */
export function ErrorBoundary() {
  return (
    <>
      <PageHeader title="Players" actions={<ButtonLink to="/players-all">All Players</ButtonLink>} />
      <div className="space-y-4">
        <Alert tone="error">error</Alert>
        <ButtonLink to="/players">Search again</ButtonLink>
      </div>
    </>
  );
}
