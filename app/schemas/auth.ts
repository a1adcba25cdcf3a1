import { z } from "./zod";
import { PASSWORDS_DIFFER, PASSWORD_RULES_BROKEN, passwordMeetsRules } from "../lib/accounts/password-rules";

// One schema per form, shared by the /api validators, the route actions and the forms.

// The rules live in a zod-free module so the forms can tick them in the browser cheaply.
export {
  PASSWORDS_DIFFER,
  PASSWORD_MIN_LENGTH,
  PASSWORD_RULES,
  PASSWORD_RULES_UNMET,
  passwordMeetsRules,
} from "../lib/accounts/password-rules";

export const PasswordSchema = z
  .string({ error: "Password is required" })
  .max(200, "Password is too long")
  .refine(passwordMeetsRules, PASSWORD_RULES_BROKEN);

export const EmailSchema = z
  .string({ error: "Email is required" })
  .trim()
  .toLowerCase()
  .max(254, "Email is too long")
  .pipe(z.email("Enter a valid email address"));

export const NameSchema = z.string({ error: "Name is required" }).trim().min(1, "Name is required").max(100, "Name is too long");

export const RegisterSchema = z.object({ email: EmailSchema, name: NameSchema, password: PasswordSchema });

/** A login's password: anything but empty (the rules apply to new passwords only). */
const GivenPasswordSchema = z.string({ error: "Password is required" }).min(1, "Password is required").max(200);

export const LoginSchema = z.object({ email: EmailSchema, password: GivenPasswordSchema });

/** The /api's admin login names the email `username` (its callers send it so). */
export const AdminLoginSchema = z.object({ username: EmailSchema, password: GivenPasswordSchema });

export const ForgotPasswordSchema = z.object({ email: EmailSchema });

export const ResetTokenSchema = z.object({ token: z.string().min(1, "Invalid or expired reset link.").max(200) });

export const ResetPasswordSchema = ResetTokenSchema.extend({ password: PasswordSchema });

// The register, reset, profile and add-user forms also post a confirmation that must
// repeat the password. It is checked even when other fields fail, so every error shows at once.
const confirmField = { confirmPassword: z.string().max(200).optional() };
const confirmMatches = (d: object) => {
  const { password = "", confirmPassword = "" } = d as { password?: string; confirmPassword?: string };
  return password === confirmPassword;
};
const confirmIssue = {
  message: PASSWORDS_DIFFER,
  path: ["confirmPassword"],
  when: (p: { value: unknown }) => typeof p.value === "object" && p.value !== null,
};

/** A form's schema: the /api's fields plus the password's confirmation. */
export function withConfirmation<Shape extends z.core.$ZodShape>(schema: z.ZodObject<Shape>) {
  return schema.extend(confirmField).refine(confirmMatches, confirmIssue);
}

export const RegisterFormSchema = withConfirmation(RegisterSchema);

export const ResetPasswordFormSchema = withConfirmation(ResetPasswordSchema);

/** Only changed fields are sent; changing email or password needs the current password. */
export const ProfileSchema = z.object({
  name: NameSchema.optional(),
  email: EmailSchema.optional(),
  password: PasswordSchema.optional(),
  currentPassword: z.string().max(200).optional(),
});

/** The /profile form: the changed fields (the action leaves out the rest) and the confirmation. */
export const ProfileFormSchema = withConfirmation(ProfileSchema);

export const AddUserSchema = z.object({
  email: EmailSchema,
  name: NameSchema,
  password: PasswordSchema.optional(),
  isAdmin: z.boolean().optional().default(false),
});
