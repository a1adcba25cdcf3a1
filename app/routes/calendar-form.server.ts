import type { Db } from "~/.server/db/client";
import { handleForm } from "~/.server/forms";
import { ensureCalendarToken, resetCalendarToken } from "~/.server/services/rounds/calendar";
import { CalendarFeedFormSchema } from "~/schemas/calendar";

// A league's calendar section (app/components/rounds/calendar-feed-panel.tsx), posted to the
// league's /preferences (ADR 46): what its two forms do, to the user's feed in that league.
// Its answers carry `calendar`, not `success`, so the mail form beside it never mistakes them for its own.

export const CALENDAR_CREATED = "Your calendar link is ready.";
export const CALENDAR_RESET = "Your calendar link was replaced: the old one no longer works.";

/** Posts whose intent starts "calendar" are the section's (a wrong one gets its 400); the rest are the mail form's. */
export const isCalendarIntent = (intent: string) => intent.toLowerCase().startsWith("calendar");

export function calendarAction(request: Request, db: Db, userId: number) {
  return handleForm(request, CalendarFeedFormSchema, async ({ intent }) => {
    if (intent === "calendar-create") {
      await ensureCalendarToken(db, userId);
      return { calendar: CALENDAR_CREATED };
    }
    await resetCalendarToken(db, userId);
    return { calendar: CALENDAR_RESET };
  });
}
