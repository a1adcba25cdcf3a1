import { type ShouldRevalidateFunctionArgs, data, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/admin-layout-form";
import { LayoutForm } from "~/components/courses/layout-form";
import { LoadError } from "~/components/layout/load-error";
import { PageHeader } from "~/components/ui/page-header";
import { useFormResult } from "~/hooks/use-form-result";
import { requireCapability } from "~/.server/auth/guards";
import type { Db } from "~/.server/db/client";
import { handleForm, postedFields } from "~/.server/forms";
import { orRouteError, routeId, routeServices } from "~/.server/route-context";
import { getCourse } from "~/.server/services/courses/courses";
import { createLayout, getLayout, updateLayout } from "~/.server/services/courses/layouts";
import { FormShapeError, formToObject } from "~/lib/shared/form-data";
import { type LayoutInputs, holesAndPar, layoutInputs } from "~/lib/courses/layouts";
import { pageMeta } from "~/lib/shared/meta";
import { LayoutEditFormSchema, LayoutFormSchema } from "~/schemas/courses";
import { type LeagueUrls, leagueUrls } from "~/lib/shared/league-url";

// One module for /admin/courses/:courseId/layouts/new and /admin/layouts/:layoutId (ADR 25).
// A stored layout is saved over the version this form read; Save goes back to the list.

export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireCapability(context, request, "manageLeague");
  const { db } = routeServices(context);
  if (params.layoutId === undefined) {
    const course = await orRouteError(getCourse(db, await routeId(params.courseId, "course id")));
    return { courseName: course.name, layout: null, inputs: layoutInputs() };
  }
  const layout = await orRouteError(getLayout(db, await routeId(params.layoutId, "layout id")));
  const { id, name, courseName, holeCount, par, roundCount, version } = layout;
  return { courseName, layout: { id, name, holeCount, par, roundCount, version }, inputs: layoutInputs(layout) };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, args.loaderData?.layout ? `Edit ${args.loaderData.layout.name}` : "New layout");

/** What was posted, as the form's inputs: a refused save shows it again (also without JavaScript). */
function postedInputs(posted: Record<string, string>): LayoutInputs {
  let form: Record<string, unknown> = {};
  try {
    form = formToObject(Object.entries(posted));
  } catch (err) {
    if (!(err instanceof FormShapeError)) throw err;
  }
  const holes = Array.isArray(form.holes) ? (form.holes as Partial<LayoutInputs["holes"][number]>[]) : [];
  return {
    name: String(form.name ?? ""),
    hole_count: String(form.hole_count ?? holes.length),
    holes: holes.map((h) => ({ par: h.par ?? "", distance_feet: h.distance_feet ?? "", second_card_order: h.second_card_order ?? "" })),
  };
}

/** The save of a new layout of the course, or of a stored layout over the version read. */
async function save(db: Db, { href }: LeagueUrls, request: Request, target: { courseId: number } | { layoutId: number }) {
  const unexpected = "The layout could not be saved. Please try again.";
  if ("courseId" in target) {
    return handleForm(
      request,
      LayoutFormSchema,
      async (values) => redirect(href(`/admin/courses?layout=${(await createLayout(db, target.courseId, values)).id}`)),
      { unexpected },
    );
  }
  return handleForm(
    request,
    LayoutEditFormSchema,
    async ({ version, values }) => {
      await updateLayout(db, target.layoutId, version, values);
      return redirect(href(`/admin/courses?layout=${target.layoutId}`));
    },
    { unexpected },
  );
}

export async function action({ context, request, params }: Route.ActionArgs) {
  requireCapability(context, request, "manageLeague");
  const { db, league } = routeServices(context);
  const target =
    params.layoutId === undefined
      ? { courseId: await routeId(params.courseId, "course id") }
      : { layoutId: await routeId(params.layoutId, "layout id") };
  const posted = await postedFields(request);
  const result = await save(db, leagueUrls(league), request, target);
  if (result instanceof Response) return result;
  return data({ ...result.data, values: postedInputs(posted) }, result.init ?? undefined);
}

/** A refused save keeps the version it read: reloading the page, not the save, brings in another admin's change. */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus !== undefined && actionStatus >= 400 ? false : defaultShouldRevalidate;
}

export default function AdminLayoutForm({ loaderData }: Route.ComponentProps) {
  const { courseName, layout, inputs } = loaderData;
  const { formError, fieldErrors, result } = useFormResult<{ values: LayoutInputs }>();
  const busy = useNavigation().state === "submitting";
  const shown = result?.values ?? inputs;
  const played = layout && layout.roundCount > 0 ? ` · played in ${layout.roundCount} ${layout.roundCount === 1 ? "round" : "rounds"}` : "";
  return (
    <div className="max-w-3xl">
      <PageHeader
        title={layout ? layout.name : "New layout"}
        subtitle={layout ? `${courseName} · ${holesAndPar(layout)}${played}` : `A new layout of ${courseName}.`}
      />
      {/* Keyed by what it shows: after a refused save it starts again from what was posted. */}
      <LayoutForm
        key={JSON.stringify(shown)}
        inputs={shown}
        errors={fieldErrors}
        formError={formError}
        version={layout?.version ?? null}
        busy={busy}
      />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <LoadError error={error} title="Error loading layout" missing="That layout does not exist." />;
}
