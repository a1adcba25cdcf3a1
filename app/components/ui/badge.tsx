/**
 * A status in a word. One colour per meaning across the app: green for what is open or
 * settled, amber for what waits on someone, red for what is blocked, grey for what is over.
 */
export type Status = "Open" | "Closed" | "Today" | "Pending" | "Approved" | "Conflict" | "Rejected" | "Locked" | "Inactive" | "Admin";

const tones: Record<Status, string> = {
  Open: "bg-brand-100 text-brand-900 ring-brand-600/30",
  Approved: "bg-brand-100 text-brand-900 ring-brand-600/30",
  Today: "bg-info-50 text-info-800 ring-info-200",
  Admin: "bg-info-50 text-info-800 ring-info-200",
  Pending: "bg-warn-50 text-warn-800 ring-warn-200",
  Conflict: "bg-danger-50 text-danger-800 ring-danger-200",
  Locked: "bg-danger-50 text-danger-800 ring-danger-200",
  Closed: "bg-slate-100 text-slate-700 ring-slate-300",
  Rejected: "bg-slate-100 text-slate-700 ring-slate-300",
  Inactive: "bg-slate-100 text-slate-700 ring-slate-300",
};

export function StatusBadge({ status, label }: { status: Status; label?: string }) {
  return (
    <span
      className={`inline-flex items-center whitespace-nowrap rounded-full px-2 py-0.5 font-sans text-xs font-semibold tracking-normal ring-1 ring-inset ${tones[status]}`}
    >
      {label ?? status}
    </span>
  );
}

/** The badge for a stored claim status ('pending', 'approved' …). */
export function claimStatus(status: string): Status {
  const s = status.charAt(0).toUpperCase() + status.slice(1);
  return (s in tones ? s : "Pending") as Status;
}
