import { useMemo, useState } from "react";
import { CardStatus, CardTotals, HoleNav } from "./card-parts";
import { HoleScores } from "./hole-scores";
import { SignOff } from "./sign-off";
import { useLiveRound } from "./use-live-round";
import { FlagsToSettle } from "./flags-to-settle";
import { UnownedScores } from "./unowned-scores";
import { Alert } from "~/components/ui/alert";
import {
  type Make,
  type Scorer,
  changeId,
  controlKey,
  holeOrder,
  nextOpenHole,
  scoreUnits,
  waitingLabel,
  withWaiting,
} from "~/lib/live/live-scoring";
import type { LiveState } from "~/lib/live/live-state";
import { nowSeconds } from "~/lib/shared/time";
import type { Change } from "~/schemas/live";

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
  pinned = [],
  ctpHoles = [],
}: {
  initial: LiveState;
  cardId: number;
  scorer: Scorer;
  /** The login scoring on this phone: what it records waits under it. */
  userId: number;
  beatMs: number;
  /** A doubles round's teams (entry id → team number, ADR 31): each scores as one. */
  teams?: Record<number, number>;
  /** The card's players a cardmate can sign for with a PIN. */
  pinned?: number[];
  /** The round's closest-to-the-pin holes (ADR 30): the hole view says so. */
  ctpHoles?: number[];
}) {
  const {
    state,
    waiting,
    stored,
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
  const refusals = useMemo(() => new Map(refused.map((r) => [controlKey(r.change), r])), [refused]);
  const pins = useMemo(() => new Set(pinned), [pinned]);
  const signing = new Set(waiting.flatMap((c) => (c.kind === "signoff" ? [c.entryId] : [])));
  const card = shown.cards.find((c) => c.id === cardId);
  const order = useMemo(() => holeOrder(shown.holes.length, card?.startHole ?? null), [shown.holes.length, card?.startHole]);
  // A locked card opens at its first hole, for a review; one being scored at the next hole to play.
  const [hole, setHole] = useState(() =>
    !card ? 1 : card.lockedAt !== null || shown.finalizedAt !== null ? (order[0] ?? 1) : nextOpenHole(shown, card, order),
  );
  const [reason, setReason] = useState("");
  if (!card) return <Alert tone="error">This scorecard is not in the round any more. Reload the page.</Alert>;
  const locked = card.lockedAt !== null || shown.finalizedAt !== null;
  const adminReason = scorer.role === "admin" && locked;
  const make: Make = (fields) => ({ id: changeId(), at: nowSeconds(), ...(adminReason ? { reason } : {}), ...fields }) as Change;
  const players = card.entryIds.flatMap((id) => shown.players.filter((p) => p.entryId === id));
  const units = scoreUnits(players, teams);
  const at = order.indexOf(hole);
  return (
    <div className="space-y-4">
      <CardStatus link={link} waitText={waitingLabel(stored, waiting.length)} />
      {held && waiting.length ? <Alert tone="warning">{held}</Alert> : null}
      <UnownedScores count={unowned.length} settle={settleUnowned} />
      {locked ? (
        <Alert tone="info">
          {shown.finalizedAt !== null
            ? "The round is finalised: its scores are the results."
            : "Every player signed: the scorecard is locked. Only an admin changes it, with a reason."}
        </Alert>
      ) : null}
      {adminReason ? (
        <label className="flex flex-col gap-1 text-sm font-medium">
          Reason for changing a locked scorecard (goes in the audit log)
          <input className="min-h-11 rounded-md border border-slate-400 px-3" value={reason} onChange={(e) => setReason(e.target.value)} />
        </label>
      ) : null}
      <FlagsToSettle state={shown} players={players} canEdit={!locked || adminReason} make={make} record={record} onHole={setHole} />
      <HoleNav order={order} hole={hole} players={players} state={shown} onHole={setHole} />
      <HoleScores
        hole={hole}
        par={shown.holes[hole - 1]?.par ?? 3}
        units={units}
        canEdit={!locked || (adminReason && reason.trim().length >= 3)}
        make={make}
        record={record}
        flags={shown.flags}
        refusals={refusals}
        dismiss={dismiss}
        onHole={setHole}
        onNext={at < order.length - 1 ? () => setHole(order[at + 1] ?? hole) : null}
        onPrevious={at > 0 ? () => setHole(order[at - 1] ?? hole) : null}
        locked={locked ? { canEdit: adminReason, reason } : null}
        ctp={ctpHoles.includes(hole)}
      />
      <CardTotals units={units} state={shown} />
      <SignOff
        state={shown}
        players={players}
        scorer={scorer}
        locked={card.lockedAt !== null}
        make={make}
        record={record}
        pinned={pins}
        sending={signing}
        refusals={refusals}
        dismiss={dismiss}
      />
    </div>
  );
}
