import type { FieldView } from "~/.server/services/waitlist/round-field";

/** A capped round's places by division under its stats ("FPO 3 of 4 places"), and how many wait (ADR 28). */
export function FieldLine({ field }: { field: FieldView }) {
  if (field.divisions.length === 0) return null;
  return (
    <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted" aria-label="Places by division">
      {field.divisions.map((d) => (
        <li key={d.division}>
          <span className="font-medium text-ink">{d.division}</span> {d.line}
        </li>
      ))}
    </ul>
  );
}
