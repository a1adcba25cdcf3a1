import { Link } from "react-router";
import type { CourseRow, LayoutSummary } from "~/.server/services/courses/courses";
import { ButtonLink } from "~/components/ui/button";
import { Panel } from "~/components/ui/panel";
import { ConfirmDialog } from "~/components/ui/dialog";
import { holesAndPar } from "~/lib/courses/layouts";
import { useLeagueUrls } from "~/hooks/use-league-urls";

const link = "font-medium text-brand-800 underline-offset-2 hover:underline";
const roundsWord = (n: number) => `${n} ${n === 1 ? "round" : "rounds"}`;

/** Delete, asked first: a course or a layout that no round plays (the page offers it only then). */
function Delete({ what, name, id, busy }: { what: "course" | "layout"; name: string; id: number; busy: boolean }) {
  return (
    <ConfirmDialog
      trigger="Delete"
      tone="danger"
      triggerLabel={`Delete ${what} ${name}`}
      title={`Delete the ${what} ${name}?`}
      description={`The ${what === "course" ? "course, its layouts and their" : "layout and its"} holes are removed. This cannot be undone.`}
      confirmLabel={`Delete ${what}`}
      intent={what === "course" ? "deleteCourse" : "deleteLayout"}
      fields={{ id }}
      disabled={busy}
    />
  );
}

/** One layout in its course's list: name (to its form), holes and par, the rounds that play it, and Delete while none does. */
function LayoutItem({ layout, busy }: { layout: LayoutSummary; busy: boolean }) {
  const { href } = useLeagueUrls();
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
      <div className="min-w-0 flex-1">
        <Link
          to={href(`/admin/layouts/${layout.id}`)}
          className={`${link} inline-flex min-h-11 items-center`}
          aria-label={`Edit layout ${layout.name}`}
        >
          {layout.name}
        </Link>
        <p className="text-sm tabular-nums text-muted">
          {holesAndPar(layout)} · {layout.roundCount === 0 ? "no rounds yet" : `played in ${roundsWord(layout.roundCount)}`}
        </p>
      </div>
      {layout.roundCount === 0 ? <Delete what="layout" name={layout.name} id={layout.id} busy={busy} /> : null}
    </li>
  );
}

/**
 * A course on /admin/courses: its name and place, Edit, Add layout, and its layouts. A
 * course or layout that rounds play has no Delete (the server refuses it too, with 409).
 */
export function CoursePanel({ course, busy }: { course: CourseRow; busy: boolean }) {
  const { href } = useLeagueUrls();
  const played = course.layouts.reduce((sum, l) => sum + l.roundCount, 0);
  const titleId = `course-${course.id}`;
  return (
    <Panel
      title={course.name}
      titleId={titleId}
      actions={
        <div className="flex flex-wrap gap-2">
          <ButtonLink to={href(`/admin/courses/${course.id}`)} aria-label={`Edit course ${course.name}`}>
            Edit
          </ButtonLink>
          {played === 0 ? <Delete what="course" name={course.name} id={course.id} busy={busy} /> : null}
        </div>
      }
    >
      {course.place ? <p className="-mt-2 mb-2 text-sm text-muted">{course.place}</p> : null}
      {course.layouts.length === 0 ? (
        <p className="text-sm text-muted">No layouts yet: add one so rounds can play this course.</p>
      ) : (
        <ul aria-label={`Layouts of ${course.name}`} className="divide-y divide-line">
          {course.layouts.map((l) => (
            <LayoutItem key={l.id} layout={l} busy={busy} />
          ))}
        </ul>
      )}
      <div className="mt-3">
        <ButtonLink to={href(`/admin/courses/${course.id}/layouts/new`)} aria-label={`Add layout to ${course.name}`}>
          Add layout
        </ButtonLink>
      </div>
    </Panel>
  );
}
