import { type FormEvent, useEffect, useRef, useState } from "react";
import { useFocusFirstInvalid } from "~/components/ui/field";
import { useFormResult } from "./use-form-result";
import type { FieldErrors } from "~/lib/form-checks";

/**
 * The errors an account form shows, and its submit guard. On submit the browser checks
 * every field (`check`, app/lib/form-checks.ts): if any fails, nothing is posted, every
 * failing field shows its error and focus goes to the first. Otherwise the post goes to
 * the action, whose answer is the word that counts: its field errors show (focus to the
 * first), each until its field is edited. Spread `form` on the <Form>.
 */
export function useFormChecks(check: (form: FormData) => FieldErrors) {
  const outcome = useFormResult();
  const { result, fieldErrors } = outcome;
  const ref = useRef<HTMLFormElement>(null);
  const [client, setClient] = useState<FieldErrors>({});
  const [edited, setEdited] = useState<ReadonlySet<string>>(new Set());

  // A new answer shows in full.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per answer (its identity), nothing else
  useEffect(() => setEdited(new Set()), [result]);
  useFocusFirstInvalid(ref, fieldErrors);

  const errors: FieldErrors = { ...client };
  for (const [name, message] of Object.entries(fieldErrors)) if (!edited.has(name)) errors[name] ??= message;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    const found = check(new FormData(form));
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
    setEdited((e) => (e.has(name) ? e : new Set(e).add(name)));
  }

  return { ...outcome, errors, form: { ref, noValidate: true, onSubmit, onChange } };
}
