import type { Db } from "~/.server/db/client";
import { handleForm } from "~/.server/forms";
import { setScoringPin } from "~/.server/services/accounts/scoring-pin";
import { ScoringPinFormSchema } from "~/schemas/scoring-pin";

// The /profile page's scoring PIN form (app/components/scoring-pin-card.tsx). Its answer
// has its own key, so the other forms on the page do not take it for theirs.

export const PIN_SET = "Your scoring PIN is set. A cardmate types it to confirm your total when you have no phone.";
export const PIN_CLEARED = "Your scoring PIN is cleared.";

export type ScoringPinAnswer = { scoringPin?: string; fieldErrors?: Record<string, string>; formError?: string };

export function saveScoringPin(request: Request, db: Db, userId: number) {
  return handleForm(
    request,
    ScoringPinFormSchema,
    async (input) => {
      await setScoringPin(db, userId, input.do === "set" ? input.pin : null);
      return { scoringPin: input.do === "set" ? PIN_SET : PIN_CLEARED };
    },
    { unexpected: "Saving the PIN failed. Please try again." },
  );
}
