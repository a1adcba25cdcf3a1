import type { Db } from "~/.server/db/client";
import { handleForm } from "~/.server/forms";
import { ensureCalendarToken, resetCalendarToken } from "~/.server/services/rounds/calendar";
import { CalendarFeedFormSchema } from "~/schemas/calendar";

// The profile's calendar panel (app/components/rounds/calendar-feed-panel.tsx): what its two forms
// do (what it shows is calendarUrls, services/rounds/calendar.ts). Its answers carry
// `calendar`, not `success`, so the profile form on the same page never mistakes them for its own.

export const CALENDAR_CREATED = "Your calendar link is ready.";
export const CALENDAR_RESET = "Your calendar link was replaced: the old one no longer works.";

/** Posts whose intent starts "calendar" are the panel's (a wrong one gets the panel's 400); the rest are the profile form's. */
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
