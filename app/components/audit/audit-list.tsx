import { Link } from "react-router";
import type { AuditChange, AuditEntry } from "~/.server/services/audit/audit-words";
import { useLeagueUrls } from "~/hooks/use-league-urls";

// The audit log as a list (ADR 20): one item per change, its headline and who made it when,
// then each changed field as "before → after". A list, not a table: on a phone the items
// stack and each change stays on its own line, without sideways scrolling.

const tones: Record<AuditEntry["action"], string> = {
  Added: "bg-brand-100 text-brand-900 ring-brand-600/30",
  Changed: "bg-info-50 text-info-800 ring-info-200",
  Removed: "bg-danger-50 text-danger-800 ring-danger-200",
};

function ActionBadge({ action }: { action: AuditEntry["action"] }) {
  return (
    <span className={`inline-flex whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${tones[action]}`}>
      {action}
    </span>
  );
}

function ChangeValue({ change }: { change: AuditChange }) {
  if (change.before === null || change.after === null) return <span>{change.after ?? change.before}</span>;
  return (
    <>
      <span className="text-muted">{change.before}</span>
      <span aria-hidden="true"> → </span>
      <span className="sr-only"> changed to </span>
      <span className="font-semibold">{change.after}</span>
    </>
  );
}

function Changes({ entry }: { entry: AuditEntry }) {
  if (entry.changes.length === 0) return <p className="text-sm text-muted">No amounts recorded.</p>;
  return (
    <dl className="grid grid-cols-[minmax(0,auto)_minmax(0,1fr)] content-start gap-x-3 gap-y-0.5 text-sm">
      {entry.changes.map((c) => (
        <div key={c.field} className="contents">
          <dt className="text-muted">{c.field}</dt>
          <dd className="min-w-0 break-words tabular-nums">
            <ChangeValue change={c} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

const roleNote = (role: string | null) => (role === "admin" || role === "player" ? ` (${role})` : "");

/** Who made the change: a user links to their page (the name they had then, kept in the row). */
function Actor({ entry }: { entry: AuditEntry }) {
  const { href } = useLeagueUrls();
  const { userId, name, role } = entry.actor;
  if (userId === null) return <>{name}</>;
  return (
    <>
      <Link to={href(`/admin/user/${userId}`)} className="font-medium text-brand-800 underline-offset-2 hover:underline">
        {name}
      </Link>
      {roleNote(role)}
    </>
  );
}

/**
 * The changes, newest first. `label` names the list for screen readers; `framed` draws its
 * own panel (off inside a Card); `showActor` is off where every change is one user's.
 */
export function AuditList({
  entries,
  label,
  framed = true,
  showActor = true,
}: {
  entries: AuditEntry[];
  label: string;
  framed?: boolean;
  showActor?: boolean;
}) {
  const frame = framed ? "rounded-xl border border-line bg-surface shadow-sm" : "-mx-4 border-y border-line sm:-mx-5";
  return (
    <ol aria-label={label} className={`divide-y divide-line ${frame}`}>
      {entries.map((e) => (
        <li key={e.id} className="grid gap-x-6 gap-y-2 px-4 py-3 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
          <div className="min-w-0 space-y-0.5">
            <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <span className="break-words font-semibold">{e.what}</span>
              <ActionBadge action={e.action} />
            </p>
            {e.context ? <p className="break-words text-sm">{e.context}</p> : null}
            <p className="text-sm text-muted">
              <time dateTime={new Date(e.at * 1000).toISOString()}>{e.when}</time>
              {showActor ? (
                <>
                  {" · by "}
                  <Actor entry={e} />
                </>
              ) : null}
            </p>
          </div>
          <Changes entry={e} />
        </li>
      ))}
    </ol>
  );
}
