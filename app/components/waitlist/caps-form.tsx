import { Form, useNavigation } from "react-router";
import { FormAlert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";

export type CapsInputs = { total: string; divisions: { division: string; places: string }[] };

/**
 * A round's field caps (ADR 28): the whole field and each division, blank for no cap. A
 * raised cap offers the freed places to the waitlist at once; a lowered one removes nobody.
 */
export function CapsForm({
  version,
  inputs,
  answer,
}: {
  version: number;
  inputs: CapsInputs;
  answer?: { success?: string; formError?: string; fieldErrors?: Record<string, string> };
}) {
  const busy = useNavigation().state === "submitting";
  const errors = answer?.fieldErrors ?? {};
  return (
    <Form method="post" className="space-y-4" noValidate>
      <input type="hidden" name="intent" value="caps" />
      <input type="hidden" name="version" value={version} />
      <FormAlert tone="success" message={answer?.success} />
      <FormAlert message={answer?.formError} />
      <FormField
        label="Places in the round"
        name="field_cap"
        inputMode="numeric"
        defaultValue={inputs.total}
        hint="Blank: no cap. Walk-ups and admins' entries pass it only when the admin ticks “Over the cap”."
        error={errors.field_cap}
      />
      <fieldset className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <legend className="mb-2 text-sm font-medium">Places per division (blank: no cap)</legend>
        {inputs.divisions.map((d, i) => (
          <div key={d.division}>
            <input type="hidden" name={`division_caps[${i}].division`} value={d.division} />
            <FormField
              label={d.division}
              name={`division_caps[${i}].places`}
              inputMode="numeric"
              defaultValue={d.places}
              error={errors[`division_caps[${i}].places`]}
            />
          </div>
        ))}
      </fieldset>
      <Button type="submit" variant="secondary" disabled={busy}>
        Set caps
      </Button>
    </Form>
  );
}
