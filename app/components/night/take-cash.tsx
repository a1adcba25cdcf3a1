import { useEffect, useState } from "react";
import { NightResult, useNightAction } from "./night-action";
import type { NightEntry } from "~/.server/services/night/night-screen";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { MoreThanOwed } from "~/components/entries/void-cash";
import { centsInput, formatCents } from "~/lib/shared/money";

import { newRequestKey } from "~/lib/money/request-key";

/**
 * Cash taken for an entry, under its row: the amount (what it owes, to start with) and a
 * note. The form's request key stays the same until the cash is recorded, so a Retry after
 * a lost connection never records it twice; a recorded one starts a fresh form.
 */
export function TakeCash({ entry, onDone }: { entry: NightEntry; onDone: () => void }) {
  const action = useNightAction();
  const [key, setKey] = useState(newRequestKey);
  const errors = action.answer?.fieldErrors ?? {};
  const owed = entry.money.owedCents;
  const recorded = action.answer?.success;
  useEffect(() => {
    if (recorded) setKey(newRequestKey());
  }, [recorded]);
  if (recorded) {
    return (
      <div className="space-y-2">
        <NightResult action={action} />
        <Button variant="secondary" onClick={onDone}>
          Close
        </Button>
      </div>
    );
  }
  return (
    <form
      method="post"
      noValidate
      onSubmit={action.onSubmit}
      className="space-y-3 rounded-lg border border-line p-3"
      aria-label={`Cash from ${entry.name}`}
    >
      <input type="hidden" name="intent" value="cash" />
      <input type="hidden" name="entry_id" value={entry.id} />
      <input type="hidden" name="request_key" value={key} />
      <FormField
        label="Amount"
        name="amount"
        inputMode="decimal"
        defaultValue={centsInput(owed > 0 ? owed : entry.priceCents)}
        hint={owed > 0 ? `The entry owes ${formatCents(owed)}.` : "The entry owes nothing."}
        error={errors.amount}
      />
      <MoreThanOwed />
      <FormField label="Note (optional)" name="note" maxLength={200} error={errors.note} />
      <NightResult action={action} fieldsShown />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={action.busy}>
          {action.busy ? "Recording…" : "Record cash"}
        </Button>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
