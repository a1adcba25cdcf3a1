import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/operator";
import { requireCapability } from "~/.server/auth/guards";
import { handleForm } from "~/.server/forms";
import { handedOver } from "~/.server/follow-ups";
import { routeServices } from "~/.server/route-context";
import { changeLeague } from "~/.server/services/accounts/league-change";
import { type OperatorLeague, operatorLeagues } from "~/.server/services/accounts/operator-leagues";
import { ActionStatus, FormAlert } from "~/components/ui/alert";
import { type Status, StatusBadge } from "~/components/ui/badge";
import { Button, ButtonRow } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/dialog";
import { EmptyState } from "~/components/ui/empty-state";
import { PageHeader } from "~/components/ui/page-header";
import { Panel } from "~/components/ui/panel";
import { useFormResult } from "~/hooks/use-form-result";
import { useLeague } from "~/hooks/use-league";
import { leagueUrls } from "~/lib/shared/league-url";
import { type LeagueChange, type OperatorLeagueAction, OperatorLeagueActionSchema } from "~/schemas/leagues";

// The operator's page (ADR 46, 47): every league of the deployment, where it stands, and the
// operator's buttons: suspend or unsuspend it (its pages and /api then answer 403 to all but
// its owner and the operator, and it takes no changes), hide it from the front door or show
// it again. A deployment page: the operator's alone (`manageAccounts`), whatever the league.

const CHANGES: Record<OperatorLeagueAction["intent"], { change: LeagueChange; done: string }> = {
  suspend: { change: { suspended: true }, done: "suspended" },
  unsuspend: { change: { suspended: false }, done: "unsuspended" },
  hide: { change: { hidden: true }, done: "hidden from the front door" },
  show: { change: { hidden: false }, done: "shown on the front door" },
};

export async function loader({ context, request }: Route.LoaderArgs) {
  requireCapability(context, request, "manageAccounts");
  const { db, env } = routeServices(context);
  return { leagues: await operatorLeagues(db, env) };
}

export const meta: Route.MetaFunction = () => [{ title: "Leagues · Operator" }];

export async function action({ context, request }: Route.ActionArgs) {
  const { user } = requireCapability(context, request, "manageAccounts");
  const { db } = routeServices(context);
  return handleForm(
    request,
    OperatorLeagueActionSchema,
    async ({ intent, leagueId }) => {
      const { change, done } = CHANGES[intent];
      // Its purge follow-up also has this isolate read the league afresh; the others when their copy expires.
      const { league } = handedOver(db, await changeLeague(db, leagueId, change, { userId: user.id, name: user.name }));
      return { success: `${league.name ?? league.slug}: ${done}.` };
    },
    { unexpected: "An error occurred. Please try again." },
  );
}

/** Where a league stands, in words: each that applies, or "Active". */
function statuses(league: OperatorLeague): { status: Status; label: string }[] {
  const out: { status: Status; label: string }[] = [];
  if (league.closed) out.push({ status: "Closed", label: "Closed" });
  if (league.suspended) out.push({ status: "Locked", label: "Suspended" });
  if (league.hidden) out.push({ status: "Inactive", label: "Hidden" });
  return out.length > 0 ? out : [{ status: "Open", label: "Active" }];
}

function LeagueActions({ league, busy }: { league: OperatorLeague; busy: boolean }) {
  const fields = { leagueId: league.id };
  return (
    <ButtonRow
      danger={
        league.suspended ? null : (
          <ConfirmDialog
            trigger="Suspend"
            title={`Suspend ${league.name}?`}
            description="Its pages and its /api answer 403 to everyone but its owner and you, and it takes no changes, until you unsuspend it."
            confirmLabel="Suspend the league"
            intent="suspend"
            tone="danger"
            fields={fields}
            disabled={busy}
            triggerLabel={`Suspend ${league.name}`}
          />
        )
      }
    >
      <Form method="post" className="contents">
        <input type="hidden" name="leagueId" value={league.id} />
        {league.suspended ? (
          <Button type="submit" name="intent" value="unsuspend" variant="secondary" disabled={busy} aria-label={`Unsuspend ${league.name}`}>
            Unsuspend
          </Button>
        ) : null}
        <Button
          type="submit"
          name="intent"
          value={league.hiddenByOperator ? "show" : "hide"}
          variant="secondary"
          disabled={busy}
          aria-label={`${league.hiddenByOperator ? "Show" : "Hide"} ${league.name} on the front door`}
        >
          {league.hiddenByOperator ? "Show" : "Hide"}
        </Button>
      </Form>
    </ButtonRow>
  );
}

export default function Operator({ loaderData }: Route.ComponentProps) {
  const { leagues } = loaderData;
  const { success, formError } = useFormResult();
  const busy = useNavigation().state !== "idle";
  const { date } = useLeague();
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title="Leagues"
        subtitle="Every league of this deployment. Suspend one that breaks the rules; hide one from the front door."
      />
      <div className="mb-4 space-y-2">
        <ActionStatus message={success} />
        <FormAlert message={formError} />
      </div>
      {leagues.length === 0 ? (
        <EmptyState title="No leagues yet">Make one with npm run league:create.</EmptyState>
      ) : (
        <ul className="space-y-3">
          {leagues.map((league) => (
            <li key={league.id}>
              <Panel>
                <div className="mb-2 flex flex-wrap items-center gap-2">
                  <h2 className="min-w-0 break-words font-display text-xl font-semibold tracking-wide">
                    <Link
                      to={leagueUrls(league).href("/")}
                      className="text-brand-800 underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-brand-700"
                    >
                      {league.name}
                    </Link>
                  </h2>
                  {statuses(league).map((s) => (
                    <StatusBadge key={s.label} status={s.status} label={s.label} />
                  ))}
                  {league.isDefault ? <StatusBadge status="Admin" label="Default" /> : null}
                </div>
                <dl className="mb-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                  <dt className="text-muted">Address</dt>
                  <dd className="break-all">{leagueUrls(league).href("/")}</dd>
                  <dt className="text-muted">Town</dt>
                  <dd>{league.town ?? "—"}</dd>
                  <dt className="text-muted">Owner</dt>
                  <dd className="break-all">{league.ownerEmail ?? "No owner"}</dd>
                  <dt className="text-muted">Created</dt>
                  <dd>{date(league.createdAt)}</dd>
                </dl>
                <LeagueActions league={league} busy={busy} />
              </Panel>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
