import { Link, redirect, useNavigation } from "react-router";
import { LoadError } from "~/components/layout/load-error";
import type { Route } from "./+types/admin-user";
import { UserFields } from "~/components/accounts/admin-user-details";
import { ClaimsTable } from "~/components/players/claims-table";
import { MoneyHistory } from "~/components/money/money-history";
import { OwnRecordsTable } from "~/components/players/own-records-table";
import { PaymentsTable } from "~/components/money/payments-table";
import { Alert, FormAlert } from "~/components/ui/alert";
import { ButtonRow } from "~/components/ui/button";
import { Panel } from "~/components/ui/panel";
import { ConfirmDialog } from "~/components/ui/dialog";
import { PageHeader } from "~/components/ui/page-header";
import { pageMeta } from "~/lib/shared/meta";
import { useFormResult } from "~/hooks/use-form-result";
import { requireCapability, sessionCan } from "~/.server/auth/guards";
import { AppError } from "~/.server/errors";
import type { Db } from "~/.server/db/client";
import { handleForm, postedIntent } from "~/.server/forms";
import { orRouteError, routeId, routeServices } from "~/.server/route-context";
import { handleClaimDecision } from "./claim-decision.server";
import { removeOwnRecord } from "~/.server/services/players/player-admin";
import { adminUserPage } from "~/.server/pages/admin-user";
import { adminResetPassword, deleteUser, setLocked } from "~/.server/services/accounts/user-admin";
import { handedOver } from "~/.server/follow-ups";
import { RemoveOwnRecordSchema, UserActionSchema } from "~/schemas/admin-users";
import { useLeagueUrls } from "~/hooks/use-league-urls";
import { leagueUrls } from "~/lib/shared/league-url";

const RESET_FAILED = "Failed to reset password";
const CLAIM_INTENTS = new Set(["approve", "reject", "conflict", "unlink"]);
const ACTION_FAILED = "An error occurred. Please try again.";

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { user: actor } = requireCapability(context, request, "manageLeague");
  // Locking, resetting and deleting act on the account: the operator's alone (ADR 47).
  const operator = sessionCan(context, "manageAccounts");
  const { db, league } = routeServices(context);
  const id = await routeId(params.userId, "user id");
  // The operator sees every account; a league's admin, the league's people only (ADR 47).
  const { user, claims, payments, made, records, playerHistory } = await orRouteError(
    adminUserPage(db, id, league.timeZone, operator ? undefined : league),
  );
  return { user, claims, payments, made, playerHistory, records, isSelf: user.id === actor.id, operator };
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, args.loaderData ? `User: ${args.loaderData.user.name}` : "User");

export async function action({ context, request, params }: Route.ActionArgs) {
  // The claim table's decisions post here too (the same as on /admin/claims).
  const intent = await postedIntent(request);
  const leagues = CLAIM_INTENTS.has(intent) || intent === "removePlayer";
  const { user: actor } = requireCapability(context, request, leagues ? "manageLeague" : "manageAccounts");
  const { db, league } = routeServices(context);
  const id = await routeId(params.userId, "user id");
  if (CLAIM_INTENTS.has(intent)) return handleClaimDecision(request, db);
  if (intent === "removePlayer") {
    return handleForm(request, RemoveOwnRecordSchema, async ({ playerId }) => ({
      success: `Removed the player record ${await removeOwnRecord(db, id, playerId)}.`,
    }));
  }
  return handleForm(
    request,
    UserActionSchema,
    async ({ intent }) => {
      if (intent === "reset") return { success: "Password reset.", newPassword: await resetPassword(db, id) };
      if (intent === "delete") {
        handedOver(db, await deleteUser(db, actor.id, id));
        return redirect(leagueUrls(league).href("/admin/users"));
      }
      await setLocked(db, actor.id, id, intent === "lock");
      return { success: intent === "lock" ? "User locked. Their sessions have ended." : "User unlocked." };
    },
    { unexpected: ACTION_FAILED },
  );
}

/** A reset that fails says so in its own words, whatever the cause, with the cause's status. */
async function resetPassword(db: Db, id: number): Promise<string> {
  try {
    return await adminResetPassword(db, id);
  } catch (err) {
    if (!(err instanceof AppError)) console.error(RESET_FAILED, err);
    throw new AppError(err instanceof AppError ? err.code : "internal", RESET_FAILED);
  }
}

/** The new password, shown this once: only its hash is kept. */
function NewPassword({ password }: { password: string }) {
  return (
    <Alert tone="success" title="Password reset. The new password is:">
      <p className="my-2">
        <code className="select-all break-all rounded bg-surface px-2 py-1 font-mono text-base text-ink">{password}</code>
      </p>
      <p>Give it to the user now: it will not be shown again.</p>
    </Alert>
  );
}

function Actions({ user, busy }: { user: { name: string; locked: boolean }; busy: boolean }) {
  const lock = user.locked ? (
    <ConfirmDialog
      trigger="Unlock"
      title="Unlock this user?"
      description={`${user.name} will be able to log in again.`}
      confirmLabel="Unlock"
      intent="unlock"
      disabled={busy}
    />
  ) : (
    <ConfirmDialog
      trigger="Lock"
      title="Lock this user?"
      description={`${user.name} will be logged out everywhere at once and cannot log in until unlocked.`}
      confirmLabel="Lock"
      intent="lock"
      tone="danger"
      disabled={busy}
    />
  );
  return (
    <ButtonRow
      danger={
        <>
          {user.locked ? null : lock}
          <ConfirmDialog
            trigger="Delete"
            title="Delete this user?"
            description={`${user.name}'s account and claims are removed. This cannot be undone.`}
            confirmLabel="Delete"
            intent="delete"
            tone="danger"
            disabled={busy}
          />
        </>
      }
    >
      {user.locked ? lock : null}
      <ConfirmDialog
        trigger="Reset password"
        title="Reset this user's password?"
        description={`${user.name} gets a new random password, shown to you once, and is logged out everywhere.`}
        confirmLabel="Reset password"
        intent="reset"
        disabled={busy}
      />
    </ButtonRow>
  );
}

export default function AdminUser({ loaderData }: Route.ComponentProps) {
  const { href } = useLeagueUrls();
  const { user, claims, payments, made, playerHistory, records, isSelf, operator } = loaderData;
  const { success, formError, fieldErrors, result } = useFormResult<{ newPassword: string }>();
  const busy = useNavigation().state !== "idle";
  const newPassword = result?.newPassword ?? null;
  // The only field is the dialog's hidden intent: its error is the form's.
  const error = formError ?? fieldErrors.intent ?? fieldErrors.playerId ?? null;
  return (
    <div className="max-w-3xl space-y-6">
      <div>
        <Link
          to={href("/admin/users")}
          className="mb-2 inline-flex min-h-11 items-center text-sm font-medium text-brand-800 underline underline-offset-2"
        >
          ← All users
        </Link>
        <PageHeader title={<span className="break-words">{user.name}</span>} subtitle={<span className="break-all">{user.email}</span>} />
      </div>
      <FormAlert message={error} />
      <FormAlert tone="success" message={newPassword ? null : success} />
      {newPassword ? <NewPassword password={newPassword} /> : null}
      <Panel title="Account" titleId="account-title">
        <UserFields user={user} />
      </Panel>
      {operator ? (
        <Panel title="Actions" titleId="actions-title">
          {isSelf ? (
            <p className="text-sm text-muted">This is your own account: change it on your profile page.</p>
          ) : (
            <Actions user={user} busy={busy} />
          )}
        </Panel>
      ) : null}
      <Panel title="Claims" titleId="claims-title">
        {claims.length === 0 ? (
          <p className="text-sm text-muted">No claims.</p>
        ) : (
          <ClaimsTable claims={claims} caption="Claims by this user" />
        )}
      </Panel>
      {records.length > 0 ? (
        <Panel title="Player records added" titleId="records-title">
          <OwnRecordsTable records={records} userName={user.name} busy={busy} />
        </Panel>
      ) : null}
      <Panel title="Payments" titleId="payments-title">
        {payments.length === 0 ? (
          <p className="text-sm text-muted">No payments.</p>
        ) : (
          <PaymentsTable payments={payments} caption="Payments by this user" />
        )}
      </Panel>
      {playerHistory && user.linkedPlayerId ? (
        <MoneyHistory
          title={`Money history of ${user.linkedPlayerName ?? "their player"}`}
          titleId="player-history-title"
          history={playerHistory}
          empty="No changes to this player's money yet."
          allHref={href(`/admin/audit?player=${user.linkedPlayerId}`)}
          allLabel="All of this player's changes"
        />
      ) : null}
      <MoneyHistory
        title="Money changes made by this user"
        titleId="made-title"
        history={made}
        empty="This user has changed no money."
        allHref={href(`/admin/audit?actor=${user.id}`)}
        allLabel="All changes by this user"
        showActor={false}
      />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <LoadError error={error} title="Error loading user" missing="That user does not exist." />;
}
