// The account forms' checks in the browser, each the form's own action schema
// (app/lib/shared/form-checks.ts). They bring zod, so a form loads this module when it is first
// used (useFormChecks), and a first visit to a public page such as /login or /register
// does not download it.
import { schemaCheck } from "../shared/form-checks";
import { changedFields } from "./profile-changes";
import { ForgotPasswordSchema, LoginSchema, ProfileFormSchema, RegisterFormSchema, ResetPasswordFormSchema } from "../../schemas/auth";

export const registerCheck = schemaCheck(RegisterFormSchema);
/** The player's and the admin's login: both actions read LoginSchema. */
export const loginCheck = schemaCheck(LoginSchema);
export const forgotPasswordCheck = schemaCheck(ForgotPasswordSchema);
export const resetPasswordCheck = schemaCheck(ResetPasswordFormSchema);
export const profileCheck = (current: { name: string; email: string }) =>
  schemaCheck(ProfileFormSchema, (form) => changedFields(form, current));
