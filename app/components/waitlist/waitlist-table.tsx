import type { ListRow } from "~/.server/services/waitlist/waitlist-view";
import { DataTable, HeadRow, td } from "~/components/ui/table";
import { EmptyState } from "~/components/ui/empty-state";
import { useLeague } from "~/hooks/use-league";

const STATUS: Record<ListRow["status"], string> = {
  waiting: "Waiting",
  offered: "Offered",
  lapsed: "Offer lapsed",
  entered: "Entered",
  auto_entered: "Entered from credit",
  expired: "Offer lapsed",
  left: "Left",
};

/** A round's waitlist in order, each with its status (ADR 28): the admin's round page and the night screen. */
export function WaitlistTable({ rows }: { rows: ListRow[] }) {
  const { time, longDate } = useLeague();
  if (rows.length === 0) return <EmptyState title="No one is on the waitlist." />;
  return (
    <DataTable
      caption="Waitlist, in order"
      stack
      head={<HeadRow columns={["Player", "Place", "Division", "Status", "Enter from credit"]} />}
    >
      {rows.map((r) => (
        <tr key={r.id}>
          <td className={td}>{r.name}</td>
          <td className={td} data-label="Place">
            {r.position ?? "–"}
          </td>
          <td className={td} data-label="Division">
            {r.division}
          </td>
          <td className={td} data-label="Status">
            {STATUS[r.status]}
            {r.status === "offered" && r.offerExpiresAt ? ` until ${longDate(r.offerExpiresAt)} ${time(r.offerExpiresAt)}` : ""}
          </td>
          <td className={td} data-label="Enter from credit">
            {r.autoConfirm ? "Yes" : "No"}
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
