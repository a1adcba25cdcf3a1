import { MoneyHistory } from "./money-history";
import type { AuditPage } from "~/.server/services/audit/audit-log";
import { useLeagueUrls } from "~/hooks/use-league-urls";

/** The admin's part of a player's page: the latest changes to their money (ADR 20). */
export function PlayerMoneyHistory({ playerId, history }: { playerId: number; history: AuditPage }) {
  const { href } = useLeagueUrls();
  return (
    <MoneyHistory
      title="Money history"
      titleId="money-history-title"
      history={history}
      empty="No changes to this player's money yet."
      allHref={href(`/admin/audit?player=${playerId}`)}
      allLabel="All of this player's changes in the audit log"
    />
  );
}
