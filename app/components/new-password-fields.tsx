import { PasswordChecklist } from "./password-checklist";
import { Field } from "./ui/field";
import type { PasswordPair, PasswordPairErrors } from "~/hooks/use-password-pair";

/**
 * New password with its live rules checklist, and the confirmation. Posts as
 * `password` and `confirmPassword`; the browser's errors show first, then the server's.
 */
export function NewPasswordFields({
  pair,
  serverErrors,
  label = "Password",
  confirmLabel = "Confirm password",
  required = true,
}: {
  pair: PasswordPair;
  serverErrors?: PasswordPairErrors;
  label?: string;
  confirmLabel?: string;
  required?: boolean;
}) {
  return (
    <>
      <Field
        label={label}
        name="password"
        type="password"
        autoComplete="new-password"
        required={required}
        value={pair.password}
        onChange={(e) => pair.setPassword(e.currentTarget.value)}
        error={pair.errors.password ?? serverErrors?.password}
        hint={
          <>
            {required ? null : <p>Leave empty to keep your current password.</p>}
            <PasswordChecklist password={pair.password} />
          </>
        }
      />
      <Field
        label={confirmLabel}
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        required={required}
        value={pair.confirm}
        onChange={(e) => pair.setConfirm(e.currentTarget.value)}
        error={pair.errors.confirmPassword ?? serverErrors?.confirmPassword}
      />
    </>
  );
}
