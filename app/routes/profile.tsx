import { useEffect, useRef } from "react";
import { Form, data, useNavigation, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/profile";
import { ClaimedPlayerPanel } from "~/components/players/claimed-player";
import { LeaguePrefsPanel } from "~/components/accounts/league-prefs-panel";
import { ScoringPinPanel } from "~/components/accounts/scoring-pin-panel";
import { NewPasswordFields } from "~/components/accounts/new-password-fields";
import { FormAlert } from "~/components/ui/alert";
import { LogoutForm } from "~/components/accounts/logout-form";
import { Button } from "~/components/ui/button";
import { Panel } from "~/components/ui/panel";
import { FormField } from "~/components/ui/form-field";
import { PageHeader } from "~/components/ui/page-header";
import { useFormChecks } from "~/hooks/use-form-checks";
import { usePasswordPair } from "~/hooks/use-password-pair";
import { changedFields } from "~/lib/accounts/profile-changes";
import { pageMeta } from "~/lib/shared/meta";
import { requireUser } from "~/.server/auth/guards";
import { signedInCookies } from "~/.server/auth/session-hint";
import { handleForm, postedIntent } from "~/.server/forms";
import { saveScoringPin } from "./scoring-pin-form.server";
import { SCORING_PIN_INTENT } from "~/schemas/scoring-pin";
import { routeServices } from "~/.server/route-context";
import { updateProfile } from "~/.server/services/accounts/accounts";
import { signedSession } from "~/.server/services/accounts/session-start";
import { profilePage } from "~/.server/pages/profile";
import { ProfileFormSchema } from "~/schemas/auth";
import { PushToggle } from "~/components/messages/push-toggle";
import { vapidOf } from "~/.server/push/config";
import type { RootData } from "~/.server/root-data";
import { leagueUrls } from "~/lib/shared/league-url";

export const meta: Route.MetaFunction = (args) => pageMeta(args, "Profile");

const PROFILE_UPDATED = "Profile updated.";
const UPDATE_FAILED = "Update failed. Please try again.";

export async function loader({ context, request }: Route.LoaderArgs) {
  const { user } = requireUser(context, request);
  const { db, env } = routeServices(context);
  // The key this browser subscribes with, or null: notifications are not set up (ADR 49).
  return { ...(await profilePage(db, user, env, request.url)), pushKey: vapidOf(env)?.publicKey ?? null };
}

export async function action({ context, request }: Route.ActionArgs) {
  const session = requireUser(context, request);
  const { user } = session;
  const { db, env } = routeServices(context);
  const intent = await postedIntent(request);
  // Each league's mail and calendar forms post to that league's /preferences (ADR 46).
  if (intent === SCORING_PIN_INTENT) return saveScoringPin(request, db, user.id);
  return handleForm(
    request,
    ProfileFormSchema,
    async ({ confirmPassword: _confirmed, ...input }) => {
      const { passwordChanged, saved, sessionVersion } = await updateProfile(db, user.id, input);
      if (!passwordChanged) return { success: PROFILE_UPDATED };
      // The new password ended every session, this one too: carry on with a fresh cookie, its
      // version the one the batch wrote (no trip to read the row again).
      const fresh = await signedSession(env, { ...session, user: { ...user, ...saved } }, sessionVersion);
      return data({ success: PROFILE_UPDATED }, { headers: new Headers(signedInCookies(fresh).map((cookie) => ["Set-Cookie", cookie])) });
    },
    { pick: (form) => changedFields(form, user), unexpected: UPDATE_FAILED },
  );
}

function ProfileForm({ user }: { user: { name: string; email: string } }) {
  // The check reads the form against the stored values of the moment (they change with a save).
  const stored = useRef(user);
  stored.current = user;
  const {
    success: saved,
    formError,
    result,
    errors,
    form,
  } = useFormChecks(async () => {
    const { profileCheck } = await import("~/lib/accounts/account-checks");
    return (data) => profileCheck(stored.current)(data);
  });
  const busy = useNavigation().state === "submitting";
  const pair = usePasswordPair();

  // After a save the fields start again from the stored values. The action's result can
  // arrive before the revalidated loader data, so this runs again when that lands; it
  // does not depend on `pair`, which would clear the fields on every keystroke.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-run on each result and on fresh loader data, never on `pair` (see above)
  useEffect(() => {
    if (!saved) return;
    form.ref.current?.reset();
    pair.reset();
  }, [result, user.name, user.email]);

  return (
    <Panel title="Edit profile" titleId="edit-title">
      <Form method="post" className="space-y-4" {...form}>
        <FormAlert tone="success" message={saved} />
        <FormAlert message={formError} />
        <FormField label="Name" name="name" autoComplete="name" required defaultValue={user.name} error={errors.name} />
        <FormField label="Email" name="email" type="email" autoComplete="email" required defaultValue={user.email} error={errors.email} />
        <fieldset className="min-w-0 space-y-4">
          <legend className="mb-3 w-full border-t border-line pt-4 font-display text-lg font-semibold tracking-wide">Password</legend>
          <FormField
            label="Current password"
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            hint="Needed only to change your email or password."
            error={errors.currentPassword}
          />
          <NewPasswordFields pair={pair} errors={errors} label="New password" confirmLabel="Confirm new password" required={false} />
        </fieldset>
        <Button type="submit" disabled={busy} className="w-full sm:w-auto">
          {busy ? "Saving…" : "Save changes"}
        </Button>
      </Form>
    </Panel>
  );
}

export default function Profile({ loaderData }: Route.ComponentProps) {
  const { user, claim, leagues, scoringPin, pushKey } = loaderData;
  // The devices are the account's: any league's /api keeps them. The page's league, else the
  // first of the account's (a deployment without a default league has no root /api).
  const pageLeague = useRouteLoaderData<RootData>("root")?.league;
  const pushUrl = leagueUrls(pageLeague ?? leagues[0]?.league).apiUrl("/push/subscriptions");
  return (
    <div className="mx-auto max-w-xl space-y-6">
      <PageHeader title="Profile" subtitle={user.email} />
      <ClaimedPlayerPanel claim={claim} isAdmin={user.isOperator} />
      <ProfileForm user={user} />
      {leagues.length > 1 ? (
        <p className="text-sm text-muted">Each league mails you and keeps your calendar on its own: set them league by league below.</p>
      ) : null}
      {leagues.map((group) => (
        <LeaguePrefsPanel key={group.league.id} group={group} email={user.email} messagesLink />
      ))}
      <PushToggle publicKey={pushKey} url={pushUrl} />
      {scoringPin === null ? null : <ScoringPinPanel isSet={scoringPin} />}
      <Panel title="Sessions" titleId="sessions-title">
        <p className="mb-4 text-sm text-muted">
          Logging out ends the session on this device only. If you are logged in somewhere you no longer trust, log out everywhere: every
          device will have to log in again.
        </p>
        <LogoutForm userId={user.id} everywhere>
          <Button type="submit" variant="secondary">
            Log out everywhere
          </Button>
        </LogoutForm>
      </Panel>
    </div>
  );
}
