import { Link } from "react-router";
import type { Route } from "./+types/admin-round-scores";
import { ScorePaste } from "~/components/entries/score-paste";
import { ScoreSheet } from "~/components/entries/score-sheet";
import { ActionStatus } from "~/components/ui/alert";
import { ButtonLink } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { PageHeader } from "~/components/ui/page-header";
import { useFormResult } from "~/hooks/use-form-result";
import { useLeague } from "~/hooks/use-league";
import { requireCapability } from "~/.server/auth/guards";
import { handleEntryForm } from "./entry-form.server";
import { orRouteError, routeId, routeServices } from "~/.server/route-context";
import { entriesForRound } from "~/.server/services/entries/entries";
import { getRound } from "~/.server/services/rounds/rounds";
import { pageMeta } from "~/lib/shared/meta";
import { formatDateTime } from "~/lib/shared/time";
import { useLeagueUrls } from "~/hooks/use-league-urls";

export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireCapability(context, request, "runNight");
  const { db } = routeServices(context);
  const id = await routeId(params.roundId, "round id");
  const [round, list] = await orRouteError(Promise.all([getRound(db, id), entriesForRound(db, id)]));
  const entries = list.map((e) => ({
    id: e.id,
    firstName: e.firstName,
    lastName: e.lastName,
    division: e.division,
    score: e.score,
    version: e.version,
  }));
  return { round: { id: round.id, name: round.name, startsAt: round.startsAt, location: round.location }, entries };
}

// The same form handler as the entry manager: a score save rewrites the round's payouts in its batch.
export async function action({ context, request, params }: Route.ActionArgs) {
  requireCapability(context, request, "runNight");
  const id = await routeId(params.roundId, "round id");
  const { db, env } = routeServices(context);
  return handleEntryForm(request, db, env, id);
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, args.loaderData ? `Scores · ${args.loaderData.round.name}` : "Scores");

export default function AdminRoundScores({ loaderData }: Route.ComponentProps) {
  const { href } = useLeagueUrls();
  const { round, entries } = loaderData;
  const { timeZone } = useLeague();
  const { success, formError } = useFormResult();
  // New scores from the server close the paste's preview (the sheet follows the server by itself).
  const scores = entries.map((e) => `${e.id}:${e.score}`).join(",");
  return (
    <>
      <PageHeader
        title={`Scores: ${round.name}`}
        subtitle={`${formatDateTime(round.startsAt, timeZone)} · ${round.location}`}
        actions={<ButtonLink to={href(`/admin/round/play/${round.id}`)}>Entries and payouts</ButtonLink>}
      />
      <div className="space-y-6">
        <ActionStatus message={success} />
        <ActionStatus message={formError} tone="error" />
        {entries.length === 0 ? (
          <EmptyState title="No entries yet.">
            Add the players on the <Link to={href(`/admin/round/play/${round.id}`)}>round's entry page</Link> first.
          </EmptyState>
        ) : (
          <>
            <p className="text-sm text-muted">A score of 0 means no scorecard yet: a division is paid out once all its scores are in.</p>
            <ScorePaste key={`paste-${scores}`} entries={entries} />
            <section aria-labelledby="type-heading" className="space-y-3">
              <h2 id="type-heading" className="font-display text-xl font-semibold">
                Type scores
              </h2>
              <ScoreSheet entries={entries} />
            </section>
          </>
        )}
      </div>
    </>
  );
}
