import { Link } from "react-router";
import type { Route } from "./+types/admin-round-play";
import { AddEntry } from "~/components/entries/add-entry";
import { EntryEditor } from "~/components/entries/entry-editor";
import { MoneyToSortOut } from "~/components/entries/money-to-sort-out";
import { VoidCashOutcome } from "~/components/entries/void-cash";
import { ActionStatus, Alert } from "~/components/ui/alert";
import { StatusBadge } from "~/components/ui/badge";
import { ButtonLink } from "~/components/ui/button";
import { Panel, Stats } from "~/components/ui/panel";
import { ConfirmDialog } from "~/components/ui/dialog";
import { PageHeader } from "~/components/ui/page-header";
import { useFormResult } from "~/hooks/use-form-result";
import { useLeague } from "~/hooks/use-league";
import { requireCapability } from "~/.server/auth/guards";
import { handleEntryForm } from "./entry-form.server";
import { handleEntryMoneyForm } from "./entry-money-form.server";
import { postedIntent } from "~/.server/forms";
import { orRouteError, routeId, routeServices } from "~/.server/route-context";
import { entriesScreen } from "~/.server/services/entries/entries-screen";
import { getLeagueSettings } from "~/.server/services/settings/league-settings";
import { pageMeta } from "~/lib/shared/meta";
import { formatCents } from "~/lib/shared/money";
import { staleCreditText } from "~/lib/money/book-flags";
import { formatDateTime } from "~/lib/shared/time";
import { MONEY_INTENTS } from "~/schemas/money-actions";
import { useLeagueUrls } from "~/hooks/use-league-urls";
import { RainOutPanel, useRainOut } from "~/components/rainouts/rain-out-panel";
import { handleRainoutForm, isRainoutIntent } from "./rainout-form.server";

export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireCapability(context, request, "runNight");
  const { db } = routeServices(context);
  const id = await routeId(params.roundId, "round id");
  const [screen, { divisions, endEarlyHoles }] = await Promise.all([orRouteError(entriesScreen(db, id)), getLeagueSettings(db)]);
  return { ...screen, divisions, endEarlyHoles };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const intent = await postedIntent(request);
  // A director runs the night's money (cash, void cash, withdrawals); the books' fixes are an admin's (ADR 47).
  requireCapability(context, request, BOOKS_INTENTS.has(intent) ? "manageLeague" : "runNight");
  const id = await routeId(params.roundId, "round id");
  const { db, env, league } = routeServices(context);
  if (isRainoutIntent(intent)) {
    const session = requireCapability(context, request, "runNight");
    return handleRainoutForm(request, { db, env, roundId: id, session, timeZone: league.timeZone });
  }
  if (MONEY_INTENTS.includes(intent)) return handleEntryMoneyForm(request, db, id);
  return handleEntryForm(request, db, env, id);
}

const BOOKS_INTENTS = new Set(["excessToCredit", "keepEntry", "giveBack", "takeBack"]);

export const meta: Route.MetaFunction = (args) => pageMeta(args, args.loaderData ? `Entries · ${args.loaderData.round.name}` : "Entries");

export default function AdminRoundPlay({ loaderData }: Route.ComponentProps) {
  const { href } = useLeagueUrls();
  const { round, entries, pot, creditCapCents, owedCents, issues, divisions, staleCredit, toMeasure, endEarlyHoles } = loaderData;
  const { timeZone } = useLeague();
  const { success, formError } = useFormResult();
  const credited = entries.filter((e) => e.creditAddedCents > 0).length;
  const rainOutAction = useRainOut();
  return (
    <>
      <PageHeader
        title={round.name}
        subtitle={`${formatDateTime(round.startsAt, timeZone)} · ${round.location}`}
        actions={
          <>
            <ButtonLink to={href(`/admin/round/night/${round.id}`)}>League night</ButtonLink>
            <ButtonLink to={href(`/admin/round/scores/${round.id}`)}>Scores</ButtonLink>
            <ButtonLink to={href(`/admin/round/message/${round.id}`)}>Message players</ButtonLink>
            <ButtonLink to={href(`/admin/rounds/${round.id}`)}>Edit round</ButtonLink>
          </>
        }
      />
      <div className="space-y-6">
        {round.cancelledAt !== null ? <RainOutPanel round={round} endEarlyHoles={endEarlyHoles} fetcher={rainOutAction} /> : null}
        <Panel>
          <Stats
            items={[
              { label: "Entries", value: entries.length },
              { label: "Ace pot at stake", value: formatCents(pot) },
              { label: "Payout per entry", value: formatCents(round.payoutCents) },
              { label: "Owed", value: formatCents(owedCents) },
              {
                label: "Registration",
                value: <StatusBadge status={round.openForRegistration ? "Open" : "Closed"} />,
              },
            ]}
          />
          <p className="mt-3 text-sm">
            <Link to={href(`/rounds/${round.id}`)} className="font-medium text-brand-800 underline">
              Public results page
            </Link>
          </p>
        </Panel>
        {staleCredit > 0 ? (
          <Alert tone="warning" title="Credit is stale">
            {staleCreditText(staleCredit)}{" "}
            <a href="#credit-payouts" className="font-semibold underline">
              Credit payouts
            </a>
          </Alert>
        ) : null}
        <ActionStatus message={success} />
        <ActionStatus message={formError} tone="error" />
        <VoidCashOutcome />
        <AddEntry roundId={round.id} entered={entries.map((e) => e.playerId)} creditCapCents={creditCapCents} divisions={divisions} />
        <EntryEditor round={round} entries={entries} creditCapCents={creditCapCents} divisions={divisions} />
        <MoneyToSortOut issues={issues} />
        {entries.length ? (
          <section id="credit-payouts" aria-labelledby="credit-heading" className="space-y-2">
            <h2 id="credit-heading" className="font-display text-xl font-semibold">
              Pay out
            </h2>
            <p className="text-sm text-muted">
              Credit payouts sets every entry's credit added to its payout plus adjustment and pays the round's side pots into the winners'
              credit ({credited} of {entries.length} entries have credit added now). Edit one by hand afterwards, e.g. 0 when paid in cash.
            </p>
            <ConfirmDialog
              trigger="Credit payouts"
              title="Credit payouts to balances?"
              description={
                toMeasure.length
                  ? `Not measured yet: ${toMeasure.join("; ")}. Paying now pays ${toMeasure.length > 1 ? "those holes" : "that hole"} to whoever holds ${toMeasure.length > 1 ? "them" : "it"}. Every entry's credit added becomes its payout plus adjustment and its side pot wins.`
                  : "Every entry's credit added becomes its payout plus adjustment and its side pot wins; the players' balances change at once."
              }
              confirmLabel={toMeasure.length ? "Pay as they stand" : "Credit payouts"}
              intent="creditPayouts"
              fields={toMeasure.length ? { confirm_unmeasured: "1" } : {}}
            />
          </section>
        ) : null}
        {round.cancelledAt === null ? <RainOutPanel round={round} endEarlyHoles={endEarlyHoles} fetcher={rainOutAction} /> : null}
      </div>
    </>
  );
}
