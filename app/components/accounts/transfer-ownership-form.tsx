import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { CheckboxFormField, SelectFormField } from "~/components/ui/form-field";

/** A member ownership can pass to: their name, and the role shown beside it when given. */
export type TransferTarget = { userId: number; name: string; role?: string };

/**
 * The owner's one form to pass the league on (ADR 47): on the Roles panel and the members
 * page, posting `transferOwnership` to the page it is on; the owner stays on as an admin.
 */
export function TransferOwnershipForm({
  others,
  errors,
  busy,
  titleId,
  className = "grid gap-3",
}: {
  others: TransferTarget[];
  errors: Record<string, string | undefined>;
  busy: boolean;
  titleId: string;
  className?: string;
}) {
  return (
    <Form method="post" className={className} aria-labelledby={titleId}>
      <h3 id={titleId} className="font-semibold">
        Transfer ownership
      </h3>
      <input type="hidden" name="intent" value="transferOwnership" />
      <SelectFormField label="New owner" name="userId" error={errors.userId}>
        {others.map((m) => (
          <option key={m.userId} value={m.userId}>
            {m.role ? `${m.name} (${m.role})` : m.name}
          </option>
        ))}
      </SelectFormField>
      <CheckboxFormField label="I understand I stay on as an admin only" name="confirm" error={errors.confirm} />
      <Button type="submit" variant="danger" disabled={busy}>
        Transfer ownership
      </Button>
    </Form>
  );
}
