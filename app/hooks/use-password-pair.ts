import { useState } from "react";

/**
 * A new password and its confirmation as typed, for the live rules checklist and for
 * emptying both after a save. Their errors are the form's (useFormChecks).
 */
export function usePasswordPair() {
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  return {
    password,
    confirm,
    setPassword,
    setConfirm,
    reset() {
      setPassword("");
      setConfirm("");
    },
  };
}

export type PasswordPair = ReturnType<typeof usePasswordPair>;
