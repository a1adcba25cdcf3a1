import type { Db } from "~/.server/db/client";
import { handleForm } from "~/.server/forms";
import { addEntry, deleteEntry, updateEntries } from "~/.server/services/entries/entry-admin";
import { creditPayouts, syncPayouts } from "~/.server/services/entries/payouts";
import { adminWithdrawalMessage } from "~/.server/services/entries/withdrawal-messages";
import { EntryFormSchema } from "~/schemas/entries";
import { fullName } from "~/lib/players/player-name";
import { liveRosterChanged } from "~/.server/services/live/live-object";
import { handOver, handedOver, notify } from "~/.server/follow-ups";

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The admin round page's forms: add an entry, save the edited rows, withdraw one, pay out to credit. */
export function handleEntryForm(request: Request, db: Db, env: Env, roundId: number) {
  return handleForm(request, EntryFormSchema, async (input) => {
    switch (input.intent) {
      case "add": {
        const fresh = input.player ? null : { firstName: input.newFirstName, lastName: input.newLastName, pdga: null };
        const added = await addEntry(db, {
          round_id: roundId,
          player: input.player ?? null,
          newPlayer: fresh,
          division: input.division,
          ace: input.ace,
          credit_used: input.credit_used,
          credit_added: 0,
          payoutAdjust: 0,
          over_cap: input.over_cap,
        });
        handOver(db, added.followUps);
        return {
          success: fresh ? `${fullName(fresh)} added as a new player and entered.` : "Player entered.",
        };
      }
      case "save": {
        const changed = handedOver(
          db,
          await updateEntries(
            db,
            input.rows.map(({ id, version, ...value }) => ({ id, version, value })),
            roundId,
          ),
        );
        return { success: changed ? `Saved ${plural(changed, "entry", "entries")}.` : "No changes to save." };
      }
      case "deleteEntry": {
        // A withdrawal: the message says what came back as credit; the live round drops the player (ADR 34).
        const w = await deleteEntry(db, input.id, input.version, roundId, input.reason);
        handOver(db, w.followUps);
        if (w.onPublishedCard) await liveRosterChanged(env, db.leagueId, roundId);
        return { success: adminWithdrawalMessage(w) };
      }
      case "creditPayouts": {
        const n = await creditPayouts(db, roundId, { confirmUnmeasured: input.confirm_unmeasured });
        // Each entered player is told their place and credit, once per credit that changed something (ADR 49).
        handOver(db, [notify({ kind: "results", roundId })]);
        return { success: n ? `Credited payouts to ${plural(n, "player", "players")}.` : "Payouts were already credited." };
      }
      case "syncPayouts": {
        const n = await syncPayouts(db, roundId);
        return { success: n ? `Updated ${plural(n, "stored payout", "stored payouts")}.` : "Payouts are up to date." };
      }
    }
  });
}
