import { data } from "react-router";
import type { Db } from "~/.server/db/client";
import { handleForm } from "~/.server/forms";
import { saveFieldCaps } from "~/.server/services/waitlist/caps";
import type { FormOutcome } from "~/lib/shared/form-data";
import { FieldCapsSchema } from "~/schemas/waitlist";
import { handOver } from "~/.server/follow-ups";

/** The caps form's answer carries `form: "caps"`, so the round form on the same page does not show it as its own. */
export type CapsAnswer = FormOutcome & { form?: "caps" };

/** The admin round page's field caps (ADR 28): saved over the round's version as read; freed places go to the waitlist. */
export async function handleCapsForm(request: Request, db: Db, roundId: number) {
  const answer = await handleForm(request, FieldCapsSchema, async (caps) => {
    handOver(db, await saveFieldCaps(db, roundId, caps));
    return { form: "caps" as const, success: "Caps saved. Places they free are offered to the waitlist." };
  });
  if ("init" in answer && "data" in answer)
    return data<CapsAnswer>({ ...(answer.data as FormOutcome), form: "caps" }, answer.init ?? undefined);
  return answer;
}
