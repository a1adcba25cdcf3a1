import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { Form, useNavigation, useSubmit } from "react-router";
import type { Route } from "./+types/players";
import { publicCacheHeaders } from "~/.server/cache-tags";
import { optionalSession, requireAdmin, requireUser } from "~/.server/auth/guards";
import { handleNewOwnPlayerForm, handleUserClaimForm } from "~/.server/claim-form";
import { postedIntent } from "~/.server/forms";
import { handlePlayerAdminForm } from "~/.server/player-form";
import { routeServices } from "~/.server/route-context";
import { type ClaimView, myClaim } from "~/.server/services/claims";
import { isOpenClaim } from "~/lib/claims";
import { PlayerDialog } from "~/components/lazy-parts";
import { PlayerFields } from "~/components/player-dialog";
import { ActionStatus, Alert } from "~/components/ui/alert";
import { StatusBadge, claimStatus } from "~/components/ui/badge";
import { Card } from "~/components/ui/card";
import { ConfirmDialog } from "~/components/lazy-parts";
import { useFormResult } from "~/hooks/use-form-result";
import { useLeague } from "~/hooks/use-league";
import { type SearchResult, searchPlayers } from "~/.server/services/players";
import { PlayerLink } from "~/components/player-link";
import { Button, ButtonLink } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { Field } from "~/components/ui/field";
import { PageHeader } from "~/components/ui/page-header";
import { DataTable, td, tdNum, th } from "~/components/ui/table";
import { MIN_SEARCH_LENGTH } from "~/lib/constants";
import { pageMeta } from "~/lib/meta";
import { formatCents } from "~/lib/money";

// Public: cached for anonymous visitors, purged when these tables change (ADR 11).
export const headers: Route.HeadersFunction = () => publicCacheHeaders("players", "entries", "transfers");

export async function loader({ context, request }: Route.LoaderArgs) {
  const { db } = routeServices(context);
  const session = optionalSession(context);
  const q = (new URL(request.url).searchParams.get("q") ?? "").slice(0, 100);
  const ready = q.trim().length >= MIN_SEARCH_LENGTH;
  // A player's own claim decides their row actions; admins claim nothing (spec §6).
  const claimant = session && !session.isAdmin && !session.user.isAdmin ? session.user.id : null;
  const [results, mine] = await Promise.all([
    ready ? searchPlayers(db, q) : Promise.resolve(null),
    claimant ? myClaim(db, claimant) : Promise.resolve(null),
  ]);
  return { q, results, mine, canClaim: claimant !== null };
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
  const { q, results, mine, canClaim } = loaderData;
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
            <PlayerLink id={p.id}>
              {p.firstName} {p.lastName}
            </PlayerLink>
          </td>
          <td className={tdNum}>{formatCents(p.balanceCents)}</td>
          {actions ? <td className={`${td} text-right`}>{actions(p)}</td> : null}
        </tr>
      ))}
    </DataTable>
  );
}

/** The user's open claim, above the search: where it stands. */
function YourClaim({ claim }: { claim: ClaimView }) {
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm">
      Your claim: <strong>{`${claim.playerFirstName} ${claim.playerLastName}`}</strong> <StatusBadge status={claimStatus(claim.status)} />
      {claim.status === "conflict" && claim.note ? <span className="text-muted">Admin's note: {claim.note}</span> : null}
    </p>
  );
}

/** Claim a record (when the user has no open claim), or withdraw the claim on this one. */
function ClaimActions({ player, open }: { player: SearchResult; open: ClaimView | null }) {
  const busy = useNavigation().state === "submitting";
  const who = `${player.firstName} ${player.lastName}`;
  if (open && open.playerId === player.id) {
    return (
      <ConfirmDialog
        trigger="Unclaim"
        triggerLabel={`Unclaim ${who}`}
        size="sm"
        tone="danger"
        title={`Unclaim ${who}?`}
        description="Your claim on this record is withdrawn. You can claim a record again afterwards."
        confirmLabel="Unclaim"
        intent="unclaim"
        fields={{ claimId: open.id }}
        disabled={busy}
      />
    );
  }
  if (open || player.inactive) return null;
  return (
    <Form method="post" className="inline">
      <input type="hidden" name="intent" value="claim" />
      <input type="hidden" name="playerId" value={player.id} />
      <Button type="submit" size="sm" disabled={busy} aria-label={`Claim ${who}`}>
        Claim
      </Button>
    </Form>
  );
}

/** An admin's Edit (the Edit Player dialog) and Delete per row (spec §2). */
function AdminActions({ player, onSaved }: { player: SearchResult; onSaved: (message: string) => void }) {
  const who = `${player.firstName} ${player.lastName}`;
  return (
    <div className="flex justify-end gap-2">
      <PlayerDialog
        player={player}
        onSaved={onSaved}
        trigger={
          <Button size="sm" variant="secondary" aria-label={`Edit ${who}`}>
            Edit
          </Button>
        }
      />
      <ConfirmDialog
        trigger="Delete"
        triggerLabel={`Delete ${who}`}
        size="sm"
        tone="danger"
        title={`Delete ${who}?`}
        description="Only a player with no rounds, aces, transfers or linked user can be deleted; otherwise mark them inactive."
        confirmLabel="Delete player"
        intent="deletePlayer"
        fields={{ id: player.id }}
      />
    </div>
  );
}

/** New to the league: add your own record, which is claimed for you in the same step. */
function AddOwnRecord() {
  const { result, fieldErrors } = useFormResult();
  const busy = useNavigation().formData?.get("intent") === "addOwn";
  // Field errors are this form's: the other forms on the page answer without any.
  const errors = result?.fieldErrors ? fieldErrors : {};
  return (
    <Card title="New to the league?" titleId="add-own-title">
      <p className="mb-3 text-sm text-muted">Not in the list? Add your player record; it is claimed for you and an admin reviews it.</p>
      <Form method="post" noValidate className="space-y-3">
        <input type="hidden" name="intent" value="addOwn" />
        <PlayerFields errors={errors} />
        <div>
          <Button type="submit" disabled={busy}>
            {busy ? "Adding…" : "Add and claim my record"}
          </Button>
        </div>
      </Form>
    </Card>
  );
}

/** Spec §8: a search that fails (not one that was cancelled) says 'error'. */
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
