import { PasswordChecklist } from "./password-checklist";
import { FormField } from "~/components/ui/form-field";
import type { PasswordPair } from "~/hooks/use-password-pair";
import { PASSWORD_MIN_LENGTH } from "~/lib/accounts/password-rules";

/**
 * New password and its confirmation, posted as `password` and `confirmPassword`. Until
 * the password is being typed the rules are one line; then the checklist ticks them
 * live. With an error the checklist shows too (a browser without JavaScript gets it
 * after a refused post).
 */
export function NewPasswordFields({
  pair,
  errors,
  label = "Password",
  confirmLabel = "Confirm password",
  required = true,
}: {
  pair: PasswordPair;
  errors: { password?: string; confirmPassword?: string };
  label?: string;
  confirmLabel?: string;
  required?: boolean;
}) {
  const showRules = pair.password !== "" || !!errors.password;
  return (
    <>
      <FormField
        label={label}
        name="password"
        type="password"
        autoComplete="new-password"
        required={required}
        value={pair.password}
        onChange={(e) => pair.setPassword(e.currentTarget.value)}
        error={errors.password}
        hint={
          <>
            {required ? null : <p>Leave empty to keep your current password.</p>}
            {showRules ? (
              <PasswordChecklist password={pair.password} />
            ) : (
              <p>At least {PASSWORD_MIN_LENGTH} characters, with an uppercase letter, a lowercase letter and a number.</p>
            )}
          </>
        }
      />
      <FormField
        label={confirmLabel}
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        required={required}
        value={pair.confirm}
        onChange={(e) => pair.setConfirm(e.currentTarget.value)}
        error={errors.confirmPassword}
      />
    </>
  );
}
