import { data } from "react-router";
import type { Db } from "~/.server/db/client";
import { AppError } from "~/.server/errors";
import { handleForm } from "~/.server/forms";
import { checkCurrentPassword } from "~/.server/services/accounts/current-password";
import { setScoringPin } from "~/.server/services/accounts/scoring-pin";
import { ScoringPinFormSchema } from "~/schemas/scoring-pin";

// The /profile page's scoring PIN form (app/components/accounts/scoring-pin-panel.tsx). Its answer
// has its own keys, so the other forms on the page do not take it for theirs: a refused
// password is the PIN form's password field's error, not a form error the profile's own
// form would show.

export const PIN_SET = "Your scoring PIN is set. A cardmate types it to confirm your total when you have no phone.";
export const PIN_CLEARED = "Your scoring PIN is cleared.";

export type ScoringPinAnswer = { scoringPin?: string; fieldErrors?: Record<string, string>; formError?: string };

export function saveScoringPin(request: Request, db: Db, userId: number) {
  return handleForm(
    request,
    ScoringPinFormSchema,
    async (input) => {
      if (input.do === "clear") {
        await setScoringPin(db, userId, null);
        return { scoringPin: PIN_CLEARED };
      }
      try {
        await checkCurrentPassword(db, userId, input.currentPassword);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        return data({ fieldErrors: { currentPassword: err.message } }, { status: err.status });
      }
      await setScoringPin(db, userId, input.pin);
      return { scoringPin: PIN_SET };
    },
    { unexpected: "Saving the PIN failed. Please try again." },
  );
}
