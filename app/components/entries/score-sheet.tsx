import { type FormEvent, useRef } from "react";
import { Form, useNavigation, useSubmit } from "react-router";
import type { ScoreEntry } from "./score-paste";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { SaveBar } from "~/components/ui/save-bar";
import { DataTable, GroupRow, td, th } from "~/components/ui/table";
import { useFormResult } from "~/hooks/use-form-result";
import { useRowEdits } from "~/hooks/use-row-edits";
import { groupByDivision } from "~/lib/players/divisions";
import { fullName } from "~/lib/players/player-name";

const input =
  "min-h-11 w-24 rounded-md border border-slate-400 bg-surface px-2 py-1.5 text-right text-base tabular-nums aria-[invalid]:border-danger-700";

const stored = (e: ScoreEntry) => String(e.score);
const sameScore = (typed: string, saved: string) => typed.trim() === saved || Number(typed.trim()) === Number(saved);

/**
 * Typing scores: one input per entry by division; with JavaScript only the changed scores
 * are posted, each with the version of its entry as read (ADR 20). The inputs are the
 * server's scores under the admin's unsaved ones (useRowEdits), so a save or a paste
 * shows what the server holds.
 */
export function ScoreSheet({ entries }: { entries: ScoreEntry[] }) {
  const scores = useRowEdits(entries, stored, sameScore);
  const { fieldErrors } = useFormResult();
  const submit = useSubmit();
  const busy = useNavigation().state === "submitting";
  const ordered = groupByDivision(entries);
  const display = ordered.flatMap(([, list]) => list);
  const posted = useRef(display.map((e) => e.id));
  const dirty = display.filter((e) => scores.isDirty(e));

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData();
    data.set("intent", "save");
    dirty.forEach((e, i) => {
      data.set(`rows[${i}].id`, String(e.id));
      data.set(`rows[${i}].score`, scores.valueOf(e));
      data.set(`rows[${i}].version`, String(e.version));
    });
    posted.current = dirty.map((e) => e.id);
    submit(data, { method: "post" });
  }

  return (
    <Form method="post" onSubmit={onSubmit} aria-label="Type scores" className="space-y-3">
      <input type="hidden" name="intent" value="save" />
      {scores.replaced.length ? (
        <Alert tone="warning">
          {scores.replaced.map(fullName).join(", ")}: changed on the server before you saved, so your unsaved scores there were replaced by
          the new ones.
        </Alert>
      ) : null}
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
                    {fullName(e)}
                  </label>
                </td>
                <td className={`${td} text-right`}>
                  <input type="hidden" name={`rows[${i}].id`} value={e.id} />
                  <input type="hidden" name={`rows[${i}].version`} value={e.version} />
                  <input
                    id={`score-${e.id}`}
                    name={`rows[${i}].score`}
                    value={scores.valueOf(e)}
                    onChange={(ev) => scores.set(e, ev.target.value)}
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
      <SaveBar>
        <Button type="submit" disabled={busy}>
          {busy ? "Saving…" : "Save scores"}
        </Button>
        <span className="text-sm text-muted" aria-live="polite">
          {dirty.length ? `${dirty.length} ${dirty.length === 1 ? "score" : "scores"} changed` : "No unsaved changes"}
        </span>
      </SaveBar>
    </Form>
  );
}
