import type { Db } from "~/.server/db/client";
import { handleForm } from "~/.server/forms";
import { setMailPrefs } from "~/.server/services/accounts/mail-prefs";
import { MailOptInFormSchema } from "~/schemas/notifications";

// A league's mail opt-in form (app/components/accounts/mail-optin-panel.tsx), posted to the
// league's /preferences (ADR 46) and saved for that league only. Its success answers under
// its own key, so the calendar form beside it, which reads the same action data, does not
// take it for its own.

export const MAIL_OPTIN_ON = "Saved. We will mail you when registration opens for a round.";
export const MAIL_OPTIN_OFF = "Saved. You will not get a mail when registration opens.";

export type MailOptInAnswer = { mailOptIn?: string; fieldErrors?: Record<string, string>; formError?: string };

export function saveMailOptIn(request: Request, db: Db, userId: number) {
  return handleForm(
    request,
    MailOptInFormSchema,
    async ({ notify }) => {
      const saved = await setMailPrefs(db, userId, { registrationOpens: notify });
      return { mailOptIn: saved.registrationOpens ? MAIL_OPTIN_ON : MAIL_OPTIN_OFF };
    },
    { unexpected: "Saving the mail setting failed. Please try again." },
  );
}
