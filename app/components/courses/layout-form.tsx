import { useRef, useState } from "react";
import { Form } from "react-router";
import { HoleGrid } from "./hole-grid";
import { FormAlert } from "~/components/ui/alert";
import { SaveRow } from "~/components/ui/button";
import { Panel } from "~/components/ui/panel";
import { FormField, useFocusFirstInvalid } from "~/components/ui/form-field";
import { HOLE_COUNT, type HoleInputs, type LayoutInputs, blankHoleInputs, fitHoles } from "~/lib/courses/layouts";
import { useLeagueUrls } from "~/hooks/use-league-urls";

/** Optional extras of every hole, folded away unless they hold something (or an error). */
function Extra({ summary, open, children }: { summary: string; open: boolean; children: React.ReactNode }) {
  return (
    <details open={open} className="rounded-lg border border-line px-3 py-2">
      {/* Block, not flex: a flex summary loses its disclosure triangle. py-3 keeps it a 44 px target. */}
      <summary className="cursor-pointer py-3 text-sm font-semibold text-brand-800">{summary}</summary>
      <div className="pb-2 pt-1">{children}</div>
    </details>
  );
}

/** The optional values of every hole, each folded away under its summary. */
const EXTRAS = [
  {
    field: "distance_feet",
    summary: "Distances in feet (optional)",
    legend: "Distance of each hole, in feet",
    what: "distance in feet",
    columns: "grid-cols-4 sm:grid-cols-6 lg:grid-cols-9",
    maxLength: 4,
  },
  {
    field: "second_card_order",
    summary: "Second cards in a shotgun start (optional)",
    legend: "Order in which holes take a second card",
    hint: "With more scorecards than holes, the extra scorecards start on these holes: 1 first, then 2, and so on. Leave the others empty.",
    what: "second card",
    columns: "grid-cols-6 sm:grid-cols-9",
    maxLength: 2,
  },
] as const;

const holeCountOf = (text: string): number | null => {
  const n = Number(text);
  return /^\s*\d{1,2}\s*$/.test(text) && n >= HOLE_COUNT.min && n <= HOLE_COUNT.max ? n : null;
};

/**
 * A layout's form: its name, how many holes, then a compact grid of pars, and, folded
 * away, the distances and the second-card order. With JavaScript the grids follow the
 * hole count as it is typed and the total par adds up live; without it, the server fits
 * the holes to the count on save (new ones par 3). Errors come from the server either way.
 */
export function LayoutForm({
  inputs,
  errors,
  formError,
  version,
  busy,
}: {
  inputs: LayoutInputs;
  errors: Record<string, string>;
  formError: string | null;
  /** A stored layout's version as read (ADR 20); none for a new layout. */
  version: number | null;
  busy: boolean;
}) {
  const { href } = useLeagueUrls();
  const [count, setCount] = useState(inputs.hole_count);
  const [holes, setHoles] = useState(inputs.holes);
  const form = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(form, errors);
  const hasAny = (field: keyof HoleInputs) => inputs.holes.some((h, i) => h[field] !== "" || errors[`holes[${i}].${field}`] !== undefined);
  const [extrasOpen] = useState(() => ({ distance_feet: hasAny("distance_feet"), second_card_order: hasAny("second_card_order") }));
  const edit = (field: keyof HoleInputs) => (hole: number, value: string) =>
    setHoles((all) => all.map((h, i) => (i === hole ? { ...h, [field]: value } : h)));
  const total = holes.reduce((sum, h) => sum + (/^\d$/.test(h.par.trim()) ? Number(h.par) : 0), 0);
  return (
    <Panel>
      <Form method="post" noValidate ref={form} className="space-y-5">
        {version === null ? null : <input type="hidden" name="version" value={version} />}
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            label="Layout name"
            name="name"
            required
            maxLength={60}
            defaultValue={inputs.name}
            error={errors.name}
            autoComplete="off"
          />
          <FormField
            label="Holes"
            name="hole_count"
            inputMode="numeric"
            maxLength={2}
            value={count}
            onChange={(e) => {
              setCount(e.target.value);
              const n = holeCountOf(e.target.value);
              if (n !== null) setHoles((all) => fitHoles(all, n, blankHoleInputs));
            }}
            error={errors.hole_count}
            hint={`${HOLE_COUNT.min} to ${HOLE_COUNT.max}. More holes are added at par 3; fewer drop the last ones.`}
          />
        </div>
        <HoleGrid
          legend={
            <>
              Par per hole <span className="ml-2 font-normal text-muted">Total par {total}</span>
            </>
          }
          field="par"
          what="par"
          holes={holes}
          errors={errors}
          onChange={edit("par")}
          columns="grid-cols-6 sm:grid-cols-9"
          maxLength={1}
        />
        {EXTRAS.map((x) => (
          <Extra key={x.field} summary={x.summary} open={extrasOpen[x.field]}>
            <HoleGrid {...x} legendHidden holes={holes} errors={errors} onChange={edit(x.field)} />
          </Extra>
        ))}
        <FormAlert message={formError} />
        <SaveRow cancelTo={href("/admin/courses")} busy={busy} label="Save layout" />
      </Form>
    </Panel>
  );
}
