// The account forms' checks in the browser, without zod (see password-rules.ts): they
// mark every field the server would refuse before the post, in the server's own words
// (tests/unit/form-checks.test.ts holds them to app/schemas/auth.ts). They are a
// courtesy: the action checks everything again, and without JavaScript only it does.
import { PASSWORDS_DIFFER, PASSWORD_RULES_UNMET, passwordMeetsRules } from "./password-rules";

export const NAME_REQUIRED = "Name is required";
export const EMAIL_INVALID = "Enter a valid email address";
export const PASSWORD_REQUIRED = "Password is required";

export type FieldErrors = Record<string, string>;

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

// Looser than the server's check on purpose: what passes here may still be refused there.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function checkName(form: FormData): FieldErrors {
  return text(form, "name").trim() === "" ? { name: NAME_REQUIRED } : {};
}

export function checkEmail(form: FormData): FieldErrors {
  return EMAIL_SHAPE.test(text(form, "email").trim()) ? {} : { email: EMAIL_INVALID };
}

/** The login forms' password: anything but empty (the rules apply to new passwords only). */
export function checkPasswordGiven(form: FormData): FieldErrors {
  return text(form, "password") === "" ? { password: PASSWORD_REQUIRED } : {};
}

/** A new password and its confirmation; `optional` lets both stay empty (the profile keeps the old one). */
export function checkNewPassword(form: FormData, { optional = false } = {}): FieldErrors {
  const password = text(form, "password");
  const confirm = text(form, "confirmPassword");
  if (optional && password === "" && confirm === "") return {};
  const errors: FieldErrors = {};
  if (!passwordMeetsRules(password)) errors.password = PASSWORD_RULES_UNMET;
  if (password !== confirm) errors.confirmPassword = PASSWORDS_DIFFER;
  return errors;
}
