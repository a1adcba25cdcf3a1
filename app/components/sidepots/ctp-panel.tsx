import { useFetcher } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Panel } from "~/components/ui/panel";
import { FormField, SelectFormField } from "~/components/ui/form-field";
import type { FormOutcome } from "~/lib/shared/form-data";
import { DISTANCE_UNITS, distanceFieldLabel, distanceLabel } from "~/lib/sidepots/distances";
import type { PotView } from "./pot-summary";

// Closest to the pin from the card (ADR 30, amended): once the card has played a CTP hole, a
// player records who on their card is closest, the distance if they measured it. A measured
// mark is beaten only by a shorter one, an unmeasured one by any measured one, and the
// organiser settles the rest. It needs a signal: a mark is not kept on the phone.

type CardPlayer = { entryId: number; name: string };

function CtpForm({ pot, onCard }: { pot: PotView; onCard: CardPlayer[] }) {
  const fetcher = useFetcher<FormOutcome>();
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const errors = answer?.fieldErrors ?? {};
  const inPot = onCard.filter((p) => pot.players.some((x) => x.entryId === p.entryId));
  return (
    <div className="space-y-3 rounded-lg border border-line p-3">
      <h3 className="font-semibold">{pot.name}</h3>
      <ul className="text-sm">
        {pot.holders.map(({ hole, holders }) => (
          <li key={hole}>
            Hole {hole}:{" "}
            {holders.length
              ? holders.map((h) => [h.name, distanceLabel(h.distanceCm, pot.distanceUnit)].filter(Boolean).join(" ")).join(" · ")
              : "nobody yet"}
            {holders.some((h) => h.settled) ? " (settled)" : ""}
          </li>
        ))}
      </ul>
      <p className="text-sm text-muted">
        Record it once your scorecard has played the hole. Only a shorter distance beats a measured one; without a distance the first mark
        stands until measured or settled.
      </p>
      {inPot.length === 0 ? (
        <p className="text-sm text-muted">Nobody on this scorecard is in {pot.name}.</p>
      ) : (
        <fetcher.Form method="post" className="space-y-3" aria-label={`Record a CTP in ${pot.name}`}>
          <input type="hidden" name="intent" value="ctp" />
          <input type="hidden" name="pot_id" value={pot.id} />
          <SelectFormField label="Hole" name="hole" defaultValue={pot.holes[0]} error={errors.hole}>
            {pot.holes.map((h) => (
              <option key={h} value={h}>
                Hole {h}
              </option>
            ))}
          </SelectFormField>
          <SelectFormField label="Closest" name="entry_id" defaultValue="" error={errors.entry_id}>
            <option value="">Choose…</option>
            {inPot.map((p) => (
              <option key={p.entryId} value={p.entryId}>
                {p.name}
              </option>
            ))}
          </SelectFormField>
          {/* The unit the field asked in goes with the number: a setting changed meanwhile cannot misread it. */}
          <input type="hidden" name="unit" value={pot.distanceUnit} />
          <FormField
            label={distanceFieldLabel(pot.distanceUnit)}
            name="distance"
            inputMode="decimal"
            hint={`Like ${DISTANCE_UNITS[pot.distanceUnit].example}`}
            error={errors.distance}
          />
          {answer?.success ? <Alert tone="success">{answer.success}</Alert> : null}
          {answer?.formError ? <Alert tone="error">{answer.formError}</Alert> : null}
          <Button type="submit" disabled={fetcher.state !== "idle"}>
            {fetcher.state !== "idle" ? "Recording…" : "Record CTP"}
          </Button>
        </fetcher.Form>
      )}
    </div>
  );
}

export function CtpPanel({ pots, onCard }: { pots: PotView[]; onCard: CardPlayer[] }) {
  const open = pots.filter((p) => p.kind === "ctp" && !p.paid);
  if (open.length === 0) return null;
  return (
    <Panel title="Closest to the pin" titleId="ctp-title">
      <div className="space-y-3">
        {open.map((pot) => (
          <CtpForm key={pot.id} pot={pot} onCard={onCard} />
        ))}
      </div>
    </Panel>
  );
}
