import { z } from "./zod";
import { EmailSchema, NameSchema, PasswordSchema, withConfirmation } from "./auth";
import { idSchema } from "./ids";

/** The one form of /admin/user/{userId}: which confirmed action to run. */
export const UserActionSchema = z.object({
  intent: z.enum(["lock", "unlock", "reset", "delete"], { error: "Unknown action" }),
});

/** An admin removes a player record the user added (/admin/user/{userId}, ADR 23). */
export const RemoveOwnRecordSchema = z.object({
  intent: z.literal("removePlayer"),
  playerId: idSchema("player id"),
});

/** The 'Add user' form of /admin/users: the API's fields, the password typed twice. */
export const AddUserFormSchema = withConfirmation(
  z.object({
    name: NameSchema,
    email: EmailSchema,
    password: PasswordSchema,
    isAdmin: z
      .literal("on")
      .optional()
      .transform((v) => v === "on"),
  }),
);
