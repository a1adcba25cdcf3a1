import { Link } from "react-router";
import { Alert } from "~/components/ui/alert";
import { ButtonLink } from "~/components/ui/button";
import { StatusBadge, claimStatus } from "~/components/ui/badge";
import { Panel, Stats } from "~/components/ui/panel";
import { formatCents } from "~/lib/shared/money";
import type { OwnClaim } from "~/.server/services/players/own-claim";
import { fullName } from "~/lib/players/player-name";
import { useLeagueUrls } from "~/hooks/use-league-urls";

const link = "font-medium text-brand-800 underline underline-offset-2";

function NextStep({ status, note }: { status: string; note: string | null }) {
  const { href } = useLeagueUrls();
  if (status === "approved") return null;
  if (status === "pending") return <p className="text-sm text-muted">Your claim is waiting for an admin to review it.</p>;
  if (status === "conflict") {
    // The admin's note says what is in doubt; the user may withdraw and claim again.
    return (
      <div className="space-y-2 text-sm">
        <Alert tone="warning" title="An admin needs to hear from you about this claim">
          {note ?? "There is a question about this claim."}
        </Alert>
        <p className="text-muted">
          If this is not your record, withdraw the claim on the{" "}
          <Link to={href("/players")} className={link}>
            Players page
          </Link>{" "}
          and claim the right one.
        </p>
      </div>
    );
  }
  return (
    <p className="text-sm text-muted">
      An admin has not approved this claim.{" "}
      <Link to={href("/players")} className={link}>
        Find your player record
      </Link>
    </p>
  );
}

/**
 * The profile's first panel: the player record the user claimed, where the claim stands
 * and, once approved, the record's credit; a way to find the record when there is no
 * claim. Admins claim no player: they get no claim status.
 */
export function ClaimedPlayerPanel({ claim, isAdmin }: { claim: OwnClaim | null; isAdmin: boolean }) {
  const { href } = useLeagueUrls();
  if (isAdmin) {
    return (
      <Panel title="Your player record" titleId="player-card-title" actions={<StatusBadge status="Admin" />}>
        <p className="text-sm text-muted">Admins do not claim a player record.</p>
      </Panel>
    );
  }
  if (!claim) {
    return (
      <Panel title="Your player record" titleId="player-card-title" tone="highlight">
        <p className="mb-4">You have not claimed a player record yet. Find your name on the Players page and claim your record.</p>
        <ButtonLink to={href("/players")} variant="primary">
          Find your player record
        </ButtonLink>
      </Panel>
    );
  }
  const approved = claim.status === "approved";
  return (
    <Panel title="Your player record" titleId="player-card-title" actions={<StatusBadge status={claimStatus(claim.status)} />}>
      <div className="space-y-3">
        <p className="font-display text-2xl font-semibold tracking-wide">
          <Link to={href(`/players/${claim.playerId}`)} className="text-brand-800 underline-offset-4 hover:underline">
            {fullName(claim)}
          </Link>
        </p>
        {approved ? <Stats items={[{ label: "Credit", value: formatCents(claim.balanceCents) }]} /> : null}
        <NextStep status={claim.status} note={claim.note} />
      </div>
    </Panel>
  );
}
