import type { Db } from "~/.server/db/client";
import { handleForm } from "~/.server/forms";
import { calendarTokenOf, ensureCalendarToken, feedOrigin, resetCalendarToken } from "~/.server/services/rounds/calendar";
import { CalendarFeedFormSchema } from "~/schemas/calendar";

// The profile's calendar card (app/components/calendar-feed-card.tsx): what its loader
// shows and what its two forms do. Its answers carry `calendar`, not `success`, so the
// profile form on the same page never mistakes them for its own.

export type CalendarUrls = { all: string; personal: string | null };

export async function calendarUrls(db: Db, env: Env, request: Request, userId: number): Promise<CalendarUrls> {
  const origin = feedOrigin(env.APP_URL, request.url);
  const token = await calendarTokenOf(db, userId);
  return { all: `${origin}/calendar.ics`, personal: token ? `${origin}/calendar/${token}.ics` : null };
}

export const CALENDAR_CREATED = "Your calendar link is ready.";
export const CALENDAR_RESET = "Your calendar link was replaced: the old one no longer works.";

/** Posts whose intent starts "calendar" are the card's (a wrong one gets the card's 400); the rest are the profile form's. */
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
