import { type FormEvent, useState } from "react";
import { PASSWORDS_DIFFER, PASSWORD_RULES_UNMET, passwordMeetsRules } from "~/lib/password-rules";

export type PasswordPairErrors = { password?: string; confirmPassword?: string };

/**
 * A new password and its confirmation, checked in the browser before the form posts
 * (the action checks again). `optional`: both may stay empty (the profile form).
 */
export function usePasswordPair({ optional = false } = {}) {
  const [password, setPasswordValue] = useState("");
  const [confirm, setConfirmValue] = useState("");
  const [errors, setErrors] = useState<PasswordPairErrors>({});

  function check(): PasswordPairErrors {
    if (optional && password === "" && confirm === "") return {};
    const next: PasswordPairErrors = {};
    if (!passwordMeetsRules(password)) next.password = PASSWORD_RULES_UNMET;
    if (password !== confirm) next.confirmPassword = PASSWORDS_DIFFER;
    return next;
  }

  return {
    password,
    confirm,
    errors,
    setPassword(value: string) {
      setPasswordValue(value);
      setErrors((e) => ({ ...e, password: undefined }));
    },
    setConfirm(value: string) {
      setConfirmValue(value);
      setErrors((e) => ({ ...e, confirmPassword: undefined }));
    },
    reset() {
      setPasswordValue("");
      setConfirmValue("");
      setErrors({});
    },
    /** For a form's onSubmit: stops the post and marks the fields when the pair is not acceptable. */
    guard(event: FormEvent<HTMLFormElement>): boolean {
      const next = check();
      setErrors(next);
      if (!next.password && !next.confirmPassword) return true;
      event.preventDefault();
      focusFirstInvalid(event.currentTarget);
      return false;
    },
  };
}

export type PasswordPair = ReturnType<typeof usePasswordPair>;

/** Moves focus to the first field marked invalid once React has shown the errors. */
export function focusFirstInvalid(form: HTMLFormElement) {
  setTimeout(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 0);
}
