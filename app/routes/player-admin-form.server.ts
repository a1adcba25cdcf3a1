import type { Db } from "~/.server/db/client";
import { AppError } from "~/.server/errors";
import { handleForm } from "~/.server/forms";
import { addPlayer, deletePlayer, savePlayer } from "~/.server/services/players/player-admin";
import { PlayerAdminFormSchema } from "~/schemas/players";
import { fullName } from "~/lib/players/player-name";

/**
 * The admin's player forms, posted from /admin/player and /players: the Edit Player
 * dialog's save (a new player without an id) and the confirmed delete. Failures we cannot
 * name read as the spec's 'error adding player' / 'error updating player'.
 */
export function handlePlayerAdminForm(request: Request, db: Db) {
  return handleForm(request, PlayerAdminFormSchema, async (input) => {
    if (input.intent === "deletePlayer") {
      await deletePlayer(db, input.id);
      return { success: "Player deleted." };
    }
    const { id, intent: _, ...values } = input;
    try {
      if (id) await savePlayer(db, id, values);
      else await addPlayer(db, values);
    } catch (err) {
      if (err instanceof AppError) throw err;
      console.error(id ? "error updating player" : "error adding player", err);
      throw new AppError("internal", id ? "error updating player" : "error adding player");
    }
    const name = fullName(values);
    return { success: id ? `Saved ${name}.` : `Added ${name}.` };
  });
}
