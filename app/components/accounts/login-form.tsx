import { useEffect } from "react";
import { Form, useNavigation } from "react-router";
import { FormAlert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { useFormChecks } from "~/hooks/use-form-checks";

const loadCheck = async () => (await import("~/lib/accounts/account-checks")).loginCheck;

/**
 * Email and password, for the player and the admin login. A refused login empties the
 * password (the server never sends it back; here the browser's copy goes too) and puts
 * focus where to type next: the first field in error, else the password.
 */
export function LoginForm({ redirectTo, emailAutoComplete = "email" }: { redirectTo?: string; emailAutoComplete?: string }) {
  const { formError, fieldErrors, result, errors, form } = useFormChecks(loadCheck);
  const busy = useNavigation().state === "submitting";
  const keptEmail = (result as { email?: string } | undefined)?.email;

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per answer (its identity)
  useEffect(() => {
    if (!result || result.success) return;
    const password = form.ref.current?.querySelector<HTMLInputElement>('input[name="password"]');
    if (!password) return;
    password.value = "";
    if (Object.keys(fieldErrors).length === 0) password.focus();
  }, [result]);

  return (
    <Form method="post" className="space-y-4" {...form}>
      <FormAlert message={formError} />
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      <FormField
        label="Email"
        name="email"
        type="email"
        autoComplete={emailAutoComplete}
        required
        defaultValue={keptEmail}
        error={errors.email}
      />
      <FormField label="Password" name="password" type="password" autoComplete="current-password" required error={errors.password} />
      <Button type="submit" block disabled={busy}>
        {busy ? "Logging in…" : "Log in"}
      </Button>
    </Form>
  );
}
