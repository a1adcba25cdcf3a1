import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { FormAlert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Panel } from "~/components/ui/panel";
import { FormField, SelectFormField } from "~/components/ui/form-field";
import type { SimplePlayer } from "~/.server/services/players/players";
import type { FormOutcome } from "~/lib/shared/form-data";

/** The admin's Add transfer form: date and amount required; an empty side is the league. */
export function TransferForm({ players, today }: { players: SimplePlayer[]; today: string }) {
  const form = useRef<HTMLFormElement>(null);
  // Its own fetcher: the form's outcome stays with the form, the table's with the page.
  const fetcher = useFetcher<FormOutcome>();
  const outcome = fetcher.state === "idle" ? fetcher.data : undefined;
  const busy = fetcher.state !== "idle";
  const errors = outcome?.fieldErrors ?? {};
  useEffect(() => {
    if (outcome?.success) form.current?.reset();
  }, [outcome]);
  const options = players.map((p) => (
    <option key={p.id} value={p.id}>
      {p.lastName}, {p.firstName}
    </option>
  ));
  return (
    <Panel title="Add transfer" titleId="add-transfer">
      <fetcher.Form ref={form} method="post" noValidate className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <input type="hidden" name="intent" value="addTransfer" />
        <FormField label="Date" name="date" type="date" required defaultValue={today} error={errors.date} />
        <FormField label="Amount" name="amount" inputMode="decimal" required placeholder="12.50" error={errors.amount} />
        <FormField label="Description" name="description" maxLength={200} error={errors.description} />
        <SelectFormField label="From" name="fromPlayer" hint="Empty: the league (cash bought in)" error={errors.fromPlayer}>
          <option value="">League</option>
          {options}
        </SelectFormField>
        <SelectFormField label="To" name="toPlayer" hint="Empty: the league (cashed out)" error={errors.toPlayer}>
          <option value="">League</option>
          {options}
        </SelectFormField>
        <div className="flex items-end">
          <Button type="submit" disabled={busy} block>
            {busy ? "Adding…" : "Add transfer"}
          </Button>
        </div>
        <div className="sm:col-span-2 lg:col-span-3">
          <FormAlert message={outcome?.formError} />
          <FormAlert tone="success" message={outcome?.success} />
        </div>
      </fetcher.Form>
    </Panel>
  );
}
