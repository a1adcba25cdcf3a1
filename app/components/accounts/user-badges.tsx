import { StatusBadge, claimStatus } from "~/components/ui/badge";

const word = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** A stored claim status as its badge; a withdrawn claim is over (grey), not waiting. */
export function ClaimBadge({ status, prefix = "" }: { status: string; prefix?: string }) {
  const tone = status === "withdrawn" ? "Rejected" : claimStatus(status);
  return <StatusBadge status={tone} label={prefix ? `${prefix} ${status}` : word(status)} />;
}

/** A user's states as badges: Locked, Operator (ADR 47), and where their claim stands; "–" for none. */
export function UserBadges({ user }: { user: { isOperator: boolean; locked: boolean; claimStatus: string | null } }) {
  if (!user.isOperator && !user.locked && !user.claimStatus) return <span className="text-muted">–</span>;
  return (
    <span className="inline-flex flex-wrap gap-1">
      {user.locked ? <StatusBadge status="Locked" /> : null}
      {user.isOperator ? <StatusBadge status="Admin" label="Operator" /> : null}
      {user.claimStatus ? <ClaimBadge status={user.claimStatus} prefix="Claim" /> : null}
    </span>
  );
}
