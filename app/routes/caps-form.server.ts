import type { Db } from "~/.server/db/client";
import { handleForm } from "~/.server/forms";
import { saveFieldCaps } from "~/.server/services/waitlist/caps";
import { FieldCapsSchema } from "~/schemas/waitlist";

/** The admin round page's field caps (ADR 28): saved over the round's version as read; freed places go to the waitlist. */
export function handleCapsForm(request: Request, db: Db, roundId: number) {
  return handleForm(request, FieldCapsSchema, async (caps) => {
    await saveFieldCaps(db, roundId, caps);
    return { success: "Caps saved. Places they free are offered to the waitlist." };
  });
}
