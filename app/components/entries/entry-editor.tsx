import { type FormEvent, useEffect, useRef } from "react";
import { Form, useFetcher, useNavigation, useSubmit } from "react-router";
import { EntryRow, draftLanded, draftOf, scoreOf } from "./entry-row";
import type { PlayEntry } from "~/.server/services/entries/entries-screen";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { SaveBar } from "~/components/ui/save-bar";
import { EmptyState } from "~/components/ui/empty-state";
import { DataTable, GroupRow, th } from "~/components/ui/table";
import { useFormResult } from "~/hooks/use-form-result";
import { useRowEdits } from "~/hooks/use-row-edits";
import { groupByDivision } from "~/lib/players/divisions";
import { payoutsByEntry } from "~/lib/rounds/payouts";
import { payoutPreview } from "~/lib/rounds/payout-preview";

const FIELDS = ["division", "ace", "score", "payoutAdjust", "credit_added", "credit_used"] as const;

/**
 * The round's entries, grouped by division, every field editable in place. Payouts are
 * computed live from the scores typed (the server stores the same numbers on save). With
 * JavaScript only the changed rows are posted, so an edit never overwrites another
 * admin's change to a row this admin did not touch; each row posts the version it was
 * read at, so an edit of a row someone changed since is refused (ADR 20). The inputs are
 * the loader's values under the admin's unsaved edits (useRowEdits): after any action on
 * the page they show what the server holds.
 */
export function EntryEditor({
  round,
  entries,
  creditCapCents,
  divisions,
}: {
  round: { payoutCents: number };
  entries: PlayEntry[];
  creditCapCents: number;
  /** The league's divisions (its settings), offered first in each row's select. */
  divisions: readonly string[];
}) {
  const edits = useRowEdits(entries, draftOf, draftLanded);
  const { fieldErrors } = useFormResult();
  const submit = useSubmit();
  const busy = useNavigation().state === "submitting";
  // Which entry each posted row was: field errors come back by posted index.
  const posted = useRef(entries.map((e) => e.id));
  // As the server will store it: a score typed for a DNF entry clears the DNF (ADR 26); a
  // doubles round's teams are placed and paid as one (ADR 31), as Credit payouts credits them.
  const live = entries.map((e) => {
    const score = scoreOf(edits.valueOf(e));
    return { id: e.id, name: e.name, team: e.team, division: edits.valueOf(e).division, score, dnf: e.dnf && score === 0 };
  });
  const preview = payoutPreview(live, round.payoutCents);
  const payouts = preview.byEntry;
  const dirty = edits.dirty;

  useStoredPayoutsCheck(entries, round.payoutCents);

  const byId = new Map(entries.map((e) => [e.id, e]));
  const detailOf = new Map(preview.groups.map((g) => [g.title, g.detail]));
  const groups =
    preview.field === null
      ? groupByDivision(entries).map(([division, list]) => ({ key: division, title: division, detail: detailOf.get(division) ?? "", list }))
      : preview.groups.map((g) => ({ ...g, list: g.entryIds.flatMap((id) => byId.get(id) ?? []) }));
  const displayOrder = groups.flatMap((g) => g.list);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData();
    data.set("intent", "save");
    dirty.forEach((e, i) => {
      const d = edits.valueOf(e);
      data.set(`rows[${i}].id`, String(e.id));
      data.set(`rows[${i}].version`, String(e.version));
      for (const f of FIELDS) data.set(`rows[${i}].${f}`, f === "ace" ? (d.ace ? "1" : "0") : String(d[f]));
    });
    posted.current = dirty.map((e) => e.id);
    submit(data, { method: "post" });
  }

  const errorFor = (id: number, field: string) => {
    const k = posted.current.indexOf(id);
    return k < 0 ? undefined : fieldErrors[`rows[${k}].${field}`];
  };

  if (entries.length === 0) return <EmptyState title="No entries yet.">Add players above; they appear here by division.</EmptyState>;
  return (
    <Form method="post" onSubmit={onSubmit} aria-label="Entries" className="space-y-3">
      <input type="hidden" name="intent" value="save" />
      {edits.replaced.length ? (
        <Alert tone="warning">
          {edits.replaced.map((e) => e.name).join(", ")}: changed on the server before you saved, so your unsaved edits there were replaced
          by the new values.
        </Alert>
      ) : null}
      {preview.field ? <p className="text-sm font-medium">{preview.field}</p> : null}
      <DataTable
        caption={preview.field ? "Entries by team" : "Entries by division"}
        pinFirst
        stack="dense"
        head={
          <tr>
            {["Player", "Division", "Ace", "Score", "Place", "Payout", "Adjust", "Credit added", "Credit used", "Paid", ""].map((h, i) => (
              <th key={h || i} className={th}>
                {h || <span className="sr-only">Actions</span>}
              </th>
            ))}
          </tr>
        }
      >
        {groups.map(({ key, title, detail, list }) => {
          return [
            <GroupRow key={`g-${key}`} colSpan={11} title={title} detail={detail} />,
            ...list.map((e) => (
              <EntryRow
                key={e.id}
                index={displayOrder.indexOf(e)}
                entry={e}
                draft={edits.valueOf(e)}
                changed={edits.isDirty(e)}
                computed={payouts.get(e.id) ?? { payoutCents: 0, result: null }}
                creditCapCents={creditCapCents}
                divisions={divisions}
                errorFor={(field) => errorFor(e.id, field)}
                onChange={(next) => edits.set(e, next)}
              />
            )),
          ];
        })}
      </DataTable>
      <SaveBar>
        <Button type="submit" disabled={busy}>
          {busy ? "Saving…" : "Save changes"}
        </Button>
        <span className="text-sm text-muted" aria-live="polite">
          {dirty.length ? `${dirty.length} ${dirty.length === 1 ? "entry" : "entries"} changed` : "No unsaved changes"}
        </span>
      </SaveBar>
    </Form>
  );
}

/**
 * When the payouts the page computes from the stored scores differ from the
 * stored ones (data from before the server kept them), ask the server to store them.
 */
function useStoredPayoutsCheck(entries: PlayEntry[], payoutCents: number) {
  const fetcher = useFetcher();
  const asked = useRef(false);
  const { submit } = fetcher;
  useEffect(() => {
    if (asked.current) return;
    const computed = payoutsByEntry(entries, payoutCents);
    const differs = entries.some((e) => {
      const c = computed.get(e.id);
      return c && (c.payoutCents !== e.payoutCents || c.result !== e.result);
    });
    if (!differs) return;
    asked.current = true;
    submit({ intent: "syncPayouts" }, { method: "post" });
  }, [entries, payoutCents, submit]);
}
