import { Link } from "react-router";
import { DataTable, stackWide, td, tdNum, th } from "~/components/ui/table";
import { useLeague } from "~/hooks/use-league";
import { formatCents } from "~/lib/shared/money";
import { useLeagueUrls } from "~/hooks/use-league-urls";

export type PaymentView = {
  id: number;
  createdAt: number;
  method: string;
  status: string;
  amountCents: number;
  creditUsedCents: number;
  providerFeeCents: number | null;
  transactionId: string | null;
  roundId: number;
  roundName: string;
  userId: number | null;
  userName: string | null;
  playerName: string;
  paymentData: string | null;
  refundedCents: number;
  reversed: boolean;
  givenBackCents: number | null;
};

const METHODS: Record<string, string> = { paypal: "PayPal", cash: "Cash", credit: "Credit" };

/** A cash payment's note (payment_data {note}), if any. */
function noteOf(p: PaymentView): string | null {
  if (p.method !== "cash" || !p.paymentData) return null;
  try {
    const data = JSON.parse(p.paymentData) as { note?: unknown };
    return typeof data.note === "string" ? data.note : null;
  } catch {
    return null;
  }
}

/** The status, and what came back of the payment since: PayPal's refunds, credit for a withdrawal. */
function StatusCell({ p }: { p: PaymentView }) {
  return (
    <td className={td} data-label="Status">
      <PaymentStatus status={p.status} />
      {p.refundedCents > 0 ? (
        <span className="block text-xs text-danger-700">
          {p.reversed ? "Reversed" : "Refunded"} {formatCents(p.refundedCents)} by PayPal
        </span>
      ) : null}
      {p.givenBackCents !== null ? <span className="block text-xs text-muted">{formatCents(p.givenBackCents)} back as credit</span> : null}
    </td>
  );
}

/** The admin's payment list: date, user, round, method, amounts, status and refunds, transaction id or cash note. */
export function PaymentsTable({ payments, caption = "Payments" }: { payments: PaymentView[]; caption?: string }) {
  const { href } = useLeagueUrls();
  const { date } = useLeague();
  return (
    <DataTable
      caption={caption}
      stack
      head={
        <tr>
          {["Date", "User", "Round", "Method", "Amount", "Credit used", "PayPal fee", "Status", "Transaction"].map((h) => (
            <th key={h} className={["Amount", "Credit used", "PayPal fee"].includes(h) ? `${th} text-right` : th}>
              {h}
            </th>
          ))}
        </tr>
      }
    >
      {payments.map((p) => (
        // An abandoned order (ADR 23) stays listed, muted: nothing was charged for it.
        <tr key={p.id} className={p.status === "expired" ? "text-muted" : undefined}>
          <td className={`${td} font-semibold sm:font-normal`}>{date(p.createdAt)}</td>
          <td className={td} data-label="User">
            {p.userId ? (
              <Link to={href(`/admin/user/${p.userId}`)} className="font-medium text-brand-800 hover:underline">
                {p.userName}
              </Link>
            ) : (
              "—"
            )}
            <span className="block text-xs text-muted">{p.playerName}</span>
          </td>
          <td className={td} data-label="Round">
            <Link to={href(`/admin/round/play/${p.roundId}`)} className="text-brand-800 hover:underline">
              {p.roundName}
            </Link>
          </td>
          <td className={td} data-label="Method">
            {METHODS[p.method] ?? p.method}
          </td>
          <td className={tdNum} data-label="Amount">
            {formatCents(p.amountCents)}
          </td>
          <td className={tdNum} data-label="Credit used">
            {formatCents(p.creditUsedCents)}
          </td>
          <td className={tdNum} data-label="PayPal fee">
            {p.providerFeeCents === null ? null : formatCents(p.providerFeeCents)}
          </td>
          <StatusCell p={p} />
          <td className={`${td} ${stackWide} text-xs`} data-label="Transaction">
            {p.transactionId ? <span className="font-mono break-all">{p.transactionId}</span> : noteOf(p)}
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

/** A payment's status, with what the two PayPal states that took no money mean. */
function PaymentStatus({ status }: { status: string }) {
  const note = status === "expired" ? "abandoned, never charged" : status === "created" ? "waiting for PayPal" : null;
  return (
    <>
      {status}
      {note ? <span className="block text-xs text-muted">{note}</span> : null}
    </>
  );
}
