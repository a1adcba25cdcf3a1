import type { Db } from "~/.server/db/client";
import { handleForm } from "~/.server/forms";
import { setMessagePrefs } from "~/.server/services/messages/prefs-edit";
import { MESSAGE_PREFS_SAVED } from "~/lib/messages/prefs";
import { MessagePrefsFormSchema } from "~/schemas/messages";

// A league's choices per kind of message (app/components/messages/message-prefs-form.tsx),
// posted to the league's /preferences and saved for that league only (ADR 49), through the
// same service as PUT /api/messages/prefs. Its success answers under its own key, so the mail
// and calendar forms beside it, which read the same action data, do not take it for theirs.

export type MessagePrefsAnswer = { messagePrefs?: string; fieldErrors?: Record<string, string>; formError?: string };

export function saveMessagePrefs(request: Request, db: Db, userId: number) {
  return handleForm(
    request,
    MessagePrefsFormSchema,
    async ({ intent: _intent, ...chosen }) => {
      await setMessagePrefs(db, userId, chosen);
      return { messagePrefs: MESSAGE_PREFS_SAVED };
    },
    { unexpected: "Saving your choices failed. Please try again." },
  );
}
