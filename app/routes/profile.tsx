import { useEffect, useRef } from "react";
import { Form, data, useNavigation } from "react-router";
import type { Route } from "./+types/profile";
import { ClaimedPlayer } from "~/components/claimed-player";
import { NewPasswordFields } from "~/components/new-password-fields";
import { Field } from "~/components/ui/field";
import { FormAlert } from "~/components/ui/alert";
import { buttonClass } from "~/components/ui/button";
import { useFormResult } from "~/hooks/use-form-result";
import { usePasswordPair } from "~/hooks/use-password-pair";
import { requireUser } from "~/.server/auth/guards";
import { sessionCookie } from "~/.server/auth/session";
import { handleForm } from "~/.server/forms";
import { currentYearStart } from "~/.server/league";
import { routeServices } from "~/.server/route-context";
import { startSession, updateProfile } from "~/.server/services/accounts";
import { getPlayer } from "~/.server/services/players";
import { ProfileFormSchema } from "~/schemas/auth";

export const meta: Route.MetaFunction = () => [{ title: "Profile" }];

const PROFILE_UPDATED = "Profile updated.";
const UPDATE_FAILED = "Update failed. Please try again.";

export async function loader({ context, request }: Route.LoaderArgs) {
  const { user } = requireUser(context, request);
  const { db, league } = routeServices(context);
  // A claimed record that has since been deleted just shows as no record.
  const player = user.linkedPlayerId ? await getPlayer(db, user.linkedPlayerId, currentYearStart(league)).catch(() => null) : null;
  return {
    user: { name: user.name, email: user.email, claimStatus: user.claimStatus },
    player: player && { id: player.id, firstName: player.firstName, lastName: player.lastName },
  };
}

/** Only the fields that differ from the stored ones go to the service: an unchanged email needs no current password. */
function changedFields(form: FormData, current: { name: string; email: string }) {
  const text = (key: string) => {
    const value = form.get(key);
    return typeof value === "string" ? value : "";
  };
  const name = text("name").trim();
  const email = text("email").trim().toLowerCase();
  return {
    name: name !== current.name ? name : undefined,
    email: email !== current.email ? email : undefined,
    password: text("password") || undefined,
    confirmPassword: text("confirmPassword") || undefined,
    currentPassword: text("currentPassword") || undefined,
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const { user } = requireUser(context, request);
  const { db, env } = routeServices(context);
  return handleForm(
    request,
    ProfileFormSchema,
    async ({ confirmPassword: _confirmed, ...input }) => {
      const { passwordChanged } = await updateProfile(db, user.id, input);
      if (!passwordChanged) return { success: PROFILE_UPDATED };
      // The new password ended every session, this one too: carry on with a fresh cookie.
      const fresh = await startSession(db, env, user.id);
      return data({ success: PROFILE_UPDATED }, { headers: { "Set-Cookie": sessionCookie(fresh.token, fresh.maxAge) } });
    },
    { pick: (form) => changedFields(form, user), unexpected: UPDATE_FAILED },
  );
}

export default function Profile({ loaderData }: Route.ComponentProps) {
  const { user, player } = loaderData;
  const { success: saved, formError, fieldErrors, result } = useFormResult();
  const busy = useNavigation().state === "submitting";
  const pair = usePasswordPair({ optional: true });
  const formRef = useRef<HTMLFormElement>(null);

  // After a save the fields start again from the stored values. The action's result can
  // arrive before the revalidated loader data, so this runs again when that lands; it
  // does not depend on `pair`, which would clear the fields on every keystroke.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-run on each result and on fresh loader data, never on `pair` (see above)
  useEffect(() => {
    if (!saved) return;
    formRef.current?.reset();
    pair.reset();
  }, [result, user.name, user.email]);

  return (
    <div className="mx-auto max-w-lg space-y-6">
      <h1 className="text-2xl font-semibold">Profile</h1>
      <section aria-labelledby="account-title" className="space-y-2 rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="account-title" className="text-lg font-semibold">
          Your account
        </h2>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-slate-500">Name</dt>
          <dd className="break-words">{user.name}</dd>
          <dt className="text-slate-500">Email</dt>
          <dd className="break-all">{user.email}</dd>
          <dt className="text-slate-500">Player</dt>
          <dd>
            <ClaimedPlayer player={player} claimStatus={user.claimStatus} />
          </dd>
        </dl>
      </section>
      <section aria-labelledby="edit-title" className="space-y-4">
        <h2 id="edit-title" className="text-lg font-semibold">
          Edit profile
        </h2>
        <FormAlert tone="success" message={saved} />
        <FormAlert message={formError} />
        <Form ref={formRef} method="post" className="space-y-4" noValidate onSubmit={(e) => pair.guard(e)}>
          <Field label="Name" name="name" autoComplete="name" required defaultValue={user.name} error={fieldErrors.name} />
          <Field
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            required
            defaultValue={user.email}
            error={fieldErrors.email}
          />
          <NewPasswordFields
            pair={pair}
            serverErrors={fieldErrors}
            label="New password"
            confirmLabel="Confirm new password"
            required={false}
          />
          <Field
            label="Current password"
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            hint="Required only when you change your email or password."
            error={fieldErrors.currentPassword}
          />
          <button type="submit" className={`${buttonClass()} w-full sm:w-auto`} disabled={busy}>
            {busy ? "Saving…" : "Save changes"}
          </button>
        </Form>
      </section>
      <section aria-labelledby="sessions-title" className="space-y-2 rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="sessions-title" className="text-lg font-semibold">
          Sessions
        </h2>
        <p className="text-sm text-slate-700">
          Logging out ends the session on this device only. If you are logged in somewhere you no longer trust, log out everywhere: every
          device will have to log in again.
        </p>
        <Form method="post" action="/logout">
          <input type="hidden" name="intent" value="everywhere" />
          <button
            type="submit"
            className="rounded border border-slate-400 px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-100"
          >
            Log out everywhere
          </button>
        </Form>
      </section>
    </div>
  );
}
