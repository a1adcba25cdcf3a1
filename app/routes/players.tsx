import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { Form, Link, useNavigation, useSubmit } from "react-router";
import type { Route } from "./+types/players";
import { publicCacheHeaders } from "~/.server/cache-tags";
import { optionalSession, requireCapability, requireUser } from "~/.server/auth/guards";
import { handleNewOwnPlayerForm, handleUserClaimForm } from "./claim-form.server";
import { postedIntent } from "~/.server/forms";
import { handlePlayerAdminForm } from "./player-admin-form.server";
import { routeServices } from "~/.server/route-context";
import { myClaim } from "~/.server/services/players/claims";
import { isOpenClaim } from "~/lib/players/claims";
import { lazyPart } from "~/components/ui/lazy-part";
import { ActionStatus, Alert } from "~/components/ui/alert";
import { useFormResult } from "~/hooks/use-form-result";
import { useLeague } from "~/hooks/use-league";
import { searchPlayers } from "~/.server/services/players/players";
import { recentPlayers } from "~/.server/services/players/recent-players";
import { getLeagueSettings } from "~/.server/services/settings/league-settings";
import { viewerOf } from "~/.server/services/money/money-view";
import { moneyViewFor, shownBalances } from "~/lib/money/money-visibility";
import { nowSeconds } from "~/lib/shared/time";
import { type ListedPlayer, PlayersList } from "~/components/players/players-list";
import { Button, ButtonLink } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { FormField } from "~/components/ui/form-field";
import { PageHeader } from "~/components/ui/page-header";
import { MAX_SEARCH_LENGTH, MIN_SEARCH_LENGTH, RECENT_ROUNDS } from "~/lib/players/constants";
import { readSearchText } from "~/schemas/players";
import { pageMeta } from "~/lib/shared/meta";
import { useLeagueUrls } from "~/hooks/use-league-urls";

// Public: cached for anonymous visitors, purged when these tables change (ADR 11).
// What only signed-in users and admins see: loaded when it renders (app/components/ui/lazy-part.tsx).
const signedIn = () => import("~/components/players/players-signed-in");
const YourClaim = lazyPart(async () => (await signedIn()).YourClaim);
const ClaimActions = lazyPart(async () => (await signedIn()).ClaimActions);
const AdminActions = lazyPart(async () => (await signedIn()).AdminActions);
const AddOwnRecord = lazyPart(async () => (await import("~/components/players/add-own-record")).AddOwnRecord);

// `rounds`: the recent players are those of the latest rounds; `settings`: who sees balances (ADR 25).
export const headers: Route.HeadersFunction = () => publicCacheHeaders("players", "entries", "transfers", "rounds", "settings");

export async function loader({ context, request }: Route.LoaderArgs) {
  const { db } = routeServices(context);
  const session = optionalSession(context);
  const { q, ready, error: searchError } = readSearchText(new URL(request.url).searchParams.get("q"));
  // A player's own claim decides their row actions; the operator claims nothing.
  const claimant = session && !session.user.isOperator ? session.user.id : null;
  // Before a search (or while the text is too short for one): the players of the latest rounds.
  const [found, mine, settings] = await Promise.all([
    ready ? searchPlayers(db, q) : searchError ? [] : recentPlayers(db, nowSeconds()),
    claimant ? myClaim(db, claimant) : Promise.resolve(null),
    getLeagueSettings(db),
  ]);
  const money = moneyViewFor(settings.moneyVisibility, viewerOf(session));
  return {
    q,
    searchError,
    results: ready ? shownBalances(found, money) : null,
    recent: ready || searchError ? null : shownBalances(found, money),
    balances: money.all,
    moneyHidden: money.hidden,
    mine,
    canClaim: claimant !== null,
    divisions: settings.divisions,
  };
}

const CLAIM_INTENTS = new Set(["claim", "unclaim"]);

export async function action({ context, request }: Route.ActionArgs) {
  const { db } = routeServices(context);
  const intent = await postedIntent(request);
  if (intent === "savePlayer" || intent === "deletePlayer") {
    requireCapability(context, request, "manageLeague");
    return handlePlayerAdminForm(request, db);
  }
  const session = requireUser(context, request);
  if (CLAIM_INTENTS.has(intent)) return handleUserClaimForm(request, db, session);
  return handleNewOwnPlayerForm(request, db, session);
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "Players", "The league's recent players, and a search by name for anyone's rounds, scoring averages and league credit.");

export default function Players({ loaderData }: Route.ComponentProps) {
  const { href } = useLeagueUrls();
  const { q, searchError, results, recent, balances, moneyHidden, mine, canClaim, divisions } = loaderData;
  const { isAdmin } = useLeague();
  const { result } = useFormResult();
  // The latest outcome wins: the Edit dialog's save, or the page's own post.
  const [status, setStatus] = useState<string | null>(null);
  const onSaved = useCallback((message: string) => setStatus(message), []);
  useEffect(() => setStatus(result?.success ?? null), [result]);
  const open = mine && isOpenClaim(mine.status) ? mine : null;
  const actions = isAdmin
    ? (p: ListedPlayer) => <AdminActions player={p} onSaved={onSaved} divisions={divisions} />
    : canClaim
      ? (p: ListedPlayer) => <ClaimActions player={p} open={open} />
      : undefined;
  const submit = useSubmit();
  const navigation = useNavigation();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const searching = navigation.location?.pathname === href("/players");
  return (
    <>
      <PageHeader title="Players" actions={<ButtonLink to={href("/players-all")}>All Players</ButtonLink>} />
      <div className="space-y-4">
        {open ? <YourClaim claim={open} /> : null}
        <ActionStatus message={status} />
        {result?.formError && !result.fieldErrors ? <ActionStatus message={result.formError} tone="error" /> : null}
        <Form method="get" role="search" className="flex flex-wrap items-start gap-2" onSubmit={() => clearTimeout(timer.current)}>
          <div className="min-w-0 flex-1 sm:max-w-md">
            <FormField
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
            <PlayersList caption="Search results" players={results} balances={balances} actions={actions} />
          )}
        </div>
        {moneyHidden ? <p className="text-sm text-muted">{moneyHidden}</p> : null}
        {recent ? <RecentPlayers players={recent} balances={balances} actions={actions} /> : null}
        {canClaim && !open ? <AddOwnRecord divisions={divisions} /> : null}
      </div>
    </>
  );
}

/** Before a search: the players of the latest rounds, by name, and the way to everyone. */
function RecentPlayers({
  players,
  balances,
  actions,
}: {
  players: ListedPlayer[];
  balances: boolean;
  actions?: (player: ListedPlayer) => ReactNode;
}) {
  const { href } = useLeagueUrls();
  return (
    <section aria-labelledby="recent-title" className="space-y-2">
      <h2 id="recent-title" className="font-display text-2xl font-semibold tracking-wide">
        Played recently
      </h2>
      <p className="text-sm text-muted">
        Everyone entered in the league's last {RECENT_ROUNDS} rounds. Search for anyone else, or see{" "}
        <Link to={href("/players-all")} className="font-medium text-brand-800 underline">
          all players
        </Link>
        .
      </p>
      {players.length === 0 ? (
        <EmptyState title="No rounds played yet." />
      ) : (
        <PlayersList caption="Recent players" players={players} balances={balances} actions={actions} />
      )}
    </section>
  );
}

/** A search that fails (not one that was cancelled) says 'error'. */
export function ErrorBoundary() {
  const { href } = useLeagueUrls();
  return (
    <>
      <PageHeader title="Players" actions={<ButtonLink to={href("/players-all")}>All Players</ButtonLink>} />
      <div className="space-y-4">
        <Alert tone="error">error</Alert>
        <ButtonLink to={href("/players")}>Search again</ButtonLink>
      </div>
    </>
  );
}
