import { useState } from "react";
import {
  approveInStandIn,
  CANCELLED,
  createOrder,
  type SignUpChoice,
  SignUpRefused,
  submitSignUp,
  usePayPalSession,
} from "./signup-client";
import { useRevalidator } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Dialog, DialogActions, DialogCancel } from "~/components/ui/dialog";
import { CheckboxFormField, FormField, SelectFormField } from "~/components/ui/form-field";
import { DivisionOptions } from "~/components/players/division-options";
import { centsInput, formatCents, typedCents } from "~/lib/shared/money";
import { NO_PAYPAL_MESSAGE, type PayPalCheckout } from "~/lib/signup/paypal-checkout";
import type { WaitlistPlace } from "~/.server/services/waitlist/place";
import { type RoundFees, entryTotalCents, quoteSignUp, suggestedCreditCents } from "~/lib/signup/pricing";
import { useLeagueUrls } from "~/hooks/use-league-urls";

export type SignUpFacts = {
  playerId: number;
  division: string;
  balanceCents: number;
  entered: boolean;
  payPal: PayPalCheckout | null;
  /** The player's entry, while they may still withdraw from it, and what withdrawing gives back (ADR 22). */
  withdraw: { entryId: number; back: { creditCents: number; paypalCents: number; cashCents: number } } | null;
  /** Checked in: only the organiser withdraws them now (ADR 34). */
  checkedIn?: boolean;
  /** The league's divisions (its settings), offered first. */
  divisions: readonly string[];
  /**
   * A capped round (ADR 28): the player's place on its waitlist, the deadline of their offer
   * that lapsed (null: none), and why their division is full (null: it has room).
   */
  waitlist: { place: WaitlistPlace | null; lapsedAt: number | null; full: string | null } | null;
  /** The round's side pots still taking players (ADR 30): bought into with the entry. */
  sidePots: { id: number; name: string; buyInCents: number }[];
  /** The league's rain-out policy in its own words (ADR 50); empty: none is shown. */
  rainOutPolicy?: string;
};
type Step =
  | { kind: "form" }
  | { kind: "submitting" }
  // The local stand-in in place of PayPal's window: the payer approves or cancels here.
  | { kind: "approve"; orderId: string; origin: string }
  | { kind: "capturing" }
  | { kind: "complete" }
  | { kind: "pending"; message: string }
  | { kind: "failed"; message: string };

/**
 * The sign-up dialog: form → submitting → complete. Every amount updates as
 * the player changes the division, the ace fund or the credit; the server computes them
 * again and charges only what it computed.
 */
export function SignUpDialog({
  round,
  facts,
  triggerLabel = "Sign up",
}: {
  round: RoundFees & { id: number; name: string };
  facts: SignUpFacts;
  triggerLabel?: string;
}) {
  const urls = useLeagueUrls();
  const [open, setOpen] = useState(false);
  const [division, setDivision] = useState(facts.division);
  const [ace, setAce] = useState(true);
  const [pots, setPots] = useState<number[]>([]);
  const potsCents = (ids: number[]) => facts.sidePots.filter((p) => ids.includes(p.id)).reduce((sum, p) => sum + p.buyInCents, 0);
  const sidePotsCents = potsCents(pots);
  // A pot bought or dropped moves the suggested credit with the total.
  const choosePots = (ids: number[]) => {
    setPots(ids);
    setCredit(centsInput(Math.min(Math.max(0, facts.balanceCents), entryTotalCents(round, ace, potsCents(ids)))));
  };
  const [credit, setCredit] = useState(() => centsInput(suggestedCreditCents(facts.balanceCents, round)));
  const [step, setStep] = useState<Step>({ kind: "form" });
  const { revalidate } = useRevalidator();
  const quote = quoteSignUp({
    round,
    aceOptIn: ace,
    sidePotsCents,
    balanceCents: facts.balanceCents,
    creditRequestedCents: typedCents(credit),
  });
  const choice: SignUpChoice = {
    playerId: facts.playerId,
    roundId: round.id,
    division,
    ace,
    creditUsedCents: quote.creditUsedCents,
    sidePotIds: pots,
  };

  async function capture(orderId: string) {
    setStep({ kind: "capturing" });
    setStep(await submitSignUp(urls, choice, orderId));
  }
  const failed = (message: string) => setStep({ kind: "failed", message });
  const { session, failure: payPalFailure } = usePayPalSession(facts.payPal, open && !quote.paidByCredit, {
    onApprove: capture,
    onCancel: () => failed(CANCELLED),
    onError: (message) => failed(`PayPal error: ${message}`),
  });

  /** The order from our server; its refusal (closed, already in…) is shown as the server words it. */
  const order = () =>
    createOrder(urls, choice).catch((error: unknown) => {
      failed(error instanceof SignUpRefused ? `Signup failed: ${error.message}` : "Network error");
      throw error;
    });

  async function payWithPayPal() {
    const checkout = facts.payPal;
    if (!checkout) return;
    setStep({ kind: "submitting" });
    if (checkout.kind === "paypal") {
      // The order's promise goes to start() at once, so PayPal's window keeps the click.
      await session?.start({ presentationMode: "auto" }, order()).catch(() => {});
      // PayPal's window closed without a word (no approve, cancel or error): back to the form.
      setStep((now) => (now.kind === "submitting" ? { kind: "form" } : now));
      return;
    }
    try {
      const { orderId } = await order();
      setStep({ kind: "approve", orderId, origin: checkout.origin });
    } catch {
      // Shown by order().
    }
  }

  async function approveLocally(orderId: string, origin: string) {
    setStep({ kind: "capturing" });
    try {
      await approveInStandIn(origin, orderId);
    } catch (error) {
      return failed(`PayPal error: ${error instanceof Error ? error.message : String(error)}`);
    }
    await capture(orderId);
  }

  async function signUpWithCredit() {
    setStep({ kind: "submitting" });
    // The page learns of the entry when the dialog closes: revalidating now would replace
    // the panel (and this dialog) under the player's eyes.
    setStep(await submitSignUp(urls, choice, null));
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
      title={`Sign up: ${round.name}`}
      trigger={<Button>{triggerLabel}</Button>}
    >
      {step.kind === "complete" || step.kind === "pending" ? (
        <>
          {step.kind === "complete" ? (
            <Alert tone="success">You are signed up for this round.</Alert>
          ) : (
            <Alert tone="info">{step.message}</Alert>
          )}
          <DialogActions>
            <DialogCancel>Close</DialogCancel>
          </DialogActions>
        </>
      ) : step.kind === "approve" || (step.kind === "capturing" && facts.payPal?.kind === "standin") ? (
        <div className="space-y-4">
          <div className="rounded-lg border border-info-200 bg-info-50 p-3 text-sm text-info-800">
            <p className="font-semibold">Local PayPal stand-in</p>
            <p className="mt-1">
              This machine has no PayPal credentials, so the stand-in plays PayPal's window: approve or cancel the payment of{" "}
              <strong>{formatCents(quote.chargeCents)}</strong>.
            </p>
          </div>
          <DialogActions>
            <Button variant="secondary" disabled={step.kind !== "approve"} onClick={() => failed(CANCELLED)}>
              Cancel payment
            </Button>
            <Button disabled={step.kind !== "approve"} onClick={() => step.kind === "approve" && approveLocally(step.orderId, step.origin)}>
              {step.kind === "capturing" ? "Paying…" : "Approve payment"}
            </Button>
          </DialogActions>
        </div>
      ) : (
        <div className="space-y-4">
          <SelectFormField label="Division" value={division} onChange={(e) => setDivision(e.target.value)}>
            <DivisionOptions league={facts.divisions} />
          </SelectFormField>
          <CheckboxFormField label={`Ace fund (${formatCents(round.aceCents)})`} checked={ace} onChange={(e) => setAce(e.target.checked)} />
          {facts.sidePots.map((pot) => (
            <CheckboxFormField
              key={pot.id}
              label={`${pot.name} (${formatCents(pot.buyInCents)})`}
              checked={pots.includes(pot.id)}
              onChange={(e) => choosePots(e.target.checked ? [...pots, pot.id] : pots.filter((id) => id !== pot.id))}
            />
          ))}
          <FormField
            label="Credit to use"
            inputMode="decimal"
            value={credit}
            onChange={(e) => setCredit(e.target.value)}
            onBlur={() => setCredit(centsInput(quote.creditUsedCents))}
            hint={`From $0.00 up to ${formatCents(Math.min(Math.max(0, facts.balanceCents), quote.totalCents))}`}
          />
          {facts.rainOutPolicy ? (
            <section aria-labelledby="rain-out-policy" className="rounded-lg border border-line p-3 text-sm">
              <h3 id="rain-out-policy" className="font-semibold">
                Rain-out policy
              </h3>
              <p className="mt-1 whitespace-pre-line">{facts.rainOutPolicy}</p>
            </section>
          ) : null}
          <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm" aria-live="polite">
            {rows.map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="text-muted">{label}</dt>
                <dd className="text-right font-semibold tabular-nums">{value}</dd>
              </div>
            ))}
          </dl>
          {step.kind === "failed" ? <Alert tone="error">{step.message}</Alert> : null}
          {quote.paidByCredit ? null : !facts.payPal ? (
            <p className="text-sm">Your credit does not cover the whole entry. {NO_PAYPAL_MESSAGE}</p>
          ) : payPalFailure ? (
            <Alert tone="error">{payPalFailure}</Alert>
          ) : (
            <p className="text-sm">
              {facts.balanceCents < quote.totalCents
                ? "Your credit does not cover the whole entry. Pay the rest with PayPal (with its convenience fee)."
                : "Pay the rest with PayPal (with its convenience fee), or use more of your credit."}
            </p>
          )}
          <DialogActions>
            <DialogCancel />
            {quote.paidByCredit ? (
              <Button onClick={signUpWithCredit} disabled={step.kind === "submitting"}>
                {step.kind === "submitting" ? "Signing up…" : "Sign up with credit"}
              </Button>
            ) : facts.payPal ? (
              <Button
                onClick={payWithPayPal}
                disabled={step.kind === "submitting" || step.kind === "capturing" || (facts.payPal.kind === "paypal" && !session)}
              >
                {step.kind === "submitting" || step.kind === "capturing" ? "Paying…" : `Pay ${formatCents(quote.chargeCents)} with PayPal`}
              </Button>
            ) : null}
          </DialogActions>
        </div>
      )}
    </Dialog>
  );
}
