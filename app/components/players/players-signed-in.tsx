import { Form, useNavigation } from "react-router";
import type { ClaimRow } from "~/.server/services/players/claims";
import type { ListedPlayer } from "./players-list";
import { PlayerDialog } from "./player-dialog";
import { StatusBadge, claimStatus } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/dialog";
import { fullName } from "~/lib/players/player-name";

// What only a signed-in user or an admin sees on /players, in its own module: the page
// loads it when it renders one (app/components/ui/lazy-part.tsx), so an anonymous visit
// does not (the client budget, ADR 24).

/** The user's open claim, above the search: where it stands. */
export function YourClaim({ claim }: { claim: ClaimRow }) {
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm">
      Your claim: <strong>{fullName(claim)}</strong> <StatusBadge status={claimStatus(claim.status)} />
      {claim.status === "conflict" && claim.note ? <span className="text-muted">Admin's note: {claim.note}</span> : null}
    </p>
  );
}

/** Claim a record (when the user has no open claim), or withdraw the claim on this one. */
export function ClaimActions({ player, open }: { player: ListedPlayer; open: ClaimRow | null }) {
  const busy = useNavigation().state === "submitting";
  const who = fullName(player);
  if (open && open.playerId === player.id) {
    return (
      <ConfirmDialog
        trigger="Unclaim"
        triggerLabel={`Unclaim ${who}`}
        size="sm"
        tone="danger"
        title={`Unclaim ${who}?`}
        description="Your claim on this record is withdrawn. You can claim a record again afterwards."
        confirmLabel="Unclaim"
        intent="unclaim"
        fields={{ claimId: open.id }}
        disabled={busy}
      />
    );
  }
  if (open || player.inactive) return null;
  return (
    <Form method="post" className="inline">
      <input type="hidden" name="intent" value="claim" />
      <input type="hidden" name="playerId" value={player.id} />
      <Button type="submit" size="sm" disabled={busy} aria-label={`Claim ${who}`}>
        Claim
      </Button>
    </Form>
  );
}

/** An admin's Edit (the Edit Player dialog) and Delete per row. */
export function AdminActions({
  player,
  onSaved,
  divisions,
}: {
  player: ListedPlayer;
  onSaved: (message: string) => void;
  divisions: readonly string[];
}) {
  const who = fullName(player);
  return (
    <div className="flex justify-end gap-2">
      <PlayerDialog
        player={player}
        onSaved={onSaved}
        divisions={divisions}
        trigger={
          <Button size="sm" variant="secondary" aria-label={`Edit ${who}`}>
            Edit
          </Button>
        }
      />
      <ConfirmDialog
        trigger="Delete"
        triggerLabel={`Delete ${who}`}
        size="sm"
        tone="danger"
        title={`Delete ${who}?`}
        description="Only a player with no rounds, aces, transfers or linked user can be deleted; otherwise mark them inactive."
        confirmLabel="Delete player"
        intent="deletePlayer"
        fields={{ id: player.id }}
      />
    </div>
  );
}
