import { type Ref, useState } from "react";
import { Alert } from "~/components/ui/alert";
import { FormField } from "~/components/ui/form-field";
import { usePlayerSearch } from "~/hooks/use-player-search";
import type { PlayerHit } from "~/lib/shared/api-answers";
import { MAX_SEARCH_LENGTH, MIN_SEARCH_LENGTH, SEARCH_TOO_LONG } from "~/lib/players/constants";
import { formatCents } from "~/lib/shared/money";
import { fullName, splitPlayerName } from "~/lib/players/player-name";

/** A player found by the search, or a new one by the name typed ('Add player: {text}'). */
export type PlayerChoice = { kind: "player"; hit: PlayerHit } | { kind: "new"; firstName: string; lastName: string };

const option =
  "flex min-h-11 w-full items-center justify-between gap-3 rounded-md px-3 py-2 text-left hover:bg-brand-50 focus-visible:bg-brand-50";

/**
 * Finding a player to enter: search (3+ characters, debounced), players already in the
 * round left out, then 'Add player: {text}' for someone with no record yet. The entries
 * screen's Add a player and the night screen's walk-up both choose with it.
 */
export function PlayerPicker({
  exclude,
  onChoose,
  inputRef,
  label = "Find a player",
}: {
  exclude: number[];
  onChoose: (choice: PlayerChoice) => void;
  inputRef?: Ref<HTMLInputElement>;
  label?: string;
}) {
  const [text, setText] = useState("");
  const { q, hits, state } = usePlayerSearch(text, exclude);
  return (
    <div className="space-y-2">
      <FormField
        ref={inputRef}
        label={label}
        type="search"
        autoComplete="off"
        value={text}
        maxLength={MAX_SEARCH_LENGTH}
        onChange={(e) => setText(e.target.value)}
        hint={`Type at least ${MIN_SEARCH_LENGTH} characters of a name; players already in this round are left out.`}
      />
      <div aria-live="polite">
        {state === "searching" ? <p className="text-sm text-muted">Searching…</p> : null}
        {state === "error" ? <Alert tone="error">error — the player search failed. Try again.</Alert> : null}
        {state === "tooLong" ? <Alert tone="error">{SEARCH_TOO_LONG}</Alert> : null}
      </div>
      {state === "done" ? (
        <ul aria-label="Players found" className="divide-y divide-line rounded-md border border-line">
          {hits.map((hit) => (
            <li key={hit.id}>
              <button type="button" className={option} onClick={() => onChoose({ kind: "player", hit })}>
                <span className="font-medium">{fullName(hit)}</span>
                <span className="text-sm text-muted">
                  {hit.division}
                  {hit.balanceCents === null ? null : ` · ${formatCents(hit.balanceCents)}`}
                </span>
              </button>
            </li>
          ))}
          <li>
            <button
              type="button"
              className={`${option} font-medium text-brand-800`}
              onClick={() => onChoose({ kind: "new", ...splitPlayerName(q) })}
            >
              Add player: {q}
            </button>
          </li>
        </ul>
      ) : null}
    </div>
  );
}
