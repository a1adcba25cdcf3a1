import { type FormEvent, useRef, useState } from "react";
import { useFocusFirstInvalid } from "~/components/ui/form-field";
import { useFormResult } from "./use-form-result";
import type { FieldErrors, FormCheck } from "~/lib/shared/form-checks";

/**
 * The errors an account form shows, and its submit guard. On submit the browser checks
 * every field with the action's schema (`load` brings the check, app/lib/accounts/account-checks.ts,
 * from the first focus in the form on): if any fails, nothing is posted, every failing
 * field shows its error and focus goes to the first. `known` are errors the page already
 * knows (an email in use). Otherwise the post goes to the action, whose answer is the
 * word that counts: its field errors show (focus to the first), each until its field is
 * edited. Spread `form` on the <Form>.
 */
export function useFormChecks(load: () => Promise<FormCheck>, known: FieldErrors = {}) {
  const outcome = useFormResult();
  const { result, fieldErrors } = outcome;
  const ref = useRef<HTMLFormElement>(null);
  const [client, setClient] = useState<FieldErrors>({});
  // The fields edited since which answer: a new answer shows in full at once.
  const [edited, setEdited] = useState<{ answer: unknown; names: ReadonlySet<string> }>({ answer: undefined, names: new Set() });
  const check = useRef<{ ready?: FormCheck; loading?: Promise<unknown> }>({});
  useFocusFirstInvalid(ref, fieldErrors);

  const errors: FieldErrors = { ...client };
  const stale = edited.answer === result ? edited.names : new Set<string>();
  for (const [name, message] of Object.entries(fieldErrors)) if (!stale.has(name)) errors[name] ??= message;

  // Without the check (its code failed to load) the form posts unchecked: the action checks anyway.
  const loadCheck = () =>
    (check.current.loading ??= load().then(
      (ready) => (check.current.ready = ready),
      () => (check.current.ready = () => ({})),
    ));

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    const ready = check.current.ready;
    if (!ready) {
      // Submitted before the check arrived: hold the post, and send it again once it has.
      event.preventDefault();
      const submitter = (event.nativeEvent as SubmitEvent).submitter;
      void loadCheck().then(() => form.requestSubmit(submitter));
      return;
    }
    const found = { ...ready(new FormData(form)), ...known };
    setClient(found);
    if (Object.keys(found).length === 0) return;
    event.preventDefault();
    // Once React has drawn the errors.
    setTimeout(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 0);
  }

  function onChange(event: FormEvent<HTMLFormElement>) {
    const name = (event.target as HTMLInputElement).name;
    if (!name) return;
    setClient((c) => {
      if (!(name in c)) return c;
      const { [name]: _fixed, ...rest } = c;
      return rest;
    });
    setEdited((e) => ({ answer: result, names: new Set(e.answer === result ? e.names : []).add(name) }));
  }

  return { ...outcome, errors, form: { ref, noValidate: true, onSubmit, onChange, onFocus: () => void loadCheck() } };
}
