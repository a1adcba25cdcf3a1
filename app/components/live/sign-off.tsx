import { useState } from "react";
import { RefusalNote, type Refusals } from "./refusal-note";
import type { Refusal } from "./use-live-round";
import { toParLabel } from "~/lib/live/live-board";
import { type Make, type Scorer, controlKey } from "~/lib/live/live-scoring";
import { type LivePlayer, type LiveState, playerComplete, playerToPar, playerTotal } from "~/lib/live/live-state";

/** The par of the holes the player's total counts: total − to-par. */
const parOf = (state: LiveState, p: LivePlayer) => playerTotal(p) - playerToPar(p, state.holes);
import type { Change } from "~/schemas/live";

const BY = { self: "by the player", pin: "with the player's PIN", admin: "by an admin" } as const;

type Props = {
  state: LiveState;
  scorer: Scorer;
  locked: boolean;
  make: Make;
  record: (changes: Change[]) => Promise<void>;
  /** Players a cardmate can sign for with a PIN (their login set one): the others are the organiser's to confirm. */
  pinned: ReadonlySet<number>;
  /** Entries whose sign-off waits on the phone for the server's answer. */
  sending: ReadonlySet<number>;
  refusals: Refusals;
  dismiss: (r: Refusal) => void;
};

/**
 * Each player's total confirmed once every hole is in and none is flagged: the player from
 * their own phone, a cardmate with the player's scoring PIN, an admin always. What the
 * server says of a sign-off (a wrong PIN) shows under its own button.
 */
export function SignOff({ players, ...props }: Props & { players: LivePlayer[] }) {
  return (
    <section aria-labelledby="signoff-title" className="rounded-lg border border-slate-300 bg-surface p-3">
      <h2 id="signoff-title" className="mb-2 text-base font-bold">
        Sign the card
      </h2>
      <ul className="space-y-3">
        {players.map((p) => (
          <li key={p.entryId} className="text-sm">
            <Signature p={p} {...props} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function Signature({ p, state, scorer, locked, make, record, pinned, sending, refusals, dismiss }: Props & { p: LivePlayer }) {
  const [pin, setPin] = useState("");
  const total = p.dnf ? "DNF" : `${playerTotal(p)} (${toParLabel(playerToPar(p, state.holes))})`;
  if (p.signature) {
    // What was signed, and whether an admin's correction changed it since (ADR 37).
    const signed = p.signature.dnf ? "DNF" : `${p.signature.total} (${toParLabel(p.signature.total - parOf(state, p))})`;
    const changed = p.signature.dnf !== p.dnf || (!p.dnf && p.signature.total !== playerTotal(p));
    return (
      <p>
        <strong>{p.name}:</strong> signed {signed} {BY[p.signature.method]}
        {changed ? (
          <>
            , <span className="font-semibold text-warn-800">changed since: now {total}</span>
          </>
        ) : (
          " ✓"
        )}
      </p>
    );
  }
  if (!playerComplete(p, state.flags) || locked) {
    return (
      <p>
        <strong>{p.name}</strong>: to sign once every hole is in and none is flagged.
      </p>
    );
  }
  const refusal = refusals.get(controlKey({ kind: "signoff", entryId: p.entryId }));
  const errorId = `sign-error-${p.entryId}`;
  const note = refusal ? <RefusalNote id={errorId} refusal={refusal} onDismiss={dismiss} /> : null;
  const waits = sending.has(p.entryId) ? <p className="mt-1 text-muted">Sent: waiting for the server…</p> : null;
  const sign = (extra: { pin?: string } = {}) => void record([make({ kind: "signoff", entryId: p.entryId, ...extra })]);
  const button = "min-h-11 rounded-md bg-brand-700 px-4 font-semibold text-white disabled:opacity-50";
  const own = scorer.role === "admin" || scorer.playerId === p.playerId;
  if (own) {
    return (
      <>
        <button type="button" className={button} onClick={() => sign()} aria-describedby={refusal ? errorId : undefined}>
          {scorer.role === "admin" ? `Confirm ${p.name}'s total as admin: ${total}` : `Confirm my total: ${total}`}
        </button>
        {note}
        {waits}
      </>
    );
  }
  if (!pinned.has(p.playerId)) {
    return (
      <p>
        <strong>{p.name}</strong>: {total} — no scoring PIN: the organiser confirms this total
      </p>
    );
  }
  const id = `pin-${p.entryId}`;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        sign({ pin });
        setPin("");
      }}
    >
      <div className="flex flex-wrap items-end gap-2">
        <label htmlFor={id} className="flex flex-col gap-1 font-medium">
          {p.name}'s scoring PIN ({total})
          <input
            id={id}
            value={pin}
            onChange={(e) => setPin(e.target.value.replace(/\D/g, "").slice(0, 4))}
            inputMode="numeric"
            autoComplete="off"
            aria-invalid={refusal ? true : undefined}
            aria-describedby={refusal ? errorId : undefined}
            className="min-h-11 w-28 rounded-md border border-slate-400 px-3 text-lg"
          />
        </label>
        <button type="submit" className={button} disabled={pin.length !== 4}>
          Confirm for {p.name}
        </button>
      </div>
      {note}
      {waits}
    </form>
  );
}
