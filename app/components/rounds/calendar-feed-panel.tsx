import { useEffect, useId, useState } from "react";
import { useActionData, useFetcher } from "react-router";
import { FormAlert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import type { CalendarUrls } from "~/.server/services/rounds/calendar";

type Answer = { calendar?: string; formError?: string | null };

const box = "min-h-11 w-full min-w-0 rounded-md border border-slate-400 bg-canvas px-3 py-2 font-mono text-sm text-ink";

/** A feed URL to copy: a read-only field (select it by hand), and a Copy button once scripts run. */
function FeedUrl({ label, url, hint }: { label: string; url: string; hint: string }) {
  const id = useId();
  const [canCopy, setCanCopy] = useState(false);
  const [copied, setCopied] = useState(false);
  useEffect(() => setCanCopy(typeof navigator !== "undefined" && !!navigator.clipboard), []);
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <div className="flex gap-2">
        <input id={id} readOnly value={url} aria-describedby={`${id}-hint`} className={box} onFocus={(e) => e.currentTarget.select()} />
        {canCopy ? (
          <Button
            variant="secondary"
            onClick={() =>
              navigator.clipboard.writeText(url).then(
                () => setCopied(true),
                () => setCopied(false),
              )
            }
            aria-label={`Copy ${label.toLowerCase()}`}
          >
            {copied ? "Copied" : "Copy"}
          </Button>
        ) : null}
      </div>
      <p id={`${id}-hint`} className="text-xs text-muted">
        {hint}
      </p>
    </div>
  );
}

/**
 * A league's calendar feeds, on the profile's group of the league (ADR 46): the league's feed
 * of every round, and the user's own feed of the rounds they are entered in there, made on
 * first ask and replaceable (the old link then stops working). Its form posts to the league's
 * /preferences (`action`) and works without scripts.
 */
export function CalendarFeedSection({ action, urls, approved }: { action: string; urls: CalendarUrls; approved: boolean }) {
  const fetcher = useFetcher<Answer>();
  const posted = useActionData() as Answer | undefined;
  const answer = fetcher.data ?? (posted && "calendar" in posted ? posted : undefined);
  const busy = fetcher.state !== "idle";
  const intent = urls.personal ? "calendar-reset" : "calendar-create";
  return (
    <div className="space-y-4">
      <h3 className="font-display text-lg font-semibold tracking-wide">Calendar</h3>
      <p className="text-sm text-muted">
        Subscribe in your calendar app (Google Calendar: Other calendars, From URL; Apple Calendar: File, New Calendar Subscription) and new
        rounds appear on their own.
      </p>
      <FeedUrl label="All league rounds" url={urls.all} hint="The rounds of this season and last, and every round scheduled." />
      {urls.personal ? (
        <FeedUrl
          label="My rounds (private link)"
          url={urls.personal}
          hint="The rounds your player is entered in. Anyone with this link can see them: reset it if it got out."
        />
      ) : (
        <p className="text-sm">Get a private link to a calendar of just the rounds you are entered in.</p>
      )}
      {approved ? null : <p className="text-sm text-muted">Your calendar stays empty until an admin approves your player claim.</p>}
      <FormAlert tone="success" message={answer?.calendar} />
      <FormAlert message={answer?.formError} />
      <fetcher.Form method="post" action={action}>
        <input type="hidden" name="intent" value={intent} />
        <Button type="submit" variant="secondary" disabled={busy}>
          {busy ? "Working…" : urls.personal ? "Reset link" : "Get my calendar link"}
        </Button>
      </fetcher.Form>
    </div>
  );
}
