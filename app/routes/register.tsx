import { useRef, useState } from "react";
import { Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/register";
import { NewPasswordFields } from "~/components/new-password-fields";
import { Field } from "~/components/ui/field";
import { FormAlert } from "~/components/ui/alert";
import { buttonClass } from "~/components/ui/button";
import { useFormResult } from "~/hooks/use-form-result";
import { focusFirstInvalid, usePasswordPair } from "~/hooks/use-password-pair";
import { sessionCookie } from "~/.server/auth/session";
import { handleForm } from "~/.server/forms";
import { routeServices } from "~/.server/route-context";
import { registerAndStartSession } from "~/.server/services/accounts";
import { clientAddress } from "~/.server/client-address";
import { EMAIL_IN_USE } from "~/lib/messages";
import { RegisterFormSchema } from "~/schemas/auth";

export const meta: Route.MetaFunction = () => [{ title: "Register" }];

const REGISTER_FAILED = "An error occurred during registration. Please try again.";

export async function action({ request, context }: Route.ActionArgs) {
  const { db, env } = routeServices(context);
  return handleForm(
    request,
    RegisterFormSchema,
    async (input) => {
      const result = await registerAndStartSession(db, env, input, clientAddress(request));
      return redirect("/", { headers: { "Set-Cookie": sessionCookie(result.token, result.maxAge) } });
    },
    { unexpected: REGISTER_FAILED },
  );
}

/** Asks the /api whether an email is taken; only the latest answer counts. */
function useEmailCheck() {
  const [taken, setTaken] = useState(false);
  const latest = useRef("");
  async function check(raw: string) {
    const email = raw.trim().toLowerCase();
    latest.current = email;
    if (!email.includes("@")) return setTaken(false);
    try {
      const res = await fetch(`/api/users/check-email?email=${encodeURIComponent(email)}`);
      if (!res.ok || latest.current !== email) return;
      const body = (await res.json()) as { exists?: boolean };
      setTaken(body.exists === true);
    } catch (err) {
      console.error("Email check failed", err);
    }
  }
  return { taken, check, clear: () => setTaken(false) };
}

export default function Register() {
  const { formError, fieldErrors } = useFormResult();
  const busy = useNavigation().state === "submitting";
  const pair = usePasswordPair();
  const email = useEmailCheck();
  return (
    <div className="mx-auto max-w-sm space-y-4">
      <h1 className="text-2xl font-semibold">Register</h1>
      <FormAlert message={formError} />
      <Form
        method="post"
        className="space-y-4"
        noValidate
        onSubmit={(event) => {
          if (!pair.guard(event)) return;
          if (email.taken) {
            event.preventDefault();
            focusFirstInvalid(event.currentTarget);
          }
        }}
      >
        <Field label="Name" name="name" autoComplete="name" required error={fieldErrors.name} />
        <Field
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          onBlur={(e) => void email.check(e.currentTarget.value)}
          onChange={email.clear}
          error={email.taken ? EMAIL_IN_USE : fieldErrors.email}
        />
        <NewPasswordFields pair={pair} serverErrors={fieldErrors} />
        <button type="submit" className={`${buttonClass()} w-full`} disabled={busy}>
          {busy ? "Registering…" : "Register"}
        </button>
      </Form>
      <p className="text-sm">
        Already registered?{" "}
        <Link to="/login" className="text-brand-700 underline">
          Log in
        </Link>
      </p>
    </div>
  );
}
