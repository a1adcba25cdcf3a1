import { useEffect, useMemo, useState } from "react";
import { useFetcher } from "react-router";
import { LiveConnection, followState, socketUrl } from "./live-connection";
import { FormAlert } from "~/components/ui/alert";
import { Button, ButtonLink } from "~/components/ui/button";
import { Panel } from "~/components/ui/panel";
import { CheckboxFormField } from "~/components/ui/form-field";
import { adminFlags } from "~/lib/live/live-board";
import type { LiveState } from "~/lib/live/live-state";
import { FINALIZE_INTENT } from "~/schemas/live-forms";
import { useLeagueUrls } from "~/hooks/use-league-urls";

type Answer = { success?: string; formError?: string; fieldErrors?: Record<string, string> };

const list = (items: string[], none: string) => (items.length ? items.join("; ") : none);

/**
 * Live scoring on the night screen (ADR 26): what wants the organiser's eye (cards not
 * started or behind pace, holes in question, unusual scores, unsigned cards), each card's
 * scoring page (where an admin edits a hole, with a reason once it is signed), and Finalise.
 * It follows the round over the admin's socket as the phones score, without a reload, and
 * reads the clock again every half minute (a card turns late, falls behind pace).
 */
export function LiveWatch({ state: rendered, at }: { state: LiveState; at: number }) {
  const { href } = useLeagueUrls();
  const { state, now, live } = useFollowedRound(rendered, at);
  const flags = useMemo(() => adminFlags(state, now), [state, now]);
  const fetcher = useFetcher<Answer>();
  const busy = fetcher.state !== "idle";
  const rows: { label: string; value: string }[] = [
    {
      label: "Not started",
      value: list(
        flags.notStarted.map((c) => `Card ${c.cardNumber}${c.late ? " (late)" : ""}`),
        "none",
      ),
    },
    {
      label: "Behind pace",
      value: list(
        flags.behindPace.map((c) => `Card ${c.cardNumber}: ${c.played} of ${c.expected} holes`),
        "none",
      ),
    },
    {
      label: "Holes in question",
      value: list(
        flags.flagged.map((f) => `Card ${f.cardNumber}: ${f.name}, hole ${f.hole}`),
        "none",
      ),
    },
    {
      label: "Unusual scores",
      value: list(
        flags.unusual.map((u) => `Card ${u.cardNumber}: ${u.name}, ${u.strokes} on hole ${u.hole} (par ${u.par})`),
        "none",
      ),
    },
    {
      label: "Not signed",
      value: list(
        flags.unsigned.map((c) => `Card ${c.cardNumber}${c.waitingFor.length ? `: ${c.waitingFor.join(", ")}` : ""}`),
        "none",
      ),
    },
  ];
  return (
    <Panel title="Live scoring" titleId="live-watch-title">
      <p data-live={live ? "live" : "waiting"} className="mb-3 text-sm text-muted">
        {live ? "Following the round as the phones score." : "Connecting to the round…"}
      </p>
      {state.finalizedAt !== null ? (
        <p className="mb-3 text-sm font-semibold">Finalised: the round's results are the live totals.</p>
      ) : null}
      <dl className="space-y-2 text-sm">
        {rows.map((r) => (
          <div key={r.label}>
            <dt className="font-semibold">{r.label}</dt>
            <dd>{r.value}</dd>
          </div>
        ))}
      </dl>
      <nav aria-label="Score a card" className="mt-4 flex flex-wrap gap-2">
        {state.cards.map((c) => (
          <ButtonLink key={c.id} to={href(`/rounds/${state.roundId}/score?card=${c.id}`)} size="sm">
            Card {c.number}
          </ButtonLink>
        ))}
      </nav>
      <fetcher.Form method="post" className="mt-4 space-y-3" aria-label="Finalise the live scores">
        <FormAlert tone="success" message={fetcher.data?.success} />
        <FormAlert message={fetcher.data?.formError} />
        <input type="hidden" name="intent" value={FINALIZE_INTENT} />
        <CheckboxFormField label="Finalise scorecards that are not signed (or not started) as they stand" name="confirm_unsigned" />
        <Button type="submit" disabled={busy}>
          {busy ? "Finalising…" : "Finalise the round"}
        </Button>
      </fetcher.Form>
    </Panel>
  );
}

/** How often the watch list reads the clock again. */
const TICK_MS = 30_000;

/**
 * The round as the admin's socket follows it from the state the page was rendered with (a
 * newer render, after Finalise, replaces it), and the clock, starting from the render's own
 * `at` so the first render in the browser matches the server's.
 */
function useFollowedRound(rendered: LiveState, at: number) {
  const [state, setState] = useState(rendered);
  const [now, setNow] = useState(at);
  const [live, setLive] = useState(false);
  useEffect(() => setState((s) => (rendered.seq >= s.seq ? rendered : s)), [rendered]);
  useEffect(() => {
    const conn = new LiveConnection({
      url: socketUrl(rendered.roundId, false),
      beatMs: 10_000,
      onLink: (link) => setLive(link === "live"),
      onMessage: (m) => void followState(m, setState, () => conn.send({ type: "state" })),
    });
    const tick = setInterval(() => setNow(Math.floor(Date.now() / 1000)), TICK_MS);
    return () => {
      conn.stop();
      clearInterval(tick);
    };
  }, [rendered.roundId]);
  return { state, now, live };
}
