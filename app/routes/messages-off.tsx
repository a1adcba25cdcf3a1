import { Form, Link, data, useNavigation } from "react-router";
import type { Route } from "./+types/messages-off";
import { FormAlert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Panel } from "~/components/ui/panel";
import { PageHeader } from "~/components/ui/page-header";
import { useFormResult } from "~/hooks/use-form-result";
import { KIND_LABELS } from "~/lib/messages/kinds";
import { leagueUrls, rootHref } from "~/lib/shared/league-url";
import { pageMeta } from "~/lib/shared/meta";
import { AppError } from "~/.server/errors";
import { handleForm } from "~/.server/forms";
import { routeServices } from "~/.server/route-context";
import { MESSAGE_OFF_DONE, readMessageOffLink, turnOffByLink } from "~/.server/services/messages/prefs-edit";
import { OneClickSchema } from "~/schemas/notifications";

// /messages/off?u={userId}&l={leagueId}&k={kind}&t={signature}: a message's way out of one
// kind of the league's messages, without a login (ADR 49). The page is the deployment's; the
// Worker places the request in the league the link names, as /unsubscribe's. A GET changes
// nothing (mail scanners open links): it asks, and its button's POST turns the kind off. The
// signature is the only authority, whoever is logged in in this browser. Mail clients'
// one-click posts go to POST {league}/api/messages/off with the same query.

export const meta: Route.MetaFunction = (args) => pageMeta(args, "Turn messages off");

/** The link's own query, as signed, for the form to post back. */
function signedQuery(params: URLSearchParams): string {
  const keep = new URLSearchParams();
  for (const key of ["u", "l", "k", "t"]) {
    const value = params.get(key);
    if (value !== null) keep.set(key, value);
  }
  return keep.toString();
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const { db, env, league } = routeServices(context);
  const params = new URL(request.url).searchParams;
  const preferences = leagueUrls(league).href("/preferences");
  try {
    const target = await readMessageOffLink(db, env.SESSION_SECRET, params);
    return {
      link: rootHref(`/messages/off?${signedQuery(params)}`),
      leagueName: league.name,
      label: KIND_LABELS[target.kind],
      off: target.off,
      preferences,
      error: null,
    };
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return data({ link: null, leagueName: league.name, label: null, off: false, preferences, error: err.message }, { status: err.status });
  }
}

export async function action({ context, request }: Route.ActionArgs) {
  const { db, env } = routeServices(context);
  const params = new URL(request.url).searchParams;
  return handleForm(request, OneClickSchema, async () => {
    await turnOffByLink(db, env.SESSION_SECRET, params);
    return { success: MESSAGE_OFF_DONE };
  });
}

const linkClass = "font-medium text-brand-800 underline underline-offset-2";

export default function MessagesOff({ loaderData }: Route.ComponentProps) {
  const { success, formError } = useFormResult();
  const busy = useNavigation().state === "submitting";
  const { link: action, leagueName, label, off, preferences, error } = loaderData;
  const change = (
    <>
      change it on your{" "}
      <Link to={preferences} className={linkClass}>
        preferences
      </Link>
      .
    </>
  );
  return (
    <div className="mx-auto max-w-xl space-y-6">
      <PageHeader title="Turn messages off" subtitle={`What ${leagueName} tells you, and how.`} />
      <Panel>
        {error || !action ? (
          <div className="space-y-4">
            <FormAlert message={error ?? "This link is not valid"} />
            <p>You can also log in and {change}</p>
          </div>
        ) : success ? (
          <div className="space-y-4">
            <FormAlert tone="success" message={success} />
            <p className="first-letter:uppercase">{change}</p>
          </div>
        ) : off ? (
          <p>
            {label} from {leagueName}: off already. You can {change}
          </p>
        ) : (
          <div className="space-y-4">
            <FormAlert message={formError} />
            <p className="text-lg font-semibold">
              Turn off {label} from {leagueName}?
            </p>
            <Form method="post" action={action}>
              <input type="hidden" name="List-Unsubscribe" value="One-Click" />
              <Button type="submit" variant="primary" disabled={busy}>
                {busy ? "Turning off…" : "Turn these off"}
              </Button>
            </Form>
          </div>
        )}
      </Panel>
    </div>
  );
}
