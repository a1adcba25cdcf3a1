import { Form, useNavigation } from "react-router";
import { ActionStatus } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Panel } from "~/components/ui/panel";
import { useFormResult } from "~/hooks/use-form-result";

// A cancelled round's PayPal payment on the player's home (ADR 50): given back as league
// credit, it may go back to PayPal instead until the last day. The button posts to the home
// page's own action (a plain form: it works without scripts); the page then shows the server's
// state again: "Refund of $4.17 to PayPal asked on …".

/** The form's intent: the home page's action takes this one. */
export const PAYPAL_BACK_INTENT = "paypalBack";

/** One payment as the home shows it, its words made by the loader (the league's zone). */
export type PayPalBackLine = {
  paymentId: number;
  /** "Your $4.17 for Wet Thursday is back as league credit." */
  credited: string;
  /** "Get $4.17 back to PayPal instead of credit": the button. */
  offer: string;
  /** "Until 07/31/26". */
  until: string;
  /** "Refund of $4.17 to PayPal asked on 07/02/26." once asked, else null. */
  asked: string | null;
};

function Offer({ line, busy }: { line: PayPalBackLine; busy: boolean }) {
  const lead = `paypal-back-${line.paymentId}`;
  if (line.asked) return <p className="text-sm">{line.asked}</p>;
  return (
    <Form method="post" className="space-y-2">
      <p id={lead} className="text-sm">
        {line.credited}
      </p>
      <input type="hidden" name="intent" value={PAYPAL_BACK_INTENT} />
      <input type="hidden" name="paymentId" value={line.paymentId} />
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Button type="submit" variant="secondary" disabled={busy} aria-describedby={`${lead} ${lead}-until`}>
          {line.offer}
        </Button>
        <span id={`${lead}-until`} className="text-sm text-muted">
          {line.until}
        </span>
      </div>
    </Form>
  );
}

/**
 * The player's cancelled rounds' PayPal payments: each to ask back, or asked; the action's
 * answer above them (shown even when no payment is left to list: a refusal must be read).
 */
export function PayPalBackCard({ lines }: { lines: PayPalBackLine[] }) {
  const busy = useNavigation().state === "submitting";
  const { success, formError, fieldErrors } = useFormResult();
  const refused = formError ?? Object.values(fieldErrors)[0] ?? null;
  if (lines.length === 0 && !success && !refused) return null;
  return (
    <Panel title="Cancelled rounds: your PayPal payments" titleId="paypal-back-title">
      <div className="space-y-3">
        <ActionStatus message={success} />
        <ActionStatus message={refused} tone="error" />
        <ul className="space-y-4">
          {lines.map((line) => (
            <li key={line.paymentId}>
              <Offer line={line} busy={busy} />
            </li>
          ))}
        </ul>
      </div>
    </Panel>
  );
}
