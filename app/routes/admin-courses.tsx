import { useRef } from "react";
import { Form, data, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/admin-courses";
import { CoursePanel } from "~/components/courses/course-panel";
import { type CourseInputs, CourseFields } from "~/components/courses/course-fields";
import { ActionStatus, FormAlert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Panel } from "~/components/ui/panel";
import { EmptyState } from "~/components/ui/empty-state";
import { PageHeader } from "~/components/ui/page-header";
import { useFormResult } from "~/hooks/use-form-result";
import { requireCapability } from "~/.server/auth/guards";
import type { Db } from "~/.server/db/client";
import { handleForm, postedFields, postedIntent } from "~/.server/forms";
import { routeServices } from "~/.server/route-context";
import { createCourse, deleteCourse, getCourse, listCourses } from "~/.server/services/courses/courses";
import { type CopyableCourse, copyCourse, copyableCourses } from "~/.server/services/courses/course-copy";
import { deleteLayout, getLayout } from "~/.server/services/courses/layouts";
import { pageMeta } from "~/lib/shared/meta";
import { CourseCopyFormSchema, CourseDeleteFormSchema, NewCourseSchema } from "~/schemas/courses";
import { FormField, SelectFormField, useFocusFirstInvalid } from "~/components/ui/form-field";
import { HOLE_COUNT } from "~/lib/courses/layouts";
import { leagueUrls } from "~/lib/shared/league-url";

// The league's courses and their layouts (ADR 25): add a course here, edit it and its
// layouts on their own pages, which come back here saying what they saved.

export const meta: Route.MetaFunction = (args) => pageMeta(args, "Courses");

/** What a form's redirect came back to say: ?course=id (a course added or saved), ?layout=id. */
async function notice(db: Db, params: URLSearchParams): Promise<string | null> {
  const id = (key: string) => {
    const n = Number(params.get(key));
    return Number.isSafeInteger(n) && n > 0 ? n : null;
  };
  const [course, layout] = [id("course"), id("layout")];
  if (course)
    return getCourse(db, course).then(
      (c) => `Saved ${c.name}.`,
      () => null,
    );
  if (layout)
    return getLayout(db, layout).then(
      (l) => `Saved the layout ${l.name} of ${l.courseName}.`,
      () => null,
    );
  return null;
}

const copierOf = ({ user }: { user: { id: number; name: string; isOperator: boolean } }) => ({
  userId: user.id,
  name: user.name,
  isOperator: user.isOperator,
});

export async function loader({ context, request }: Route.LoaderArgs) {
  const session = requireCapability(context, request, "manageLeague");
  const { db } = routeServices(context);
  const [courses, message, copyable] = await Promise.all([
    listCourses(db),
    notice(db, new URL(request.url).searchParams),
    copyableCourses(db, copierOf(session)),
  ]);
  return { courses, notice: message, copyable };
}

export async function action({ context, request }: Route.ActionArgs) {
  const session = requireCapability(context, request, "manageLeague");
  const { db, league } = routeServices(context);
  const intent = await postedIntent(request);
  if (intent === "copyCourse") {
    return handleForm(
      request,
      CourseCopyFormSchema,
      async ({ league_id, course_id }) =>
        redirect(leagueUrls(league).href(`/admin/courses?course=${(await copyCourse(db, league_id, course_id, copierOf(session))).id}`)),
      { unexpected: "The course could not be copied. Please try again." },
    );
  }
  if (intent === "addCourse") {
    const posted = await postedFields(request);
    const result = await handleForm(
      request,
      NewCourseSchema,
      async ({ hole_count, ...values }) =>
        redirect(leagueUrls(league).href(`/admin/courses?course=${(await createCourse(db, values, hole_count)).id}`)),
      { unexpected: "The course could not be added. Please try again." },
    );
    // A refusal says it was the add, so the page shows it in the add form.
    return result instanceof Response
      ? result
      : data(
          { ...result.data, adding: true, values: { name: posted.name ?? "", place: posted.place ?? "" }, holes: posted.hole_count ?? "" },
          result.init ?? undefined,
        );
  }
  return handleForm(request, CourseDeleteFormSchema, async ({ intent, id }) => {
    if (intent === "deleteCourse") await deleteCourse(db, id);
    else await deleteLayout(db, id);
    return { success: intent === "deleteCourse" ? "Course deleted." : "Layout deleted." };
  });
}

/** The add form, with the errors of a refused add (the name taken, a field left blank). */
function AddCourse({ busy }: { busy: boolean }) {
  const { fieldErrors, formError, result } = useFormResult<{ adding: boolean; values: CourseInputs; holes: string }>();
  const form = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(form, fieldErrors);
  const adding = result?.adding === true;
  return (
    <Panel title="Add a course" titleId="add-course">
      <Form method="post" noValidate ref={form} className="space-y-4">
        <input type="hidden" name="intent" value="addCourse" />
        {/* Keyed by the answer: after a refused add it shows what was typed, after a delete it is empty. */}
        <CourseFields
          key={adding ? JSON.stringify(result?.values) : "blank"}
          values={adding && result?.values ? result.values : { name: "", place: "" }}
          errors={adding ? fieldErrors : {}}
        />
        <FormField
          key={adding ? `holes-${result?.holes}` : "holes"}
          label="Holes in its first layout"
          name="hole_count"
          type="number"
          inputMode="numeric"
          min={HOLE_COUNT.min}
          max={HOLE_COUNT.max}
          defaultValue={adding && result?.holes !== undefined ? result.holes : String(HOLE_COUNT.default)}
          error={adding ? fieldErrors.hole_count : undefined}
          hint="A layout named Main, every hole par 3: change pars and distances on it later. Empty: no layout yet."
        />
        <FormAlert message={adding ? formError : null} />
        <Button type="submit" disabled={busy}>
          {busy ? "Adding…" : "Add course"}
        </Button>
      </Form>
    </Panel>
  );
}

/** A course of another league the admin runs, copied here with its layouts and holes. */
function CopyCourse({ copyable, busy }: { copyable: CopyableCourse[]; busy: boolean }) {
  const { fieldErrors } = useFormResult();
  const leagues = [...new Set(copyable.map((c) => c.leagueName))];
  return (
    <Panel title="Copy from another league" titleId="copy-course">
      <Form method="post" className="space-y-4">
        <input type="hidden" name="intent" value="copyCourse" />
        <SelectFormField label="Course to copy" name="source" required defaultValue="" error={fieldErrors.source}>
          <option value="" disabled>
            Choose a course
          </option>
          {leagues.map((name) => (
            <optgroup key={name} label={name}>
              {copyable
                .filter((c) => c.leagueName === name)
                .map((c) => (
                  <option key={`${c.leagueId}:${c.courseId}`} value={`${c.leagueId}:${c.courseId}`}>
                    {c.courseName}
                  </option>
                ))}
            </optgroup>
          ))}
        </SelectFormField>
        <Button type="submit" disabled={busy}>
          {busy ? "Copying…" : "Copy course"}
        </Button>
      </Form>
    </Panel>
  );
}

export default function AdminCourses({ loaderData }: Route.ComponentProps) {
  const { courses, notice: message, copyable } = loaderData;
  const { success, formError, result } = useFormResult<{ adding: boolean }>();
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <PageHeader
        title="Courses"
        subtitle="Where the league plays, and each course's layouts: holes, pars, distances and second-card holes."
      />
      <div className="max-w-3xl space-y-4">
        <ActionStatus message={success ?? message} />
        {/* A refused delete; a refused add shows in the add form. */}
        {result?.adding ? null : <ActionStatus message={formError} tone="error" />}
        {courses.length === 0 ? (
          <EmptyState title="No courses yet.">Add the first below; then a round can play one of its layouts.</EmptyState>
        ) : (
          courses.map((c) => <CoursePanel key={c.id} course={c} busy={busy} />)
        )}
        <AddCourse busy={busy} />
        {copyable.length > 0 ? <CopyCourse copyable={copyable} busy={busy} /> : null}
      </div>
    </>
  );
}
