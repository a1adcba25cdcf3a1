import { z } from "./zod";

/** The calendar card's forms on /profile: make the personal feed link, or replace it. */
export const CalendarFeedFormSchema = z.object({
  intent: z.enum(["calendar-create", "calendar-reset"], { error: "Unknown action" }),
});
