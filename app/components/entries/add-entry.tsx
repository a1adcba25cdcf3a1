import { useEffect, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Panel } from "~/components/ui/panel";
import { CheckboxFormField, FormField, SelectFormField } from "~/components/ui/form-field";
import { useFormResult } from "~/hooks/use-form-result";
import { DivisionOptions } from "~/components/players/division-options";
import { formatCents } from "~/lib/shared/money";
import { fullName } from "~/lib/players/player-name";
import { type PlayerChoice, PlayerPicker } from "./player-picker";

/** A player chosen with the search (player-picker.tsx), then their division, credit used and ace fund. */
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
  const [choice, setChoice] = useState<PlayerChoice | null>(null);
  const { success, fieldErrors, result } = useFormResult();
  const busy = useNavigation().state === "submitting";
  const search = useRef<HTMLInputElement>(null);
  const division = useRef<HTMLSelectElement>(null);

  // An entry added: clear the form for the next player.
  useEffect(() => {
    if (!success || result?.fieldErrors) return;
    setChoice(null);
  }, [success, result]);
  useEffect(() => {
    if (choice) division.current?.focus();
  }, [choice]);

  const name = choice ? fullName(choice.kind === "player" ? choice.hit : choice) : "";
  // An admin's search always has the balances (null only where the setting hides them from others).
  const balanceCents = choice?.kind === "player" ? (choice.hit.balanceCents ?? 0) : 0;
  const suggestion = Math.min(Math.max(0, balanceCents), creditCapCents);
  return (
    <Panel>
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
          <SelectFormField
            ref={division}
            label="Division"
            name="division"
            required
            defaultValue={choice.kind === "player" ? choice.hit.division : ""}
            error={fieldErrors.division}
          >
            <option value="">Choose…</option>
            <DivisionOptions league={divisions} />
          </SelectFormField>
          <FormField
            label="Credit used"
            name="credit_used"
            inputMode="decimal"
            defaultValue="0.00"
            error={fieldErrors.credit_used}
            hint={suggestion > 0 ? `Up to ${formatCents(suggestion)} of credit available` : undefined}
          />
          <div>
            <input type="hidden" name="ace" value="0" />
            <CheckboxFormField label="Ace fund" name="ace" value="1" defaultChecked />
          </div>
          <CheckboxFormField label="Over the cap" name="over_cap" hint="Enter them even when the round or their division is full." />
          <Button type="submit" disabled={busy}>
            {busy ? "Adding…" : "Add to round"}
          </Button>
        </Form>
      ) : (
        <div className="mt-3">
          <PlayerPicker inputRef={search} exclude={entered} onChoose={setChoice} />
        </div>
      )}
    </Panel>
  );
}
