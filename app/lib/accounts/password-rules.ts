// The password policy (at least 10 characters, with an upper-case letter, a lower-case
// letter and a digit) without zod, so the pages that tick the rules live do
// not ship the schema library to the browser. app/schemas/auth.ts builds on these.

export const PASSWORD_MIN_LENGTH = 10;

/** Each rule on its own, so the forms can show them live. */
export const PASSWORD_RULES = [
  { id: "length", label: `At least ${PASSWORD_MIN_LENGTH} characters`, test: (p: string) => p.length >= PASSWORD_MIN_LENGTH },
  { id: "upper", label: "One uppercase letter", test: (p: string) => /[A-Z]/.test(p) },
  { id: "lower", label: "One lowercase letter", test: (p: string) => /[a-z]/.test(p) },
  { id: "digit", label: "One number", test: (p: string) => /[0-9]/.test(p) },
] as const;

export const passwordMeetsRules = (p: string) => PASSWORD_RULES.every((r) => r.test(p));

/** What the schema (app/schemas/auth.ts) answers for a password that breaks a rule. */
export const PASSWORD_RULES_BROKEN = "Password does not meet complexity requirements";
/** What the browser says instead, beside the rules it ticks live (app/lib/shared/form-checks.ts). */
export const PASSWORD_RULES_UNMET = "Password does not meet all requirements";
export const PASSWORDS_DIFFER = "Passwords do not match";
