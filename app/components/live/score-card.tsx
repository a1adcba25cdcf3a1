import { useMemo, useState } from "react";
import { HoleScores } from "./hole-scores";
import { SignOff } from "./sign-off";
import { useLiveRound } from "./use-live-round";
import { FlagsToSettle } from "./flags-to-settle";
import { UnownedScores } from "./unowned-scores";
import { Alert } from "~/components/ui/alert";
import { toParLabel } from "~/lib/live-board";
import { type Make, type Scorer, changeId, holeOrder, nextOpenHole, scoreUnits, waitingLabel, withWaiting } from "~/lib/live-scoring";
import { type LiveState, playerToPar, playerTotal } from "~/lib/live-state";
import { nowSeconds } from "~/lib/time";
import type { Change } from "~/schemas/live";

const LINK_TEXT = { connecting: "Connecting…", live: "Live", offline: "Offline: scores are saved on this phone" } as const;

/**
 * A card scored on a phone (ADR 26, "The phone"): one hole at a time in the card's order,
 * every player's strokes with big steppers, the running totals against par, holes the
 * card disagrees on to settle, and each player's sign-off at the end.
 */
export function ScoreCard({
  initial,
  cardId,
  scorer,
  userId,
  beatMs,
  teams,
}: {
  initial: LiveState;
  cardId: number;
  scorer: Scorer;
  /** The login scoring on this phone: what it records waits under it. */
  userId: number;
  beatMs: number;
  /** A doubles round's teams (entry id → team number, ADR 31): each scores as one. */
  teams?: Record<number, number>;
}) {
  const {
    state,
    waiting,
    shown: unseen,
    link,
    refused,
    held,
    unowned,
    settleUnowned,
    record,
    dismiss,
  } = useLiveRound(initial.roundId, userId, initial, beatMs);
  const shown = useMemo(() => withWaiting(state, unseen), [state, unseen]);
  const card = shown.cards.find((c) => c.id === cardId);
  const order = useMemo(() => holeOrder(shown.holes.length, card?.startHole ?? null), [shown.holes.length, card?.startHole]);
  const [hole, setHole] = useState(() => (card ? nextOpenHole(shown, card, order) : 1));
  const [reason, setReason] = useState("");
  if (!card) return <Alert tone="error">This card is not in the round any more. Reload the page.</Alert>;
  const locked = card.lockedAt !== null || shown.finalizedAt !== null;
  const adminReason = scorer.role === "admin" && locked;
  const make: Make = (fields) => ({ id: changeId(), at: nowSeconds(), ...(adminReason ? { reason } : {}), ...fields }) as Change;
  const players = card.entryIds.flatMap((id) => shown.players.filter((p) => p.entryId === id));
  const units = scoreUnits(players, teams);
  const at = order.indexOf(hole);
  const waitText = waitingLabel(waiting.length);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p
          className={`rounded-full px-3 py-1 text-sm font-semibold ${link === "live" ? "bg-brand-50 text-brand-900" : "bg-warn-50 text-warn-800"}`}
        >
          {LINK_TEXT[link]}
        </p>
        <p role="status" data-waiting className="text-sm font-semibold text-ink">
          {waitText ?? "Every score is sent"}
        </p>
      </div>
      {held && waiting.length ? <Alert tone="warning">{held}</Alert> : null}
      <UnownedScores count={unowned.length} settle={settleUnowned} />
      {refused.length ? (
        <Alert tone="error" title="The server refused:" onDismiss={dismiss}>
          <ul>
            {refused.map((r) => (
              <li key={r.change.id}>{r.error}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
      {locked ? (
        <Alert tone="info">
          {shown.finalizedAt !== null
            ? "The round is finalised: its scores are the results."
            : "Every player signed: the card is locked. Only an admin changes it, with a reason."}
        </Alert>
      ) : null}
      {adminReason ? (
        <label className="flex flex-col gap-1 text-sm font-medium">
          Reason for changing a locked card (goes in the audit log)
          <input className="min-h-11 rounded-md border border-slate-400 px-3" value={reason} onChange={(e) => setReason(e.target.value)} />
        </label>
      ) : null}
      <nav aria-label="Holes" className="flex flex-wrap gap-1">
        {order.map((h) => {
          const entered = players.every((p) => p.dnf || p.strokes[h - 1] !== null);
          const flagged = shown.flags.some((f) => f.hole === h && players.some((p) => p.entryId === f.entryId));
          return (
            <button
              key={h}
              type="button"
              aria-current={h === hole ? "step" : undefined}
              aria-label={`Hole ${h}${flagged ? ", flagged" : entered ? ", entered" : ""}`}
              onClick={() => setHole(h)}
              className={`min-h-11 min-w-11 rounded-md border text-base font-bold ${
                h === hole
                  ? "border-brand-900 bg-brand-900 text-white"
                  : flagged
                    ? "border-danger-700 bg-danger-50 text-danger-800"
                    : entered
                      ? "border-slate-400 bg-slate-100 text-ink"
                      : "border-slate-400 bg-surface text-ink"
              }`}
            >
              {h}
            </button>
          );
        })}
      </nav>
      <HoleScores
        hole={hole}
        par={shown.holes[hole - 1]?.par ?? 3}
        units={units}
        canEdit={!locked || (adminReason && reason.trim().length >= 3)}
        make={make}
        record={record}
        onNext={at < order.length - 1 ? () => setHole(order[at + 1] ?? hole) : null}
        onPrevious={at > 0 ? () => setHole(order[at - 1] ?? hole) : null}
      />
      <section aria-labelledby="totals-title" className="rounded-lg border border-slate-300 bg-surface p-3">
        <h2 id="totals-title" className="mb-2 text-base font-bold">
          Totals
        </h2>
        <ul className="divide-y divide-slate-200">
          {units.map(({ key, name, lead: p }) => (
            <li key={key} className="flex items-center justify-between gap-2 py-2 text-base">
              <span className="font-semibold">{name}</span>
              <span className="tabular-nums">{p.dnf ? "DNF" : `${playerTotal(p)} (${toParLabel(playerToPar(p, shown.holes))})`}</span>
            </li>
          ))}
        </ul>
      </section>
      <FlagsToSettle state={shown} players={players} canEdit={!locked || adminReason} make={make} record={record} onHole={setHole} />
      <SignOff state={shown} players={players} scorer={scorer} locked={card.lockedAt !== null} make={make} record={record} />
    </div>
  );
}
