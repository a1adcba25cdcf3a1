import { NightResult, useNightAction } from "./night-action";
import { useDone } from "./night-entries";
import type { WalkUpPrice } from "./walk-up";
import type { PlayerChoice } from "~/components/entries/player-picker";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { usePlayerSearch } from "~/hooks/use-player-search";
import type { PlayerHit } from "~/lib/shared/api-answers";
import { SEARCH_TOO_LONG } from "~/lib/players/constants";
import { centsInput, formatCents } from "~/lib/shared/money";
import { newRequestKey } from "~/lib/money/request-key";
import { fullName, splitPlayerName } from "~/lib/players/player-name";

/**
 * The league's players the desk's search finds who are not in the round (ADR 38): each a
 * walk-up in one tap, in their usual division with the ace fund, paid from their credit
 * when it covers it, else in cash; "another way to pay" opens the form. Then "Add player"
 * for someone with no record yet.
 */
export function DeskPlayers({
  text,
  entered,
  inRound,
  price,
  closed,
  onChoose,
  onDone,
}: {
  text: string;
  entered: number[];
  /** The text names a player of the round: no "Add player" for a second record of them. */
  inRound: boolean;
  price: WalkUpPrice;
  closed: boolean;
  onChoose: (choice: PlayerChoice) => void;
  onDone: (message: string) => void;
}) {
  // One action for every tap here: it outlives the row of the player it enters.
  const quick = useNightAction();
  useDone(quick, onDone);
  const { q, hits, state } = usePlayerSearch(text, entered);
  const total = price.entryCents + price.aceCents;
  const tap = (hit: PlayerHit, fromCredit: boolean) =>
    quick.submit({
      intent: "walkUp",
      request_key: newRequestKey(),
      player: String(hit.id),
      division: hit.division,
      ace: "1",
      [fromCredit ? "credit" : "amount"]: centsInput(total),
    });
  return (
    <div className="space-y-2">
      <div aria-live="polite">
        {state === "searching" ? <p className="text-sm text-muted">Searching the league…</p> : null}
        {state === "error" ? <Alert tone="error">error — the player search failed. Try again.</Alert> : null}
        {state === "tooLong" ? <Alert tone="error">{SEARCH_TOO_LONG}</Alert> : null}
      </div>
      {quick.answer?.success ? null : <NightResult action={quick} />}
      {state === "done" && (hits.length || !inRound) ? (
        <p id="desk-league-title" className="text-sm font-medium">
          Not in this round: a walk-up enters them, takes the payment and checks them in at once.
        </p>
      ) : null}
      {state === "done" && (hits.length || !inRound) ? (
        <ul aria-labelledby="desk-league-title" className="divide-y divide-line rounded-xl border border-line bg-surface">
          {hits.map((hit) => {
            const name = fullName(hit);
            const credit = hit.balanceCents ?? 0;
            const pay = credit >= total ? `${formatCents(total)} from credit` : `${formatCents(total)} in cash`;
            return (
              <li key={hit.id} className="space-y-2 p-3">
                <p>
                  <span className="font-semibold">{name}</span>{" "}
                  <span className="text-sm text-muted">
                    {hit.division || "no division"}
                    {hit.balanceCents === null ? "" : ` · credit ${formatCents(hit.balanceCents)}`}
                  </span>
                </p>
                <div className="flex flex-wrap gap-2">
                  {/* One tap needs their division: without one, the form asks. */}
                  {hit.division ? (
                    <Button
                      disabled={quick.busy || closed}
                      aria-label={`Walk-up ${name}: ${pay}`}
                      onClick={() => tap(hit, credit >= total)}
                    >
                      {quick.busy ? "Adding…" : pay}
                    </Button>
                  ) : null}
                  <Button
                    variant="secondary"
                    disabled={closed}
                    aria-label={`Walk-up ${name}: another way to pay`}
                    onClick={() => onChoose({ kind: "player", hit })}
                  >
                    Another way to pay
                  </Button>
                </div>
              </li>
            );
          })}
          {inRound ? null : (
            <li className="p-1">
              <button
                type="button"
                disabled={closed}
                className="flex min-h-11 w-full items-center rounded-md px-3 py-2 text-left font-medium text-brand-800 hover:bg-brand-50"
                onClick={() => onChoose({ kind: "new", ...splitPlayerName(q) })}
              >
                Add player: {q}
              </button>
            </li>
          )}
        </ul>
      ) : null}
    </div>
  );
}
