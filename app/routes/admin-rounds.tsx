import { Form, data, useNavigation } from "react-router";
import type { Route } from "./+types/admin-rounds";
import { AdminRoundsTable, SELECT_FORM } from "~/components/rounds/admin-rounds-table";
import { LoadError } from "~/components/layout/load-error";
import { ActionStatus } from "~/components/ui/alert";
import { Button, ButtonLink } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { TodayRounds } from "~/components/rounds/today-rounds";
import { PageHeader } from "~/components/ui/page-header";
import { useFormResult } from "~/hooks/use-form-result";
import { requireCapability } from "~/.server/auth/guards";
import type { Db } from "~/.server/db/client";
import { handleForm } from "~/.server/forms";
import { currentSeason, seasonSpan } from "~/.server/league";
import { routeServices } from "~/.server/route-context";
import { todayRounds } from "~/.server/services/rounds/admin-landing";
import { setRegistration } from "~/.server/services/rounds/registration";
import { getRound, listRounds, listSeasons, roundsBetween } from "~/.server/services/rounds/rounds";
import { pageMeta } from "~/lib/shared/meta";
import { formatRoundWhen } from "~/lib/rounds/round-dates";
import { nowSeconds } from "~/lib/shared/time";
import { RegistrationFormSchema } from "~/schemas/round-form";
import { useLeagueUrls } from "~/hooks/use-league-urls";

export const meta: Route.MetaFunction = (args) => pageMeta(args, "Rounds");

/** What the round form's redirect came back to say (?saved=id, ?deleted=1). */
async function notice(db: Db, timeZone: string, params: URLSearchParams): Promise<string | null> {
  if (params.get("deleted") === "1") return "Round deleted.";
  const saved = Number(params.get("saved"));
  if (!Number.isSafeInteger(saved) || saved <= 0) return null;
  const round = await getRound(db, saved).catch(() => null);
  return round ? `Round saved: ${round.name}, ${formatRoundWhen(round.startsAt, timeZone)}.` : null;
}

export async function loader({ context, request }: Route.LoaderArgs) {
  // A director finds tonight's round here; opening and closing registration is an admin's.
  requireCapability(context, request, "runNight");
  const { db, league } = routeServices(context);
  const params = new URL(request.url).searchParams;
  const now = nowSeconds();
  const current = currentSeason(league, now);
  // Past rounds pile up: this season's by default, another season's or all on request.
  const asked = params.get("season") ?? String(current);
  const season = asked === "all" ? "all" : Number(asked);
  const noSuchSeason = () => data({ message: "There are no rounds in that season." }, { status: 404 });
  if (season !== "all" && !/^\d{4}$/.test(asked)) throw noSuchSeason();
  // The span comes from the URL alone, so the seasons are read beside the lists, not before
  // them: a season with no rounds is refused after, its lists discarded.
  const span = season === "all" ? { from: 0, to: now } : seasonSpan(league, season);
  const [seasons, future, past, message, today] = await Promise.all([
    listSeasons(db, league.timeZone),
    listRounds(db, now),
    roundsBetween(db, span.from, Math.min(span.to, now)),
    notice(db, league.timeZone, params),
    todayRounds(db, league.timeZone, now),
  ]);
  if (season !== "all" && season !== current && !seasons.includes(season)) throw noSuchSeason();
  return { future, past: past.reverse(), season: String(season), current, seasons, notice: message, today };
}

export async function action({ context, request }: Route.ActionArgs) {
  requireCapability(context, request, "manageLeague");
  const { db, env, league } = routeServices(context);
  return handleForm(
    request,
    RegistrationFormSchema,
    async ({ id, open }) => {
      await setRegistration(db, id, open, { jobs: env.JOBS, timeZone: league.timeZone, origin: new URL(request.url).origin });
      const round = await getRound(db, id);
      return { success: `Registration ${open ? "opened" : "closed"} for ${round.name}.` };
    },
    { unexpected: "Update failed. Please try again." },
  );
}

/** Which past rounds show: a season, or all of them (a GET form, so it works without JavaScript). */
function SeasonPicker({ season, seasons, current }: { season: string; seasons: number[]; current: number }) {
  const years = [...new Set([current, ...seasons])].sort((a, b) => b - a);
  return (
    <Form method="get" className="flex flex-wrap items-end gap-2">
      <label className="flex flex-col text-sm font-medium">
        Season
        <select
          key={season}
          name="season"
          defaultValue={season}
          className="mt-1 min-h-11 rounded-md border border-slate-400 bg-surface px-3 text-base"
        >
          {years.map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
          <option value="all">All seasons</option>
        </select>
      </label>
      <Button type="submit" variant="secondary">
        Show
      </Button>
    </Form>
  );
}

export default function AdminRounds({ loaderData }: Route.ComponentProps) {
  const { href } = useLeagueUrls();
  const { future, past, season, current, seasons, notice, today } = loaderData;
  const { success, formError } = useFormResult();
  const busy = useNavigation().state === "submitting";
  const pastTitle = season === "all" ? "Past rounds, all seasons" : `Past rounds of ${season}`;
  return (
    <>
      <PageHeader
        title="Rounds"
        subtitle="Schedule rounds, open registration, and manage entries and scores."
        actions={
          <>
            <ButtonLink to={href("/admin/rounds/new")} variant="primary">
              New round
            </ButtonLink>
            <ButtonLink to={href("/admin/rounds/multi-edit")}>Multi-Round Editor</ButtonLink>
          </>
        }
      />
      <div className="space-y-6">
        <ActionStatus message={success ?? notice} />
        <ActionStatus message={formError} tone="error" />
        {/* Today's rounds to run, each to its night screen: the admin lands here when there are several (ADR 39). */}
        <TodayRounds rounds={today} />
        {/* The checkboxes in both tables belong to this form: ids=… opens them in the editor. */}
        <Form id={SELECT_FORM} method="get" action={href("/admin/rounds/multi-edit")} className="flex flex-wrap items-center gap-3">
          <input type="hidden" name="ids" value="" />
          <Button type="submit" variant="secondary">
            Edit Selected
          </Button>
          <p className="text-sm text-muted">Tick rounds below to edit them together.</p>
        </Form>
        <section aria-labelledby="future-title" className="space-y-2">
          <h2 id="future-title" className="font-display text-2xl font-semibold tracking-wide">
            Future rounds
          </h2>
          {future.length === 0 ? (
            <EmptyState title="No rounds scheduled." action={<ButtonLink to={href("/admin/rounds/new")}>New round</ButtonLink>} />
          ) : (
            <AdminRoundsTable caption="Future rounds" rounds={future} busy={busy} />
          )}
        </section>
        <section aria-labelledby="past-title" className="space-y-2">
          <div className="flex flex-wrap items-end justify-between gap-3">
            <h2 id="past-title" className="font-display text-2xl font-semibold tracking-wide">
              {pastTitle}
            </h2>
            <SeasonPicker season={season} seasons={seasons} current={current} />
          </div>
          {past.length === 0 ? (
            <EmptyState title={season === "all" ? "No rounds played yet." : `No rounds played in ${season} yet.`} />
          ) : (
            <AdminRoundsTable caption={pastTitle} rounds={past} busy={busy} />
          )}
        </section>
      </div>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <LoadError error={error} title="Rounds" missing="There are no rounds in that season." />;
}
