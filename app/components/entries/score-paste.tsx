import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { TextAreaFormField } from "~/components/ui/form-field";
import { DataTable, stackWide, td, tdNum, th } from "~/components/ui/table";
import { type MatchedLine, matchScoreLines } from "~/lib/players/name-match";
import { type ScorePaste as Parsed, parseScoreText } from "~/lib/rounds/score-paste";
import { fullName } from "~/lib/players/player-name";

/** An entry as the scores page shows it; `version` as read, sent back with its new score (ADR 20). */
export type ScoreEntry = { id: number; firstName: string; lastName: string; division: string; score: number; version: number };

const STATUS: Record<MatchedLine["status"], string> = {
  matched: "Matched",
  unknown: "Unknown name",
  duplicate: "Name appears twice",
  ambiguous: "Two players share this name",
};

/**
 * Paste import: the text is read in the browser, each line matched to an entry,
 * and shown for the admin to fix or skip; nothing is saved until "Save scores", which
 * posts the chosen scores as one batch (the same form intent as typing them).
 */
export function ScorePaste({ entries }: { entries: ScoreEntry[] }) {
  const [text, setText] = useState("");
  const [preview, setPreview] = useState<{ parsed: Parsed; lines: MatchedLine[]; unmatched: ScoreEntry[] } | null>(null);
  const [picks, setPicks] = useState<Record<number, string>>({});
  const busy = useNavigation().state === "submitting";
  const byId = new Map(entries.map((e) => [e.id, e]));
  const label = (e: ScoreEntry) => `${fullName(e)} (${e.division})`;

  function read() {
    const parsed = parseScoreText(text);
    const { lines, unmatchedEntries } = matchScoreLines(parsed.rows, entries);
    setPreview({ parsed, lines, unmatched: unmatchedEntries.map((e) => byId.get(e.id)).filter((e): e is ScoreEntry => !!e) });
    // Matched lines start chosen; a duplicate, ambiguous or unknown line waits for the admin.
    setPicks(Object.fromEntries(lines.map((l) => [l.line, l.status === "matched" ? String(l.entryId) : ""])));
  }

  const chosen = preview ? preview.lines.filter((l) => picks[l.line]) : [];
  const counts = new Map<string, number>();
  for (const l of chosen) counts.set(picks[l.line] as string, (counts.get(picks[l.line] as string) ?? 0) + 1);
  const twice = [...counts].filter(([, n]) => n > 1).map(([id]) => byId.get(Number(id)));

  return (
    <section aria-labelledby="paste-heading" className="space-y-3">
      <h2 id="paste-heading" className="font-display text-xl font-semibold">
        Paste scores
      </h2>
      <TextAreaFormField
        label="Scores to paste"
        rows={6}
        value={text}
        onChange={(e) => setText(e.target.value)}
        hint='One player per line: "First Last 54", "Last, First 54", rows copied from a spreadsheet, or a UDisc scorecard export (CSV).'
      />
      <Button variant="secondary" onClick={read} disabled={!text.trim()}>
        Preview
      </Button>
      {preview ? (
        <Form method="post" className="space-y-3" aria-label="Confirm pasted scores">
          <input type="hidden" name="intent" value="save" />
          {chosen.map((l, i) => (
            <span key={l.line} hidden>
              <input type="hidden" name={`rows[${i}].id`} value={picks[l.line]} />
              <input type="hidden" name={`rows[${i}].score`} value={l.score} />
              <input type="hidden" name={`rows[${i}].version`} value={byId.get(Number(picks[l.line]))?.version ?? ""} />
            </span>
          ))}
          <p className="text-sm" aria-live="polite">
            Read {preview.lines.length} {preview.lines.length === 1 ? "score" : "scores"} (
            {preview.parsed.format === "udisc-csv" ? "UDisc export" : preview.parsed.format === "tsv" ? "spreadsheet rows" : "lines"});{" "}
            {chosen.length} will be saved.
          </p>
          {preview.lines.length ? (
            <DataTable
              caption="Pasted scores"
              stack
              head={
                <tr>
                  <th className={th}>Line</th>
                  <th className={th}>Name read</th>
                  <th className={`${th} text-right`}>Score</th>
                  <th className={th}>Status</th>
                  <th className={th}>Save as</th>
                </tr>
              }
            >
              {preview.lines.map((l) => (
                <tr key={l.line} className={l.status === "matched" ? undefined : "bg-warn-50"}>
                  <td className={tdNum} data-label="Line">
                    {l.line}
                  </td>
                  <td className={td} data-label="Name read">
                    {l.name}
                  </td>
                  <td className={tdNum} data-label="Score">
                    {l.score}
                  </td>
                  <td className={td} data-label="Status">
                    {STATUS[l.status]}
                  </td>
                  <td className={`${td} ${stackWide}`} data-label="Save as">
                    <select
                      aria-label={`Save line ${l.line} (${l.name}) as`}
                      value={picks[l.line] ?? ""}
                      onChange={(e) => setPicks((p) => ({ ...p, [l.line]: e.target.value }))}
                      className="min-h-11 max-w-full rounded-md border border-slate-400 bg-surface px-2"
                    >
                      <option value="">Skip this line</option>
                      {(l.candidates.length ? l.candidates.map((id) => byId.get(id)).filter((e): e is ScoreEntry => !!e) : entries).map(
                        (e) => (
                          <option key={e.id} value={e.id}>
                            {label(e)}
                          </option>
                        ),
                      )}
                    </select>
                  </td>
                </tr>
              ))}
            </DataTable>
          ) : null}
          {preview.parsed.junk.length ? (
            <Alert
              tone="warning"
              title={`${preview.parsed.junk.length} ${preview.parsed.junk.length === 1 ? "line was" : "lines were"} not read`}
            >
              <ul className="list-disc pl-5">
                {preview.parsed.junk.slice(0, 20).map((j) => (
                  <li key={j.line}>
                    Line {j.line}: {j.reason} <span className="text-muted">“{j.raw.slice(0, 60)}”</span>
                  </li>
                ))}
              </ul>
            </Alert>
          ) : null}
          {preview.unmatched.length ? <p className="text-sm">No score pasted for: {preview.unmatched.map(label).join(", ")}.</p> : null}
          {twice.length ? (
            <Alert tone="error">
              Two lines would save a score for {twice.map((e) => (e ? label(e) : "")).join(", ")}: skip one of them.
            </Alert>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={busy || chosen.length === 0 || twice.length > 0}>
              {busy ? "Saving…" : `Save ${chosen.length} ${chosen.length === 1 ? "score" : "scores"}`}
            </Button>
            <Button variant="quiet" onClick={() => setPreview(null)}>
              Cancel
            </Button>
          </div>
        </Form>
      ) : null}
    </section>
  );
}
