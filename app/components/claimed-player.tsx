import { Link } from "react-router";
import { ButtonLink } from "./ui/button";
import { StatusBadge, claimStatus } from "./ui/badge";
import { Card, Stats } from "./ui/card";
import { formatCents } from "~/lib/money";
import type { OwnClaim } from "~/.server/services/own-claim";

const link = "font-medium text-brand-800 underline underline-offset-2";

function NextStep({ status }: { status: string }) {
  if (status === "approved") return null;
  if (status === "pending") return <p className="text-sm text-muted">Your claim is waiting for an admin to review it.</p>;
  return (
    <p className="text-sm text-muted">
      An admin has not approved this claim.{" "}
      <Link to="/players" className={link}>
        Find your player record
      </Link>
    </p>
  );
}

/**
 * The profile's first card: the player record the user claimed, where the claim stands
 * and, once approved, the record's credit; a way to find the record when there is no
 * claim. Admins claim no player (spec §6): they get no claim status.
 */
export function ClaimedPlayerCard({ claim, isAdmin }: { claim: OwnClaim | null; isAdmin: boolean }) {
  if (isAdmin) {
    return (
      <Card title="Your player record" titleId="player-card-title" actions={<StatusBadge status="Admin" />}>
        <p className="text-sm text-muted">Admins do not claim a player record.</p>
      </Card>
    );
  }
  if (!claim) {
    return (
      <Card title="Your player record" titleId="player-card-title" tone="highlight">
        <p className="mb-4">You have not claimed a player record yet. Find your name on the Players page and claim your record.</p>
        <ButtonLink to="/players" variant="primary">
          Find your player record
        </ButtonLink>
      </Card>
    );
  }
  const approved = claim.status === "approved";
  return (
    <Card title="Your player record" titleId="player-card-title" actions={<StatusBadge status={claimStatus(claim.status)} />}>
      <div className="space-y-3">
        <p className="font-display text-2xl font-semibold tracking-wide">
          <Link to={`/players/${claim.playerId}`} className="text-brand-800 underline-offset-4 hover:underline">
            {claim.firstName} {claim.lastName}
          </Link>
        </p>
        {approved ? <Stats items={[{ label: "Credit", value: formatCents(claim.balanceCents) }]} /> : null}
        <NextStep status={claim.status} />
      </div>
    </Card>
  );
}
