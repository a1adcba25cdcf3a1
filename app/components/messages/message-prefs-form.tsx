import { useActionData, useFetcher } from "react-router";
import { FormAlert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { DEFAULT_CHANNEL, KIND_LABELS, MESSAGE_KINDS, type MessageKind } from "~/lib/messages/kinds";
import { CHOICE_LABELS, type Choice, MESSAGE_PREFS_INTENT, type MessagePrefs, choicesOf, shownChoice } from "~/lib/messages/prefs";

type Answer = { messagePrefs?: string; fieldErrors?: Record<string, string>; formError?: string };

/**
 * How a league tells the player each kind of message (ADR 49): a fieldset per kind with a
 * radio button per choice, the kind's default marked, saved together with one Save to the
 * league's /preferences (`action`). A fetcher form with JavaScript; a plain post without it,
 * whose answer comes back as that page's action data.
 */
export function MessagePrefsForm({ action, prefs, email }: { action: string; prefs: MessagePrefs; email: string }) {
  const fetcher = useFetcher<Answer>();
  const posted = useActionData() as Answer | undefined;
  const answer = fetcher.data ?? (posted?.messagePrefs || MESSAGE_KINDS.some((k) => posted?.fieldErrors?.[k]) ? posted : undefined);
  const busy = fetcher.state !== "idle";
  // A fresh form when the stored choices change (after a save, or on another device).
  const stored = MESSAGE_KINDS.map((k) => prefs[k]).join();
  return (
    <fetcher.Form key={stored} method="post" action={action} className="space-y-4" noValidate>
      <input type="hidden" name="intent" value={MESSAGE_PREFS_INTENT} />
      <p className="text-sm text-muted">
        <span className="font-medium text-ink">{CHOICE_LABELS.auto}</span>: a push to each phone or computer where you turned notifications
        on (on your profile); with none, a mail to {email}. Push only: nothing when no device has them on.
      </p>
      <FormAlert tone="success" message={answer?.messagePrefs} />
      <FormAlert message={answer?.formError} />
      {MESSAGE_KINDS.map((kind) => (
        <KindChoices key={kind} kind={kind} current={shownChoice(kind, prefs[kind])} error={answer?.fieldErrors?.[kind]} />
      ))}
      <Button type="submit" variant="primary" disabled={busy}>
        {busy ? "Saving…" : "Save"}
      </Button>
    </fetcher.Form>
  );
}

function KindChoices({ kind, current, error }: { kind: MessageKind; current: Choice; error?: string }) {
  const fallback = DEFAULT_CHANNEL[kind];
  return (
    <fieldset className="min-w-0 rounded-lg border border-line p-3" aria-invalid={error ? true : undefined}>
      <legend className="px-1 font-semibold">{KIND_LABELS[kind]}</legend>
      <div className="flex flex-col sm:flex-row sm:flex-wrap sm:gap-x-4">
        {choicesOf(kind).map((choice) => (
          <label key={choice} className="flex min-h-11 items-center gap-3 text-sm">
            <input type="radio" name={kind} value={choice} defaultChecked={choice === current} className="size-5 accent-brand-700" />
            <span>
              {CHOICE_LABELS[choice]}
              {choice === fallback ? <span className="text-muted"> (default)</span> : null}
            </span>
          </label>
        ))}
      </div>
      {error ? <p className="text-sm font-medium text-danger-700">{error}</p> : null}
    </fieldset>
  );
}
