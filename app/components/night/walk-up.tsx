import { useState } from "react";
import { NightResult, useNightAction } from "./night-action";
import { useDone } from "./night-entries";
import { newRequestKey } from "~/lib/money/request-key";
import type { PlayerChoice } from "~/components/entries/player-picker";
import { DivisionOptions } from "~/components/players/division-options";
import { Button } from "~/components/ui/button";
import { Panel } from "~/components/ui/panel";
import { CheckboxFormField, FormField, SelectFormField } from "~/components/ui/form-field";
import { centsInput, formatCents } from "~/lib/shared/money";
import { fullName } from "~/lib/players/player-name";

/** What a walk-up costs: the entry, and the ace fund on top when they join it. */
export type WalkUpPrice = { entryCents: number; aceCents: number };

/**
 * A walk-up the desk's search chose (ADR 38): a known player paying another way than one tap,
 * or a new record. Their division and ace fund, what comes from their league credit and
 * the cash taken. One post enters them, records the payment and checks them in; its request
 * key is the form's, so a Retry adds nobody twice. What it did goes to "Done just now".
 */
export function WalkUp({
  choice,
  divisions,
  price,
  closed,
  onDone,
  onClose,
}: {
  choice: PlayerChoice;
  divisions: string[];
  price: WalkUpPrice;
  closed: boolean;
  onDone: (message: string) => void;
  onClose: () => void;
}) {
  const action = useNightAction();
  useDone(action, onDone);
  const [key] = useState(newRequestKey);
  const errors = action.answer?.fieldErrors ?? {};
  const known = choice.kind === "player" ? choice.hit : null;
  const name = fullName(known ?? (choice as { firstName: string; lastName: string }));
  const total = price.entryCents + price.aceCents;
  // A new player has no credit; a known one's covers what it can of the entry.
  const balance = known?.balanceCents ?? 0;
  const credit = Math.min(Math.max(0, balance), total);
  return (
    <Panel title="Add a walk-up" titleId="walk-up-title" className="print:hidden">
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
          {name}{" "}
          <span className="text-sm text-muted">
            {known ? (known.balanceCents === null ? "" : `· credit ${formatCents(known.balanceCents)}`) : "(new player)"}
          </span>
        </p>
        {errors.player ? <p className="text-sm font-medium text-danger-700">{errors.player}</p> : null}
        <Button variant="quiet" size="sm" onClick={onClose}>
          Choose another player
        </Button>
        {known ? null : <FormField label="PDGA number (optional)" name="pdga" inputMode="numeric" maxLength={7} error={errors.pdga} />}
        <SelectFormField label="Division" name="division" defaultValue={known?.division ?? ""} error={errors.division}>
          <option value="">Choose…</option>
          <DivisionOptions league={divisions} />
        </SelectFormField>
        <input type="hidden" name="ace" value="0" />
        <CheckboxFormField label={`Ace fund (${formatCents(price.aceCents)})`} name="ace" value="1" defaultChecked />
        <CheckboxFormField label="Over the cap" name="over_cap" hint="Enter them even when the round or their division is full." />
        <p className="text-sm text-muted">
          The entry is {formatCents(price.entryCents)}, {formatCents(total)} with the ace fund.
        </p>
        {balance > 0 ? (
          <FormField
            label="From credit"
            name="credit"
            inputMode="decimal"
            defaultValue={centsInput(credit)}
            hint={`${name} has ${formatCents(balance)} of credit.`}
            error={errors.credit}
          />
        ) : null}
        <FormField label="Cash taken" name="amount" inputMode="decimal" defaultValue={centsInput(total - credit)} error={errors.amount} />
        <CheckboxFormField
          label="More than owed"
          name="more_than_owed"
          hint="Cash above the entry's price: the books check then lists it."
        />
        <FormField label="Note (optional)" name="note" maxLength={200} error={errors.note} />
        {action.answer?.success ? null : <NightResult action={action} fieldsShown />}
        <Button type="submit" disabled={action.busy || closed}>
          {action.busy ? "Adding…" : "Add walk-up"}
        </Button>
      </form>
    </Panel>
  );
}
