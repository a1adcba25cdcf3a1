import { useState } from "react";
import { useRevalidator } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Dialog, DialogActions, DialogCancel } from "~/components/ui/dialog";
import { CheckboxField, Field, SelectField } from "~/components/ui/field";
import { DIVISIONS } from "~/lib/divisions";
import { centsInput, formatCents, typedCents } from "~/lib/money";
import { type RoundFees, quoteSignUp, suggestedCreditCents } from "~/lib/pricing";

export type SignUpFacts = { playerId: number; division: string; balanceCents: number; entered: boolean };
type Step = { kind: "form" } | { kind: "submitting" } | { kind: "complete" } | { kind: "failed"; message: string };

/**
 * The sign-up dialog (spec §2, §4): form → submitting → complete. Every amount updates as
 * the player changes the division, the ace fund or the credit; the server computes them
 * again and charges only what it computed.
 */
export function SignUpDialog({ round, facts }: { round: RoundFees & { id: number; n: string }; facts: SignUpFacts }) {
  const [open, setOpen] = useState(false);
  const [division, setDivision] = useState(facts.division);
  const [ace, setAce] = useState(true);
  const [credit, setCredit] = useState(() => centsInput(suggestedCreditCents(facts.balanceCents, round)));
  const [step, setStep] = useState<Step>({ kind: "form" });
  const { revalidate } = useRevalidator();
  const quote = quoteSignUp({ round, aceOptIn: ace, balanceCents: facts.balanceCents, creditRequestedCents: typedCents(credit) });

  async function signUpWithCredit() {
    setStep({ kind: "submitting" });
    try {
      const res = await fetch("/api/entries", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          ace,
          amount: quote.chargeCents / 100,
          credit_used: quote.creditUsedCents / 100,
          division,
          method: "credit",
          payment_data: null,
          player_id: facts.playerId,
          round_id: round.id,
          score: 0,
        }),
      });
      const body = (await res.json().catch(() => ({}))) as { error?: string };
      if (!res.ok) return setStep({ kind: "failed", message: body.error ? `Signup failed: ${body.error}` : "Signup failed" });
      // The page learns of the entry when the dialog closes: revalidating now would replace
      // the panel (and this dialog) under the player's eyes.
      setStep({ kind: "complete" });
    } catch {
      setStep({ kind: "failed", message: "Network error" });
    }
  }

  const rows: [string, string][] = [
    ["Your credit", formatCents(facts.balanceCents)],
    ["Total", formatCents(quote.totalCents)],
    ["Credit used", formatCents(quote.creditUsedCents)],
    ["Convenience fee", formatCents(quote.feeCents)],
    ["To pay", formatCents(quote.chargeCents)],
  ];
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) return;
        if (step.kind === "complete") revalidate();
        else setStep({ kind: "form" });
      }}
      title={`Sign up: ${round.n}`}
      trigger={<Button>Sign up</Button>}
    >
      {step.kind === "complete" ? (
        <>
          <Alert tone="success">You are signed up for this round.</Alert>
          <DialogActions>
            <DialogCancel>Close</DialogCancel>
          </DialogActions>
        </>
      ) : (
        <div className="space-y-4">
          <SelectField label="Division" value={division} onChange={(e) => setDivision(e.target.value)}>
            {DIVISIONS.map((d) => (
              <option key={d}>{d}</option>
            ))}
          </SelectField>
          <CheckboxField label={`Ace fund (${formatCents(round.aceCents)})`} checked={ace} onChange={(e) => setAce(e.target.checked)} />
          <Field
            label="Credit to use"
            inputMode="decimal"
            value={credit}
            onChange={(e) => setCredit(e.target.value)}
            onBlur={() => setCredit(centsInput(quote.creditUsedCents))}
            hint={`From $0.00 up to ${formatCents(Math.min(Math.max(0, facts.balanceCents), quote.totalCents))}`}
          />
          <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm" aria-live="polite">
            {rows.map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="text-muted">{label}</dt>
                <dd className="text-right font-semibold tabular-nums">{value}</dd>
              </div>
            ))}
          </dl>
          {step.kind === "failed" ? <Alert tone="error">{step.message}</Alert> : null}
          {quote.paidByCredit ? null : (
            <p className="text-sm">
              Your credit does not cover the whole entry. Paying the rest with PayPal is coming soon; until then, ask an admin to enter you.
            </p>
          )}
          <DialogActions>
            <DialogCancel />
            {quote.paidByCredit ? (
              <Button onClick={signUpWithCredit} disabled={step.kind === "submitting"}>
                {step.kind === "submitting" ? "Signing up…" : "Sign up with credit"}
              </Button>
            ) : null}
          </DialogActions>
        </div>
      )}
    </Dialog>
  );
}
