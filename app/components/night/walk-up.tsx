import { useEffect, useState } from "react";
import { NightResult, useNightAction } from "./night-action";
import { newRequestKey } from "~/lib/request-key";
import { type PlayerChoice, PlayerPicker } from "~/components/entries/player-picker";
import { DivisionOptions } from "~/components/division-options";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { CheckboxField, Field, SelectField } from "~/components/ui/field";
import { centsInput, formatCents } from "~/lib/money";
import { fullName } from "~/lib/player-name";

/**
 * Someone who shows up at the course: found by name (or a new record), with their
 * division and ace fund, and the cash they paid. One post enters them, records the cash
 * and checks them in; its request key stays until it is done, so a Retry adds nobody twice.
 */
export function WalkUp({
  entered,
  divisions,
  priceCents,
  aceCents,
  closed,
}: {
  entered: number[];
  divisions: string[];
  priceCents: number;
  aceCents: number;
  closed: boolean;
}) {
  const action = useNightAction();
  const [choice, setChoice] = useState<PlayerChoice | null>(null);
  const [key, setKey] = useState(newRequestKey);
  const done = action.answer?.success;
  useEffect(() => {
    if (!done) return;
    setChoice(null);
    setKey(newRequestKey());
  }, [done]);
  const errors = action.answer?.fieldErrors ?? {};
  const known = choice?.kind === "player" ? choice.hit : null;
  return (
    <Card title="Add a walk-up" titleId="walk-up-title" className="print:hidden">
      {choice ? (
        <form method="post" noValidate onSubmit={action.onSubmit} className="space-y-3" aria-labelledby="walk-up-title">
          <input type="hidden" name="intent" value="walkUp" />
          <input type="hidden" name="request_key" value={key} />
          {known ? (
            <input type="hidden" name="player" value={known.id} />
          ) : (
            <>
              <input type="hidden" name="newFirstName" value={choice.kind === "new" ? choice.firstName : ""} />
              <input type="hidden" name="newLastName" value={choice.kind === "new" ? choice.lastName : ""} />
            </>
          )}
          <p className="font-medium">
            {fullName(known ?? (choice as { firstName: string; lastName: string }))}{" "}
            <span className="text-sm text-muted">
              {known ? (known.balanceCents === null ? "" : `· credit ${formatCents(known.balanceCents)}`) : "(new player)"}
            </span>
          </p>
          {errors.player ? <p className="text-sm font-medium text-danger-700">{errors.player}</p> : null}
          <Button variant="quiet" size="sm" onClick={() => setChoice(null)}>
            Choose another player
          </Button>
          {known ? null : <Field label="PDGA number (optional)" name="pdga" inputMode="numeric" maxLength={7} error={errors.pdga} />}
          <SelectField label="Division" name="division" defaultValue={known?.division ?? ""} error={errors.division}>
            <option value="">Choose…</option>
            <DivisionOptions league={divisions} />
          </SelectField>
          <input type="hidden" name="ace" value="0" />
          <CheckboxField label={`Ace fund (${formatCents(aceCents)})`} name="ace" value="1" defaultChecked />
          <CheckboxField label="Over the cap" name="over_cap" hint="Enter them even when the round or their division is full." />
          <Field
            label="Cash taken"
            name="amount"
            inputMode="decimal"
            defaultValue={centsInput(priceCents + aceCents)}
            hint={`The entry is ${formatCents(priceCents)}, ${formatCents(priceCents + aceCents)} with the ace fund.`}
            error={errors.amount}
          />
          <CheckboxField label="More than owed" name="more_than_owed" hint="Cash above the entry's price: the books check then lists it." />
          <Field label="Note (optional)" name="note" maxLength={200} error={errors.note} />
          <NightResult action={action} fieldsShown />
          <Button type="submit" disabled={action.busy || closed}>
            {action.busy ? "Adding…" : "Add walk-up"}
          </Button>
        </form>
      ) : (
        <div className="space-y-2">
          <NightResult action={action} />
          <PlayerPicker label="Find the player" exclude={entered} onChoose={setChoice} />
        </div>
      )}
    </Card>
  );
}
