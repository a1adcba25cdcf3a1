import { useEffect, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { CheckboxField, Field, SelectField } from "~/components/ui/field";
import { useFormResult } from "~/hooks/use-form-result";
import { usePlayerSearch } from "~/hooks/use-player-search";
import type { PlayerHit } from "~/lib/api-answers";
import { MAX_SEARCH_LENGTH, MIN_SEARCH_LENGTH, SEARCH_TOO_LONG } from "~/lib/constants";
import { DivisionOptions } from "~/components/division-options";
import { formatCents } from "~/lib/money";
import { fullName, splitPlayerName } from "~/lib/player-name";

type Choice = { kind: "player"; hit: PlayerHit } | { kind: "new"; firstName: string; lastName: string };

const option =
  "flex min-h-11 w-full items-center justify-between gap-3 rounded-md px-3 py-2 text-left hover:bg-brand-50 focus-visible:bg-brand-50";

/** Search (3+ characters, debounced), players already entered left out, then 'Add player: {text}'. */
export function AddEntry({
  entered,
  creditCapCents,
  divisions,
}: {
  roundId: number;
  entered: number[];
  creditCapCents: number;
  /** The league's divisions (its settings), offered first. */
  divisions: readonly string[];
}) {
  const [text, setText] = useState("");
  const [choice, setChoice] = useState<Choice | null>(null);
  const { q, hits, state } = usePlayerSearch(choice ? "" : text, entered);
  const { success, fieldErrors, result } = useFormResult();
  const busy = useNavigation().state === "submitting";
  const search = useRef<HTMLInputElement>(null);
  const division = useRef<HTMLSelectElement>(null);

  // An entry added: clear the form for the next player.
  useEffect(() => {
    if (!success || result?.fieldErrors) return;
    setChoice(null);
    setText("");
  }, [success, result]);
  useEffect(() => {
    if (choice) division.current?.focus();
  }, [choice]);

  const typed = splitPlayerName(q);
  const name = choice ? fullName(choice.kind === "player" ? choice.hit : choice) : "";
  // An admin's search always has the balances (null only where the setting hides them from others).
  const balanceCents = choice?.kind === "player" ? (choice.hit.balanceCents ?? 0) : 0;
  const suggestion = Math.min(Math.max(0, balanceCents), creditCapCents);
  return (
    <Card>
      <h2 className="font-display text-xl font-semibold">Add a player</h2>
      {choice ? (
        <Form method="post" className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-4 lg:items-end" aria-label="Add an entry">
          <input type="hidden" name="intent" value="add" />
          {choice.kind === "player" ? (
            <input type="hidden" name="player" value={choice.hit.id} />
          ) : (
            <>
              <input type="hidden" name="newFirstName" value={choice.firstName} />
              <input type="hidden" name="newLastName" value={choice.lastName} />
            </>
          )}
          <div className="sm:col-span-2 lg:col-span-4">
            <p className="font-medium">
              {name} {choice.kind === "new" ? <span className="text-sm text-muted">(new player)</span> : null}
              {choice.kind === "player" ? <span className="text-sm text-muted"> · balance {formatCents(balanceCents)}</span> : null}
            </p>
            {fieldErrors.player ? <p className="text-sm font-medium text-danger-700">{fieldErrors.player}</p> : null}
            <Button
              variant="quiet"
              size="sm"
              onClick={() => {
                setChoice(null);
                setTimeout(() => search.current?.focus(), 0);
              }}
            >
              Choose another player
            </Button>
          </div>
          <SelectField
            ref={division}
            label="Division"
            name="division"
            required
            defaultValue={choice.kind === "player" ? choice.hit.division : ""}
            error={fieldErrors.division}
          >
            <option value="">Choose…</option>
            <DivisionOptions league={divisions} />
          </SelectField>
          <Field
            label="Credit used"
            name="credit_used"
            inputMode="decimal"
            defaultValue="0.00"
            error={fieldErrors.credit_used}
            hint={suggestion > 0 ? `Up to ${formatCents(suggestion)} of credit available` : undefined}
          />
          <div>
            <input type="hidden" name="ace" value="0" />
            <CheckboxField label="Ace fund" name="ace" value="1" defaultChecked />
          </div>
          <Button type="submit" disabled={busy}>
            {busy ? "Adding…" : "Add to round"}
          </Button>
        </Form>
      ) : (
        <div className="mt-3 space-y-2">
          <Field
            ref={search}
            label="Find a player"
            type="search"
            autoComplete="off"
            value={text}
            maxLength={MAX_SEARCH_LENGTH}
            onChange={(e) => setText(e.target.value)}
            hint={`Type at least ${MIN_SEARCH_LENGTH} characters of a name; players already in this round are left out.`}
          />
          <div aria-live="polite">
            {state === "searching" ? <p className="text-sm text-muted">Searching…</p> : null}
            {state === "error" ? <Alert tone="error">error — the player search failed. Try again.</Alert> : null}
            {state === "tooLong" ? <Alert tone="error">{SEARCH_TOO_LONG}</Alert> : null}
          </div>
          {state === "done" ? (
            <ul aria-label="Players found" className="divide-y divide-line rounded-md border border-line">
              {hits.map((hit) => (
                <li key={hit.id}>
                  <button type="button" className={option} onClick={() => setChoice({ kind: "player", hit })}>
                    <span className="font-medium">{fullName(hit)}</span>
                    <span className="text-sm text-muted">
                      {hit.division}
                      {hit.balanceCents === null ? null : ` · ${formatCents(hit.balanceCents)}`}
                    </span>
                  </button>
                </li>
              ))}
              <li>
                <button
                  type="button"
                  className={`${option} font-medium text-brand-800`}
                  onClick={() => setChoice({ kind: "new", ...typed })}
                >
                  Add player: {q}
                </button>
              </li>
            </ul>
          ) : null}
        </div>
      )}
    </Card>
  );
}
