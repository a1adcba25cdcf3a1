import { FormField, SelectFormField } from "~/components/ui/form-field";
import { DivisionOptions } from "./division-options";

/** A player as the Edit Player dialog edits them. */
export type EditablePlayer = { id: number; firstName: string; lastName: string; pdga: string | null; division: string; inactive: boolean };

// Apart from the Edit Player dialog: /players shows these fields in the page itself, and
// should not load the dialog with them (the client budget, ADR 24).
/** A player's own fields: First, Last and Division (the league's first) required, PDGA optional. */
export function PlayerFields({
  player,
  errors,
  divisions,
}: {
  player?: Omit<EditablePlayer, "id" | "inactive">;
  errors: Record<string, string>;
  /** The league's divisions (its settings), offered first. */
  divisions: readonly string[];
}) {
  return (
    <>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label="First" name="firstName" required defaultValue={player?.firstName} error={errors.firstName} autoComplete="off" />
        <FormField label="Last" name="lastName" required defaultValue={player?.lastName} error={errors.lastName} autoComplete="off" />
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectFormField label="Division" name="division" required defaultValue={player?.division ?? ""} error={errors.division}>
          <option value="">Choose…</option>
          <DivisionOptions league={divisions} />
        </SelectFormField>
        <FormField label="PDGA" name="pdga" inputMode="numeric" hint="Optional" defaultValue={player?.pdga ?? ""} error={errors.pdga} />
      </div>
    </>
  );
}
