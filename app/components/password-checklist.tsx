import { PASSWORD_RULES } from "~/lib/password-rules";

/** The password rules (length, upper case, lower case, digit), each ticked as soon as the typed password meets it. */
export function PasswordChecklist({ password }: { password: string }) {
  return (
    <ul aria-live="polite" className="mt-1 space-y-0.5">
      {PASSWORD_RULES.map((rule) => {
        const met = rule.test(password);
        return (
          <li key={rule.id} className={`flex items-center gap-2 ${met ? "text-brand-700" : "text-slate-600"}`}>
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
