import { RoundPlace } from "./round-place";
import { FormField } from "~/components/ui/form-field";
import type { CourseChoice } from "~/lib/courses/layouts";
import { MONEY_FIELDS, type RoundInputs } from "~/lib/rounds/round-values";

/**
 * The round form's fields: date and time in the league's zone, name, course and layout or
 * location, the five amounts in dollars (all required) and the optional PDGA link. Names
 * are the /api's, so each error from the action lands beside its own input.
 */
export function RoundFormFields({
  inputs,
  errors,
  timeZone,
  choices,
}: {
  inputs: RoundInputs;
  errors: Record<string, string>;
  timeZone: string;
  choices: readonly CourseChoice[];
}) {
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Date" name="date" type="date" required defaultValue={inputs.date} error={errors.date} />
        <FormField
          label="Time"
          name="time"
          type="time"
          required
          defaultValue={inputs.time}
          error={errors.time}
          hint={`League time (${timeZone})`}
        />
      </div>
      <FormField label="Name" name="name" required maxLength={100} defaultValue={inputs.name} error={errors.name} autoComplete="off" />
      <RoundPlace layoutId={inputs.layout_id} location={inputs.location} choices={choices} errors={errors} />
      <fieldset className="space-y-2">
        <legend className="text-sm font-semibold">Fees and payout, in dollars</legend>
        <div className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
          {MONEY_FIELDS.map((f) => (
            <FormField
              key={f.name}
              label={f.label}
              name={f.name}
              inputMode="decimal"
              required
              defaultValue={inputs[f.name]}
              error={errors[f.name]}
              autoComplete="off"
            />
          ))}
        </div>
      </fieldset>
      <FormField
        label="PDGA link (optional)"
        name="pdga_url"
        type="url"
        defaultValue={inputs.pdga_url}
        error={errors.pdga_url}
        placeholder="https://www.pdga.com/tour/event/…"
        autoComplete="off"
      />
    </>
  );
}
