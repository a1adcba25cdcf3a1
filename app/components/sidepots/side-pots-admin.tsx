import { type ReactNode, useState } from "react";
import { NightResult, useNightAction } from "~/components/night/night-action";
import { Button } from "~/components/ui/button";
import { Panel } from "~/components/ui/panel";
import { CheckboxFormField, FormField, SelectFormField } from "~/components/ui/form-field";
import { formatCents } from "~/lib/shared/money";
import { POT_KINDS, POT_KIND_CHOICES } from "~/lib/sidepots/side-pots";
import { holeLabel } from "~/lib/sidepots/side-pots";
import { PotSummary, type PotView } from "./pot-summary";

// The league-night screen's side pots (ADR 30): add a pot, put players in or out at
// check-in (from their credit, or owed and paid with the entry), settle a hole's CTP, and
// see what each pot holds. "Credit payouts" on the entries screen pays them.

type Entered = { id: number; name: string };

type Action = ReturnType<typeof useNightAction>;

/** A pot's form; its answer shows where `shared` shows it (a form the answer removes), else in the form. */
function PotForm({ label, children, submit, shared }: { label: string; children: ReactNode; submit: string; shared?: Action }) {
  const own = useNightAction();
  const action = shared ?? own;
  return (
    <form method="post" noValidate onSubmit={action.onSubmit} className="space-y-2" aria-label={label}>
      {children}
      {shared ? null : <NightResult action={action} />}
      <Button type="submit" size="sm" disabled={action.busy}>
        {action.busy ? "Saving…" : submit}
      </Button>
    </form>
  );
}

const PlayerOptions = ({ players }: { players: { entryId: number; name: string }[] }) =>
  players.map((p) => (
    <option key={p.entryId} value={p.entryId}>
      {p.name}
    </option>
  ));

const hidden = (fields: Record<string, string | number>) =>
  Object.entries(fields).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />);

function PotAdmin({ pot, entries }: { pot: PotView; entries: Entered[] }) {
  const inPot = new Set(pot.players.map((p) => p.entryId));
  const out = entries.filter((e) => !inPot.has(e.id));
  // Putting the last player in (or taking the last out) removes its form: the answer shows below both.
  const players = useNightAction();
  return (
    <div className="space-y-4 rounded-lg border border-line p-4">
      <PotSummary pot={pot} measure />
      {pot.paid ? (
        <p className="text-sm text-muted">Paid with the round's payouts. Settle a hole again and credit payouts again to change it.</p>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          {out.length ? (
            <PotForm label={`Add a player to ${pot.name}`} submit="Add to side pot" shared={players}>
              {hidden({ intent: "potPlayer", pot_id: pot.id, join: "1" })}
              <SelectFormField label={`Add to ${pot.name}`} name="entry_id" defaultValue="">
                <option value="">Choose…</option>
                {out.map((e) => (
                  <option key={e.id} value={e.id}>
                    {e.name}
                  </option>
                ))}
              </SelectFormField>
              <CheckboxFormField
                label={`Pay ${formatCents(pot.buyInCents)} from their credit`}
                name="from_credit"
                hint="Otherwise it is owed with the entry."
              />
            </PotForm>
          ) : null}
          {pot.players.length ? (
            <PotForm label={`Take a player out of ${pot.name}`} submit="Take out" shared={players}>
              {hidden({ intent: "potPlayer", pot_id: pot.id, join: "0" })}
              <SelectFormField label={`Take out of ${pot.name}`} name="entry_id" defaultValue="">
                <option value="">Choose…</option>
                <PlayerOptions players={pot.players} />
              </SelectFormField>
            </PotForm>
          ) : null}
          <div className="sm:col-span-2">
            <NightResult action={players} />
          </div>
        </div>
      )}
      {pot.players.length ? (
        <details>
          <summary className="min-h-11 cursor-pointer py-2 font-medium">Settle {pot.kind === "ctp" ? "a hole" : "the winner"}</summary>
          <div className="grid gap-4 sm:grid-cols-2">
            {pot.holes.map((hole) => (
              <PotForm
                key={hole}
                label={`${pot.name}: settle ${holeLabel(hole).toLowerCase()}`}
                submit={`Settle ${holeLabel(hole).toLowerCase()}`}
              >
                {hidden({ intent: "settleHole", pot_id: pot.id, hole })}
                {(["winner", "tie_with"] as const).map((name) => (
                  <SelectFormField
                    key={name}
                    label={`${holeLabel(hole)}: ${name === "winner" ? "winner" : "tied with (optional)"}`}
                    name={name}
                    defaultValue=""
                  >
                    <option value="">{name === "winner" ? "Nobody yet" : "Nobody"}</option>
                    <PlayerOptions players={pot.players} />
                  </SelectFormField>
                ))}
              </PotForm>
            ))}
          </div>
        </details>
      ) : !pot.paid ? (
        <PotForm label={`Delete ${pot.name}`} submit={`Delete ${pot.name}`}>
          {hidden({ intent: "deletePot", pot_id: pot.id })}
        </PotForm>
      ) : null}
    </div>
  );
}

export function SidePotsAdmin({ pots, entries }: { pots: PotView[]; entries: Entered[] }) {
  const add = useNightAction();
  const errors = add.answer?.fieldErrors ?? {};
  // Open at first when there is no pot yet; it stays as the admin leaves it (the answer shows inside).
  const [firstOpen] = useState(pots.length === 0);
  return (
    <Panel title="Side pots" titleId="side-pots-admin-title" className="print:hidden">
      <div className="space-y-4">
        {pots.map((pot) => (
          <PotAdmin key={pot.id} pot={pot} entries={entries} />
        ))}
        <details open={firstOpen}>
          <summary className="min-h-11 cursor-pointer py-2 font-medium">Add a side pot</summary>
          <form method="post" noValidate onSubmit={add.onSubmit} className="space-y-3" aria-label="Add a side pot">
            <input type="hidden" name="intent" value="addPot" />
            <FormField
              label="Name"
              name="name"
              defaultValue="CTP"
              maxLength={40}
              error={errors.name}
              hint="Side pots of the same name roll over into each other."
            />
            <SelectFormField label="Kind" name="kind" defaultValue="ctp" error={errors.kind}>
              {POT_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {POT_KIND_CHOICES[kind]}
                </option>
              ))}
            </SelectFormField>
            <FormField label="Buy-in" name="buy_in" inputMode="decimal" defaultValue="2.00" error={errors.buy_in} />
            <FormField
              label="CTP holes"
              name="holes"
              inputMode="numeric"
              placeholder="3, 7"
              hint="For closest to the pin: the holes, like 3, 7."
              error={errors.holes}
            />
            <NightResult action={add} fieldsShown />
            <Button type="submit" disabled={add.busy}>
              {add.busy ? "Adding…" : "Add side pot"}
            </Button>
          </form>
        </details>
      </div>
    </Panel>
  );
}
