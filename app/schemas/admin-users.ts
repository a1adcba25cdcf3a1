import { z } from "zod";
import { EmailSchema, NameSchema, PasswordSchema } from "./auth";
import { PASSWORDS_DIFFER } from "../lib/password-rules";

/** The one form of /admin/user/{userId}: which confirmed action to run. */
export const UserActionSchema = z.object({
  intent: z.enum(["lock", "unlock", "reset", "delete"], { error: "Unknown action" }),
});

/** The 'Add user' form of /admin/users: the API's fields, the password typed twice. */
export const AddUserFormSchema = z
  .object({
    name: NameSchema,
    email: EmailSchema,
    password: PasswordSchema,
    confirmPassword: z.string().optional(),
    isAdmin: z
      .literal("on")
      .optional()
      .transform((v) => v === "on"),
  })
  .refine((v) => v.password === v.confirmPassword, { path: ["confirmPassword"], message: PASSWORDS_DIFFER });
