import { Link, redirect, useNavigation } from "react-router";
import { LoadError } from "~/components/load-error";
import type { Route } from "./+types/admin-user";
import { UserClaims, UserFields } from "~/components/admin-user-details";
import { ConfirmDialog } from "~/components/ui/dialog";
import { FormAlert } from "~/components/ui/alert";
import { useFormResult } from "~/hooks/use-form-result";
import { requireAdmin } from "~/.server/auth/guards";
import { AppError } from "~/.server/errors";
import type { Db } from "~/.server/db/client";
import { handleForm } from "~/.server/forms";
import { orRouteError, routeId, routeServices } from "~/.server/route-context";
import { adminResetPassword, deleteUser, getUserDetail, setLocked } from "~/.server/services/user-admin";
import { UserActionSchema } from "~/schemas/admin-users";

const RESET_FAILED = "Failed to reset password";
const ACTION_FAILED = "An error occurred. Please try again.";

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { user: actor } = requireAdmin(context, request);
  const { db } = routeServices(context);
  const user = await orRouteError(getUserDetail(db, await routeId(params.userId, "user id")));
  return { user, isSelf: user.id === actor.id };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `User: ${loaderData.user.name}` : "User" }];

export async function action({ context, request, params }: Route.ActionArgs) {
  const { user: actor } = requireAdmin(context, request);
  const { db } = routeServices(context);
  const id = await routeId(params.userId, "user id");
  return handleForm(
    request,
    UserActionSchema,
    async ({ intent }) => {
      if (intent === "reset") return { success: "Password reset.", newPassword: await resetPassword(db, id) };
      if (intent === "delete") {
        await deleteUser(db, actor.id, id);
        return redirect("/admin/users");
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
    <div role="status" className="space-y-2 rounded border border-brand-600 bg-brand-50 p-4 text-sm text-brand-800">
      <p className="font-semibold">Password reset. The new password is:</p>
      <p>
        <code className="select-all break-all rounded bg-white px-2 py-1 font-mono text-base text-slate-900">{password}</code>
      </p>
      <p>Give it to the user now: it will not be shown again.</p>
    </div>
  );
}

export default function AdminUser({ loaderData }: Route.ComponentProps) {
  const { user, isSelf } = loaderData;
  const { success, formError, fieldErrors, result } = useFormResult<{ newPassword: string }>();
  const busy = useNavigation().state !== "idle";
  const newPassword = result?.newPassword ?? null;
  // The only field is the dialog's hidden intent: its error is the form's.
  const error = formError ?? fieldErrors.intent ?? null;
  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <Link to="/admin/users" className="text-sm text-brand-700 underline">
          ← All users
        </Link>
        <h1 className="break-words text-2xl font-semibold">{user.name}</h1>
      </div>
      <FormAlert message={error} />
      <FormAlert tone="success" message={newPassword ? null : success} />
      {newPassword ? <NewPassword password={newPassword} /> : null}
      <UserFields user={user} />
      <section aria-labelledby="actions-title" className="space-y-2">
        <h2 id="actions-title" className="text-lg font-semibold">
          Actions
        </h2>
        {isSelf ? (
          <p className="text-sm text-slate-600">This is your own account: change it on your profile page.</p>
        ) : (
          <div className="flex flex-wrap gap-2">
            {user.locked ? (
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
            )}
            <ConfirmDialog
              trigger="Reset password"
              title="Reset this user's password?"
              description={`${user.name} gets a new random password, shown to you once, and is logged out everywhere.`}
              confirmLabel="Reset password"
              intent="reset"
              disabled={busy}
            />
            <ConfirmDialog
              trigger="Delete"
              title="Delete this user?"
              description={`${user.name}'s account and claims are removed. This cannot be undone.`}
              confirmLabel="Delete"
              intent="delete"
              tone="danger"
              disabled={busy}
            />
          </div>
        )}
      </section>
      <section aria-labelledby="claims-title" className="space-y-2">
        <h2 id="claims-title" className="text-lg font-semibold">
          Claims
        </h2>
        <UserClaims claims={user.claims} />
      </section>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <LoadError error={error} title="Error loading user" missing="That user does not exist." />;
}
