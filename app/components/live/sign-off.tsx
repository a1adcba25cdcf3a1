import { useState } from "react";
import { toParLabel } from "~/lib/live-board";
import type { Make, Scorer } from "~/lib/live-scoring";
import { type LivePlayer, type LiveState, playerComplete, playerToPar, playerTotal } from "~/lib/live-state";
import type { Change } from "~/schemas/live";

const BY = { self: "by the player", pin: "with the player's PIN", admin: "by an admin" } as const;

/**
 * Each player's total confirmed once every hole is in and none is flagged: the player from
 * their own phone, a cardmate with the player's scoring PIN, an admin always.
 */
export function SignOff({
  state,
  players,
  scorer,
  locked,
  make,
  record,
}: {
  state: LiveState;
  players: LivePlayer[];
  scorer: Scorer;
  locked: boolean;
  make: Make;
  record: (changes: Change[]) => Promise<void>;
}) {
  return (
    <section aria-labelledby="signoff-title" className="rounded-lg border border-slate-300 bg-surface p-3">
      <h2 id="signoff-title" className="mb-2 text-base font-bold">
        Sign the card
      </h2>
      <ul className="space-y-3">
        {players.map((p) => (
          <li key={p.entryId} className="text-sm">
            <Signature p={p} state={state} scorer={scorer} locked={locked} make={make} record={record} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function Signature({
  p,
  state,
  scorer,
  locked,
  make,
  record,
}: {
  p: LivePlayer;
  state: LiveState;
  scorer: Scorer;
  locked: boolean;
  make: Make;
  record: (changes: Change[]) => Promise<void>;
}) {
  const [pin, setPin] = useState("");
  const total = p.dnf ? "DNF" : `${playerTotal(p)} (${toParLabel(playerToPar(p, state.holes))})`;
  if (p.signature) {
    return (
      <p>
        <strong>{p.name}</strong>: {total} — signed {BY[p.signature.method]} ✓
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
  const sign = (extra: { pin?: string } = {}) => void record([make({ kind: "signoff", entryId: p.entryId, ...extra })]);
  const button = "min-h-11 rounded-md bg-brand-700 px-4 font-semibold text-white disabled:opacity-50";
  if (scorer.role === "admin") {
    return (
      <button type="button" className={button} onClick={() => sign()}>
        Confirm {p.name}'s total as admin: {total}
      </button>
    );
  }
  if (scorer.playerId === p.playerId) {
    return (
      <button type="button" className={button} onClick={() => sign()}>
        Confirm my total: {total}
      </button>
    );
  }
  const id = `pin-${p.entryId}`;
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        sign({ pin });
        setPin("");
      }}
    >
      <label htmlFor={id} className="flex flex-col gap-1 font-medium">
        {p.name}'s scoring PIN ({total})
        <input
          id={id}
          value={pin}
          onChange={(e) => setPin(e.target.value.replace(/\D/g, "").slice(0, 4))}
          inputMode="numeric"
          autoComplete="off"
          className="min-h-11 w-28 rounded-md border border-slate-400 px-3 text-lg"
        />
      </label>
      <button type="submit" className={button} disabled={pin.length !== 4}>
        Confirm for {p.name}
      </button>
    </form>
  );
}
