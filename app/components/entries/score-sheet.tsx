import { type FormEvent, useRef, useState } from "react";
import { Form, useNavigation, useSubmit } from "react-router";
import type { ScoreEntry } from "./score-paste";
import { Button } from "~/components/ui/button";
import { DataTable, GroupRow, td, th } from "~/components/ui/table";
import { useFormResult } from "~/hooks/use-form-result";
import { groupByDivision } from "~/lib/divisions";

const input =
  "min-h-11 w-24 rounded-md border border-slate-400 bg-surface px-2 py-1.5 text-right text-base tabular-nums aria-[invalid]:border-danger-700";

/** Typing scores: one input per entry by division; with JavaScript only the changed scores are posted. */
export function ScoreSheet({ entries }: { entries: ScoreEntry[] }) {
  const [scores, setScores] = useState(() => new Map(entries.map((e) => [e.id, String(e.score)])));
  const { fieldErrors } = useFormResult();
  const submit = useSubmit();
  const busy = useNavigation().state === "submitting";
  const ordered = groupByDivision(entries);
  const display = ordered.flatMap(([, list]) => list);
  const posted = useRef(display.map((e) => e.id));
  const dirty = display.filter((e) => (scores.get(e.id) ?? "") !== String(e.score));

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData();
    data.set("intent", "save");
    dirty.forEach((e, i) => {
      data.set(`rows[${i}].id`, String(e.id));
      data.set(`rows[${i}].score`, scores.get(e.id) ?? "");
    });
    posted.current = dirty.map((e) => e.id);
    submit(data, { method: "post" });
  }

  return (
    <Form method="post" onSubmit={onSubmit} aria-label="Type scores" className="space-y-3">
      <input type="hidden" name="intent" value="save" />
      <DataTable
        caption="Scores by division"
        head={
          <tr>
            <th className={th}>Player</th>
            <th className={`${th} text-right`}>Score</th>
          </tr>
        }
      >
        {ordered.map(([division, list]) => [
          <GroupRow key={`g-${division}`} colSpan={2} title={division} detail={`${list.length}`} />,
          ...list.map((e) => {
            const k = posted.current.indexOf(e.id);
            const error = k < 0 ? undefined : fieldErrors[`rows[${k}].score`];
            const i = display.indexOf(e);
            return (
              <tr key={e.id}>
                <td className={td}>
                  <label htmlFor={`score-${e.id}`} className="font-medium">
                    {e.firstName} {e.lastName}
                  </label>
                </td>
                <td className={`${td} text-right`}>
                  <input type="hidden" name={`rows[${i}].id`} value={e.id} />
                  <input
                    id={`score-${e.id}`}
                    name={`rows[${i}].score`}
                    value={scores.get(e.id) ?? ""}
                    onChange={(ev) => setScores((m) => new Map(m).set(e.id, ev.target.value))}
                    inputMode="numeric"
                    aria-invalid={error ? true : undefined}
                    className={input}
                  />
                  {error ? <p className="mt-1 text-xs font-medium text-danger-700">{error}</p> : null}
                </td>
              </tr>
            );
          }),
        ])}
      </DataTable>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={busy}>
          {busy ? "Saving…" : "Save scores"}
        </Button>
        <span className="text-sm text-muted" aria-live="polite">
          {dirty.length ? `${dirty.length} ${dirty.length === 1 ? "score" : "scores"} changed` : "No unsaved changes"}
        </span>
      </div>
    </Form>
  );
}
