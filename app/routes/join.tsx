import { Form, data, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/join";
import { FormAlert } from "~/components/ui/alert";
import { Button, ButtonLink } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { PageHeader } from "~/components/ui/page-header";
import { Panel } from "~/components/ui/panel";
import { useFormResult } from "~/hooks/use-form-result";
import { pageMeta } from "~/lib/shared/meta";
import { leagueUrls, rootHref } from "~/lib/shared/league-url";
import { normalizeJoinCode } from "~/lib/accounts/join-codes";
import { optionalSession, requireUser } from "~/.server/auth/guards";
import { clientAddress } from "~/.server/client-address";
import { appErrorOf } from "~/.server/errors";
import { handleForm } from "~/.server/forms";
import { routeServices } from "~/.server/route-context";
import { JOIN_MESSAGES, joinLeague, leagueByCode } from "~/.server/services/accounts/join-codes";
import { JoinLeagueSchema } from "~/schemas/league-members";

// /join and /join/{CODE} (a deployment page): a league's code, typed or in its join link,
// shows the league's name and one Join button; joining makes the account a player of it and
// lands on the league's home, which asks a new player to claim their record. A visitor logs
// in or registers first and comes back here. The page only reads (no write in a GET); each
// join counts against the client's code guesses, and a client over them is refused here too.

export const meta: Route.MetaFunction = (args) => pageMeta(args, "Join a league", "Join a league with the code its organisers gave you.");

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // The typing form sends ?code=: its league's own address is /join/{CODE}.
  const typed = url.searchParams.get("code");
  if (!params.code && typed !== null) {
    const code = normalizeJoinCode(typed.slice(0, 40));
    throw redirect(code ? rootHref(`/join/${encodeURIComponent(code)}`) : rootHref("/join"));
  }
  const signedIn = optionalSession(context) !== null;
  if (!params.code) return { code: null, league: null, signedIn, problem: null };
  const code = normalizeJoinCode(params.code.slice(0, 40));
  const { db, env } = routeServices(context);
  try {
    const league = await leagueByCode(db, env, code, clientAddress(request));
    if (!league) return data({ code, league: null, signedIn, problem: JOIN_MESSAGES.noLeague }, { status: 404 });
    return { code, league: { name: league.name, refusal: league.refusal }, signedIn, problem: null };
  } catch (err) {
    const refusal = appErrorOf(err);
    if (!refusal) throw err;
    return data({ code, league: null, signedIn, problem: refusal.message }, { status: refusal.status });
  }
}

export async function action({ context, request }: Route.ActionArgs) {
  const { user } = requireUser(context, request);
  const { db, env } = routeServices(context);
  return handleForm(request, JoinLeagueSchema, async ({ code }) => {
    const { league } = await joinLeague(db, env, user.id, code, clientAddress(request));
    // The league's home asks a player without a record to claim theirs.
    return redirect(leagueUrls(league).href("/"));
  });
}

function TypeCode({ code }: { code: string | null }) {
  return (
    <Form method="get" className="flex items-end gap-2">
      <div className="flex-1">
        <FormField
          label="League code"
          name="code"
          defaultValue={code ?? ""}
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          maxLength={40}
          hint="6 letters and digits, from the league's organisers"
          required
        />
      </div>
      <Button type="submit">Find</Button>
    </Form>
  );
}

export default function Join({ loaderData }: Route.ComponentProps) {
  const { code, league, signedIn, problem } = loaderData;
  const { formError } = useFormResult();
  const busy = useNavigation().state !== "idle";
  const back = code ? encodeURIComponent(rootHref(`/join/${code}`)) : "";
  return (
    <div className="mx-auto max-w-md space-y-6">
      <PageHeader
        title={league ? `Join ${league.name}` : "Join a league"}
        subtitle={league ? null : "Type the code the league gave you."}
      />
      {league ? (
        <Panel>
          <FormAlert message={formError ?? league.refusal} />
          {league.refusal ? null : signedIn ? (
            <Form method="post" className="space-y-3">
              <p className="text-sm text-muted">You will play in {league.name}: sign up for its rounds and claim your player record.</p>
              <input type="hidden" name="code" value={code ?? ""} />
              <Button type="submit" variant="primary" block disabled={busy}>
                Join
              </Button>
            </Form>
          ) : (
            <div className="space-y-3">
              <p className="text-sm text-muted">Log in or register to join {league.name}; you come back here after.</p>
              <div className="flex flex-wrap gap-2">
                <ButtonLink to={rootHref(`/login?redirectTo=${back}`)}>Log in</ButtonLink>
                <ButtonLink to={rootHref(`/register?redirectTo=${back}`)} variant="primary">
                  Register
                </ButtonLink>
              </div>
            </div>
          )}
        </Panel>
      ) : (
        <Panel>
          <div className="space-y-3">
            <FormAlert message={problem} />
            <TypeCode code={code} />
          </div>
        </Panel>
      )}
    </div>
  );
}
