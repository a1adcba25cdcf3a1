import { useRef } from "react";
import { Form, data, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/admin-course-form";
import { type CourseInputs, CourseFields } from "~/components/courses/course-fields";
import { LoadError } from "~/components/layout/load-error";
import { FormAlert } from "~/components/ui/alert";
import { SaveRow } from "~/components/ui/button";
import { Panel } from "~/components/ui/panel";
import { useFocusFirstInvalid } from "~/components/ui/form-field";
import { PageHeader } from "~/components/ui/page-header";
import { useFormResult } from "~/hooks/use-form-result";
import { requireCapability } from "~/.server/auth/guards";
import { handleForm, postedFields } from "~/.server/forms";
import { orRouteError, routeId, routeServices } from "~/.server/route-context";
import { getCourse, updateCourse } from "~/.server/services/courses/courses";
import { pageMeta } from "~/lib/shared/meta";
import { CourseValuesSchema } from "~/schemas/courses";
import { useLeagueUrls } from "~/hooks/use-league-urls";
import { leagueUrls } from "~/lib/shared/league-url";

// A course's name and place (/admin/courses/:courseId). Saving renames the location of the
// rounds that play its layouts too (services/courses/courses.ts); Save goes back to the list.

export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireCapability(context, request, "manageLeague");
  const { db } = routeServices(context);
  const course = await orRouteError(getCourse(db, await routeId(params.courseId, "course id")));
  return { course: { id: course.id, name: course.name, place: course.place, layouts: course.layouts.length } };
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, args.loaderData ? `Edit ${args.loaderData.course.name}` : "Course");

export async function action({ context, request, params }: Route.ActionArgs) {
  requireCapability(context, request, "manageLeague");
  const { db, league } = routeServices(context);
  const id = await routeId(params.courseId, "course id");
  const posted = await postedFields(request);
  const result = await handleForm(
    request,
    CourseValuesSchema,
    async (values) => {
      await updateCourse(db, id, values);
      return redirect(leagueUrls(league).href(`/admin/courses?course=${id}`));
    },
    { unexpected: "The course could not be saved. Please try again." },
  );
  if (result instanceof Response) return result;
  return data({ ...result.data, values: { name: posted.name ?? "", place: posted.place ?? "" } }, result.init ?? undefined);
}

export default function AdminCourseForm({ loaderData }: Route.ComponentProps) {
  const { href } = useLeagueUrls();
  const { course } = loaderData;
  const { formError, fieldErrors, result } = useFormResult<{ values: CourseInputs }>();
  const form = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(form, fieldErrors);
  const busy = useNavigation().state === "submitting";
  return (
    <div className="max-w-3xl">
      <PageHeader title={course.name} subtitle={`Edit the course · ${course.layouts} ${course.layouts === 1 ? "layout" : "layouts"}`} />
      <Panel>
        <Form method="post" noValidate ref={form} className="space-y-4">
          <CourseFields key={JSON.stringify(result?.values ?? null)} values={result?.values ?? course} errors={fieldErrors} />
          <FormAlert message={formError} />
          <SaveRow cancelTo={href("/admin/courses")} busy={busy} />
        </Form>
      </Panel>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <LoadError error={error} title="Error loading course" missing="That course does not exist." />;
}
