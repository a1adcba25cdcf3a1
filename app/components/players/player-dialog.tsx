import { useEffect, useState } from "react";
import { Link, useFetcher } from "react-router";
import { FormAlert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Dialog, DialogActions, DialogCancel } from "~/components/ui/dialog";
import { CheckboxFormField } from "~/components/ui/form-field";
import { type EditablePlayer, PlayerFields } from "./player-fields";
import type { FormOutcome } from "~/lib/shared/form-data";
import { fullName } from "~/lib/players/player-name";
import { useLeagueUrls } from "~/hooks/use-league-urls";

/**
 * The Edit Player dialog: First, Last, Division required, PDGA optional,
 * Inactive; Cancel and Save; 'Go to Profile' for an existing player. Without a player it
 * adds one. It posts to the page's action (app/routes/player-admin-form.server.ts) and stays open
 * with the errors until the save succeeds, then tells the page what happened.
 */
export function PlayerDialog({
  player,
  trigger,
  onSaved,
  divisions,
}: {
  player?: EditablePlayer;
  trigger: React.ReactNode;
  onSaved: (message: string) => void;
  /** The league's divisions (its settings), offered first. */
  divisions: readonly string[];
}) {
  const { href } = useLeagueUrls();
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher<FormOutcome>();
  const errors = fetcher.data?.fieldErrors ?? {};
  const busy = fetcher.state !== "idle";
  const saved = fetcher.state === "idle" ? fetcher.data?.success : undefined;
  useEffect(() => {
    if (!saved) return;
    setOpen(false);
    onSaved(saved);
  }, [saved, onSaved]);
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title={player ? "Edit Player" : "Add Player"}
      trigger={trigger}
      description={player ? `${fullName(player)}, player #${player.id}` : "A new player record for the league."}
    >
      <fetcher.Form method="post" noValidate className="space-y-3">
        <input type="hidden" name="intent" value="savePlayer" />
        {player ? <input type="hidden" name="id" value={player.id} /> : null}
        <FormAlert message={fetcher.data?.formError} />
        <PlayerFields player={player} errors={errors} divisions={divisions} />
        <CheckboxFormField label="Inactive" name="inactive" defaultChecked={player?.inactive} error={errors.inactive} />
        <DialogActions>
          {player ? (
            <Link to={href(`/players/${player.id}`)} className="mr-auto self-center text-sm font-medium text-brand-800 underline">
              Go to Profile
            </Link>
          ) : null}
          <DialogCancel />
          <Button type="submit" disabled={busy}>
            {busy ? "Saving…" : "Save"}
          </Button>
        </DialogActions>
      </fetcher.Form>
    </Dialog>
  );
}
