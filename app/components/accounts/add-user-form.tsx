import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { NewPasswordFields } from "./new-password-fields";
import { FormAlert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Panel } from "~/components/ui/panel";
import { CheckboxFormField, FormField, useFocusFirstInvalid } from "~/components/ui/form-field";
import { usePasswordPair } from "~/hooks/use-password-pair";
import type { FormOutcome } from "~/lib/shared/form-data";

/** The admin's 'Add user' form (over POST /api/admin/user/add): the password rules tick live. */
export function AddUserForm() {
  const fetcher = useFetcher<FormOutcome>();
  const form = useRef<HTMLFormElement>(null);
  const pair = usePasswordPair();
  const outcome = fetcher.state === "idle" ? fetcher.data : undefined;
  const errors = outcome?.fieldErrors ?? {};
  useFocusFirstInvalid(form, errors);
  // Emptied once per added user (not on every render while the success shows).
  const emptied = useRef<FormOutcome | undefined>(undefined);
  const { reset } = pair;
  useEffect(() => {
    if (!outcome?.success || emptied.current === outcome) return;
    emptied.current = outcome;
    form.current?.reset();
    reset();
  }, [outcome, reset]);
  return (
    <Panel title="Add user" titleId="add-user-title">
      <fetcher.Form ref={form} method="post" noValidate className="grid gap-3 sm:grid-cols-2">
        <FormField label="Name" name="name" required autoComplete="off" error={errors.name} />
        <FormField label="Email" name="email" type="email" required autoComplete="off" error={errors.email} />
        <NewPasswordFields pair={pair} errors={errors} />
        <CheckboxFormField label="Admin" name="isAdmin" hint="An admin runs the league: rounds, money, users." />
        <div className="sm:col-span-2 space-y-2">
          <FormAlert message={outcome?.formError} />
          <FormAlert tone="success" message={outcome?.success} />
          <Button type="submit" disabled={fetcher.state !== "idle"}>
            {fetcher.state !== "idle" ? "Adding…" : "Add user"}
          </Button>
        </div>
      </fetcher.Form>
    </Panel>
  );
}
