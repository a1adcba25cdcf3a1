import { type ShouldRevalidateFunctionArgs, data, redirect } from "react-router";
import type { Route } from "./+types/admin-rounds-multi";
import { LoadError } from "~/components/layout/load-error";
import { RoundMultiEditor } from "~/components/rounds/round-multi-editor";
import { Alert } from "~/components/ui/alert";
import { PageHeader } from "~/components/ui/page-header";
import { requireCapability } from "~/.server/auth/guards";
import { AppError, badRequest } from "~/.server/errors";
import { handleForm } from "~/.server/forms";
import { routeServices } from "~/.server/route-context";
import { saveRounds } from "~/.server/services/entries/round-admin";
import { listCourses } from "~/.server/services/courses/courses";
import { listRounds, roundsByIds } from "~/.server/services/rounds/rounds";
import { courseChoices } from "~/lib/courses/layouts";
import { pageMeta } from "~/lib/shared/meta";
import { LEAGUE_TIME, nextWeekday } from "~/lib/rounds/round-dates";
import { roundInputs } from "~/lib/rounds/round-values";
import { nowSeconds } from "~/lib/shared/time";
import { RoundIdsSchema, multiRoundsSchema } from "~/schemas/round-form";
import { handOver } from "~/.server/follow-ups";
import { leagueUrls } from "~/lib/shared/league-url";

export const meta: Route.MetaFunction = (args) => pageMeta(args, "Multi-Round Editor");

const NONE_FOUND = "No rounds found from your selection...";

/** The ids a query or a form field names, or the route's 400. */
function idsOf(values: string[]): number[] {
  const parsed = RoundIdsSchema.safeParse(values);
  if (!parsed.success) throw data({ message: parsed.error.issues[0]?.message ?? "Invalid round id" }, { status: 400 });
  return parsed.data;
}

export async function loader({ context, request }: Route.LoaderArgs) {
  requireCapability(context, request, "manageLeague");
  const { db, league } = routeServices(context);
  const params = new URL(request.url).searchParams;
  const now = nowSeconds();
  // ?ids= (the list's Edit Selected, or this page after a save): those rounds; none: every future round.
  const selection = params.has("ids");
  const [rounds, courses] = await Promise.all([
    selection ? roundsByIds(db, idsOf(params.getAll("ids"))) : listRounds(db, now),
    listCourses(db),
  ]);
  const saved = Number(params.get("saved"));
  return {
    selection,
    choices: courseChoices(courses),
    rounds: rounds.map((r) => ({ id: r.id, entryCount: r.entryCount, version: r.version, ...roundInputs(r, league.timeZone) })),
    // The first row of an empty editor: the coming league night.
    first: { date: nextWeekday(now, league.timeZone), time: LEAGUE_TIME },
    saved: Number.isSafeInteger(saved) && saved > 0 ? `Saved ${saved} ${saved === 1 ? "change" : "changes"}.` : null,
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  requireCapability(context, request, "manageLeague");
  const { db, league } = routeServices(context);
  return handleForm(
    request,
    multiRoundsSchema(league.timeZone),
    async (changes, form) => {
      if (changes.length === 0) return { success: "No changes to save." };
      const shown = RoundIdsSchema.safeParse([String(form.get("shown") ?? "")]);
      if (!shown.success) throw badRequest("The editor's list of rounds could not be read. Please reload the page.");
      const { created, followUps } = await saveRounds(db, changes).catch((err: unknown) => {
        throw err instanceof AppError ? new AppError(err.code, `Error saving rounds: ${err.message}`) : err;
      });
      handOver(db, followUps);
      const deleted = new Set(changes.flatMap((c) => (c.kind === "delete" ? [c.id] : [])));
      const remaining = [...shown.data.filter((id) => !deleted.has(id)), ...created];
      if (remaining.length === 0) {
        return { success: `Deleted ${deleted.size} ${deleted.size === 1 ? "round" : "rounds"}. Back to the rounds…`, allDeleted: true };
      }
      // The editor reloads with what it now holds, new rounds under their real ids.
      return redirect(leagueUrls(league).href(`/admin/rounds/multi-edit?ids=${remaining.join(",")}&saved=${changes.length}`));
    },
    { unexpected: "Error saving rounds: please try again." },
  );
}

/** Only a save's own redirect reloads the rows: a refused save keeps the edits on screen. */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus !== undefined && actionStatus >= 400 ? false : defaultShouldRevalidate;
}

export default function AdminRoundsMulti({ loaderData }: Route.ComponentProps) {
  const { selection, rounds, first, saved, choices } = loaderData;
  // A new key for every saved state: the editor starts again from what the server holds.
  const version = JSON.stringify(rounds);
  return (
    <>
      <PageHeader
        title="Multi-Round Editor"
        subtitle={selection ? "The rounds you selected." : "Every future round. Add round copies the last row into the week after it."}
      />
      <div className="space-y-4">
        {saved ? <Alert tone="success">{saved}</Alert> : null}
        {selection && rounds.length === 0 ? <Alert tone="warning">{NONE_FOUND}</Alert> : null}
        <RoundMultiEditor key={version} loaded={rounds} first={first} choices={choices} />
      </div>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <LoadError error={error} title="Multi-Round Editor" missing="Those are not round ids." />;
}
