import type { TransferRow } from "~/.server/services/transfers";
import { DataTable as Table, td, tdNum, th } from "~/components/ui/table";
import { useLeague } from "~/hooks/use-league";
import { formatCents } from "~/lib/money";

export function TransferTable({ transfers, caption }: { transfers: TransferRow[]; caption: string }) {
  const { date } = useLeague();
  if (transfers.length === 0) return <p className="text-slate-600">No transfers.</p>;
  return (
    <Table
      caption={caption}
      head={
        <tr>
          <th className={th}>Date</th>
          <th className={th}>From</th>
          <th className={th}>To</th>
          <th className={`${th} text-right`}>Amount</th>
          <th className={th}>Description</th>
        </tr>
      }
    >
      {transfers.map((t) => (
        <tr key={t.id}>
          <td className={td}>{date(t.d)}</td>
          <td className={td}>{t.fromName ?? "League"}</td>
          <td className={td}>{t.toName ?? "League"}</td>
          <td className={tdNum}>{formatCents(t.amtCents)}</td>
          <td className="px-3 py-2">{t.description}</td>
        </tr>
      ))}
    </Table>
  );
}
