import { Link } from "react-router";
import { AuditList } from "~/components/audit/audit-list";
import type { AuditPage } from "~/.server/services/audit/audit-log";
import { Panel } from "~/components/ui/panel";

/**
 * The latest money changes of one player or by one user (ADR 20), in a panel, with a link
 * to the whole audit log filtered the same way.
 */
export function MoneyHistory(props: {
  title: string;
  titleId: string;
  history: AuditPage;
  empty: string;
  allHref: string;
  allLabel: string;
  /** Off where every change is one user's own. */
  showActor?: boolean;
}) {
  const { history } = props;
  return (
    <Panel title={props.title} titleId={props.titleId}>
      <div className="space-y-2">
        {history.entries.length === 0 ? (
          <p className="text-sm text-muted">{props.empty}</p>
        ) : (
          <AuditList entries={history.entries} label={props.title} framed={false} showActor={props.showActor} />
        )}
        <Link
          to={props.allHref}
          className="inline-flex min-h-11 items-center text-sm font-medium text-brand-800 underline underline-offset-2"
        >
          {`${props.allLabel}\u00a0→`}
        </Link>
      </div>
    </Panel>
  );
}
