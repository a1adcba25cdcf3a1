import { Form, data, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/invite";
import { FormAlert } from "~/components/ui/alert";
import { Button, ButtonLink } from "~/components/ui/button";
import { PageHeader } from "~/components/ui/page-header";
import { Panel } from "~/components/ui/panel";
import { useFormResult } from "~/hooks/use-form-result";
import { ROLE_LABELS } from "~/lib/accounts/roles";
import { pageMeta } from "~/lib/shared/meta";
import { leagueUrls, rootHref } from "~/lib/shared/league-url";
import { optionalSession, requireUser } from "~/.server/auth/guards";
import { badRequest } from "~/.server/errors";
import { handleForm } from "~/.server/forms";
import { routeServices } from "~/.server/route-context";
import { INVITE_MESSAGES, acceptInvite, acceptRefusal, inviteByToken } from "~/.server/services/accounts/invites";
import { AcceptInviteSchema, InviteTokenSchema } from "~/schemas/league-members";

// /invite/{token} (a deployment page): an invitation by email to a league, as a player, a
// director or an admin. Signed in with the invited address, one Accept makes the membership
// in the invitation's own league, whatever league the visitor came from; a visitor logs in or
// registers first and comes back here. The page only reads; accepting is the form's post.

export const meta: Route.MetaFunction = (args) => pageMeta(args, "Invitation", "An invitation to a league.");

export async function loader({ context, params }: Route.LoaderArgs) {
  const session = optionalSession(context);
  const token = InviteTokenSchema.safeParse(params.token);
  const { db, env } = routeServices(context);
  const view = token.success ? await inviteByToken(db, env, token.data) : null;
  if (!view) return data({ invite: null, signedIn: session !== null, problem: INVITE_MESSAGES.unknown }, { status: 404 });
  const refusal = session
    ? acceptRefusal(view, session.user)
    : view.acceptedBy !== null
      ? { message: INVITE_MESSAGES.spent, status: 410 }
      : view.expired
        ? { message: INVITE_MESSAGES.expired, status: 410 }
        : null;
  const invite = {
    league: view.league.name,
    role: view.role,
    email: view.email,
    again: session !== null && view.acceptedBy === session.user.id,
    home: leagueUrls(view.league).href("/"),
  };
  return data({ invite, signedIn: session !== null, problem: refusal?.message ?? null }, { status: refusal?.status ?? 200 });
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const { user } = requireUser(context, request);
  const { db, env } = routeServices(context);
  return handleForm(request, AcceptInviteSchema, async ({ token }) => {
    // The form's token is the page's: another (a form posted to the wrong page) is refused with words, not an empty 400.
    if (token !== params.token) throw badRequest(INVITE_MESSAGES.notThisPage);
    const { league } = await acceptInvite(db, env, user, token);
    return redirect(leagueUrls(league).href("/"));
  });
}

export default function Invite({ loaderData, params }: Route.ComponentProps) {
  const { invite, signedIn, problem } = loaderData;
  const { formError } = useFormResult();
  const busy = useNavigation().state !== "idle";
  const back = encodeURIComponent(rootHref(`/invite/${params.token}`));
  if (!invite) {
    return (
      <div className="mx-auto max-w-md">
        <PageHeader title="Invitation" />
        <FormAlert message={problem} />
      </div>
    );
  }
  const as = invite.role === "player" ? "to play in" : `as ${ROLE_LABELS[invite.role].toLowerCase()} of`;
  return (
    <div className="mx-auto max-w-md space-y-6">
      <PageHeader title={`Join ${invite.league}`} subtitle={`You are invited ${as} ${invite.league}.`} />
      <Panel>
        <div className="space-y-3">
          <FormAlert message={formError ?? problem} />
          {invite.again ? (
            <ButtonLink to={invite.home} variant="primary">
              Open {invite.league}
            </ButtonLink>
          ) : problem ? null : signedIn ? (
            <Form method="post">
              <input type="hidden" name="token" value={params.token} />
              <Button type="submit" variant="primary" block disabled={busy}>
                Accept
              </Button>
            </Form>
          ) : (
            <>
              <p className="text-sm text-muted">Log in or register with {invite.email} to accept; you come back here after.</p>
              <div className="flex flex-wrap gap-2">
                <ButtonLink to={rootHref(`/login?redirectTo=${back}`)}>Log in</ButtonLink>
                <ButtonLink to={rootHref(`/register?redirectTo=${back}`)} variant="primary">
                  Register
                </ButtonLink>
              </div>
            </>
          )}
        </div>
      </Panel>
    </div>
  );
}
