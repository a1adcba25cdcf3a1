import { z } from "zod";

/** The one form of /admin/user/{userId}: which confirmed action to run. */
export const UserActionSchema = z.object({
  intent: z.enum(["lock", "unlock", "reset", "delete"], { error: "Unknown action" }),
});
