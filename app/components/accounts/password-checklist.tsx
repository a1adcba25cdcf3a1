import { PASSWORD_RULES } from "~/lib/accounts/password-rules";

/** The password rules (length, upper case, lower case, digit), each ticked as soon as the typed password meets it. */
export function PasswordChecklist({ password }: { password: string }) {
  return (
    <ul aria-live="polite" aria-label="Password rules" className="mt-1 grid gap-x-4 gap-y-0.5 text-sm sm:grid-cols-2">
      {PASSWORD_RULES.map((rule) => {
        const met = rule.test(password);
        return (
          <li key={rule.id} className={`flex items-center gap-2 ${met ? "font-medium text-brand-800" : "text-muted"}`}>
            <span aria-hidden="true" className="inline-block w-4 text-center font-bold">
              {met ? "✓" : "○"}
            </span>
            {rule.label}
            <span className="sr-only">{met ? " (met)" : " (not met)"}</span>
          </li>
        );
      })}
    </ul>
  );
}
