import { Form, Link, data, useNavigation } from "react-router";
import type { Route } from "./+types/unsubscribe";
import { FormAlert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Panel } from "~/components/ui/panel";
import { PageHeader } from "~/components/ui/page-header";
import { useFormResult } from "~/hooks/use-form-result";
import { pageMeta } from "~/lib/shared/meta";
import { AppError } from "~/.server/errors";
import { handleForm } from "~/.server/forms";
import { routeServices } from "~/.server/route-context";
import { readUnsubscribeLink, unsubscribe } from "~/.server/services/accounts/mail-prefs";
import { OneClickSchema, UNSUBSCRIBED } from "~/schemas/notifications";
import { rootHref } from "~/lib/shared/league-url";

// /unsubscribe?u={userId}&l={leagueId}&t={signature}: the registration mail's way out of one
// league's mail, without a login (ADR 46: the link signs the user and the league; the page is
// the deployment's, and the Worker places the request in the league the link names). GET shows the account's setting in the league and a
// button; its POST turns that league's mail off. A link sent before links named their league
// is the first league's. The link's signature is the only authority, whoever is logged in in
// this browser. Mail clients' one-click posts (RFC 8058) go to POST {league}/api/users/unsubscribe
// with the same query, since React Router refuses a page action posted from another origin.

export const meta: Route.MetaFunction = (args) => pageMeta(args, "Registration mails");

/** The link's own query, as signed (u, l when it has one, t), for the form to post back. */
function signedQuery(params: URLSearchParams): string {
  const keep = new URLSearchParams();
  for (const key of ["u", "l", "t"]) {
    const value = params.get(key);
    if (value !== null) keep.set(key, value);
  }
  return keep.toString();
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const { db, env, league } = routeServices(context);
  const params = new URL(request.url).searchParams;
  try {
    const target = await readUnsubscribeLink(db, env.SESSION_SECRET, params);
    return {
      link: rootHref(`/unsubscribe?${signedQuery(params)}`),
      leagueName: league.name,
      email: target.email,
      on: target.registrationOpens,
      error: null,
    };
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return data({ link: null, leagueName: league.name, email: null, on: false, error: err.message }, { status: err.status });
  }
}

export async function action({ context, request }: Route.ActionArgs) {
  const { db, env } = routeServices(context);
  const params = new URL(request.url).searchParams;
  return handleForm(request, OneClickSchema, async () => {
    await unsubscribe(db, env.SESSION_SECRET, params);
    return { success: UNSUBSCRIBED };
  });
}

const link = "font-medium text-brand-800 underline underline-offset-2";

function ProfileLink({ children }: { children: string }) {
  return (
    <Link to={rootHref("/profile")} className={link}>
      {children}
    </Link>
  );
}

export default function Unsubscribe({ loaderData }: Route.ComponentProps) {
  const { success, formError } = useFormResult();
  const busy = useNavigation().state === "submitting";
  const { link: action, leagueName, email, on, error } = loaderData;
  return (
    <div className="mx-auto max-w-xl space-y-6">
      <PageHeader title="Registration mails" subtitle={`The mail ${leagueName} sends when registration opens for a round.`} />
      {error || !action ? (
        <Panel>
          <div className="space-y-4">
            <FormAlert message={error ?? "This unsubscribe link is not valid."} />
            <p>
              You can also log in and change the setting on your <ProfileLink>profile</ProfileLink>.
            </p>
          </div>
        </Panel>
      ) : (
        <Panel title="Your setting" titleId="setting-title">
          <div className="space-y-4">
            <FormAlert tone="success" message={success} />
            <FormAlert message={formError} />
            <p>
              League: <span className="font-semibold">{leagueName}</span>
              <br />
              Account: <span className="font-semibold">{email}</span>
              <br />
              Mail when registration opens: <span className="font-semibold">{on ? "On" : "Off"}</span>
            </p>
            {on ? (
              <Form method="post" action={action}>
                <input type="hidden" name="List-Unsubscribe" value="One-Click" />
                <Button type="submit" variant="primary" disabled={busy}>
                  {busy ? "Saving…" : "Stop these mails"}
                </Button>
              </Form>
            ) : (
              <p className="text-sm text-muted">
                {success ? "" : `This account gets no mail from ${leagueName} when registration opens. `}
                Your other leagues' mail is as you set it. To get these again, switch them on in your <ProfileLink>profile</ProfileLink>.
              </p>
            )}
          </div>
        </Panel>
      )}
    </div>
  );
}
