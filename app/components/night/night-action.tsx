import { type FormEvent, type ReactNode, useRef } from "react";
import { useFetcher } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import type { FormOutcome } from "~/lib/shared/form-data";

// Every action of the league-night screen goes through a fetcher: it answers in place,
// the loaders run again after it (the screen then shows what the server holds), and a post
// that never reached the server (a phone losing its signal: the route's clientAction says
// so) offers a Retry of the very same form: its request key, or the check-in's and the
// publish's own idempotency, make a retry change nothing the first try already did.

export type NightAnswer = FormOutcome & { offline?: boolean };

export function useNightAction() {
  const fetcher = useFetcher<NightAnswer>();
  const last = useRef<FormData | null>(null);
  const send = (form: FormData) => {
    last.current = form;
    void fetcher.submit(form, { method: "post" });
  };
  return {
    fetcher,
    busy: fetcher.state !== "idle",
    answer: fetcher.state === "idle" ? fetcher.data : undefined,
    /** A form's onSubmit: keeps what was posted for a retry. */
    onSubmit: (e: FormEvent<HTMLFormElement>) => {
      e.preventDefault();
      send(new FormData(e.currentTarget, (e.nativeEvent as SubmitEvent).submitter));
    },
    /** Posts these fields (a drop, a menu's choice). */
    submit: (fields: Record<string, string>) => {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) form.append(k, v);
      send(form);
    },
    retry: () => {
      if (last.current) send(last.current);
    },
  };
}

/**
 * An action's outcome where it was taken: what it did, or why not (with Retry when it
 * never arrived). `fieldsShown`: the form shows its fields' errors beside them.
 */
export function NightResult({
  action,
  fieldsShown = false,
  children,
}: {
  action: ReturnType<typeof useNightAction>;
  fieldsShown?: boolean;
  children?: ReactNode;
}) {
  const { answer, busy } = action;
  if (busy || !answer) return children ?? null;
  if (answer.success) return <Alert tone="success">{answer.success}</Alert>;
  const problem = answer.formError ?? (fieldsShown ? undefined : Object.values(answer.fieldErrors ?? {})[0]);
  if (!problem) return null;
  return (
    <Alert tone="error">
      <span>{problem}</span>
      {answer.offline ? (
        <Button size="sm" variant="secondary" className="ml-2 mt-1" onClick={action.retry}>
          Retry
        </Button>
      ) : null}
    </Alert>
  );
}
