import { useRef } from "react";
import { Form, useNavigation } from "react-router";
import { FormAlert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field, useFocusFirstInvalid } from "~/components/ui/field";

type Values = Record<string, string | number>;

type Setting = { name: string; label: string; hint: string; min: number; max: number };

const STANDINGS: Setting[] = [
  { name: "pointsFirst", label: "Points for 1st", hint: "What the winner of a division gets in a round.", min: 0, max: 1000 },
  { name: "pointsStep", label: "Step per place", hint: "How many fewer points each place below 1st gets.", min: 0, max: 1000 },
  { name: "pointsFloor", label: "Floor", hint: "The fewest points a place gets; at most the points for 1st.", min: 0, max: 1000 },
  { name: "pointsParticipation", label: "Participation points", hint: "Added for every round a player has a score in.", min: 0, max: 1000 },
  {
    name: "standingsBestN",
    label: "Best rounds counted",
    hint: "A player's total is the sum of this many best rounds of the season.",
    min: 1,
    max: 100,
  },
];

const HANDICAPS: Setting[] = [
  {
    name: "handicapRounds",
    label: "Handicap rounds",
    hint: "How many of a player's latest rounds the handicap is taken from.",
    min: 1,
    max: 50,
  },
  {
    name: "handicapPercent",
    label: "Handicap percentage",
    hint: "The share of the difference from par given as strokes.",
    min: 0,
    max: 100,
  },
  { name: "handicapPar", label: "Par", hint: "The score a handicap is measured from.", min: 1, max: 200 },
];

function Group({
  legend,
  settings,
  values,
  errors,
}: {
  legend: string;
  settings: Setting[];
  values: Values;
  errors: Record<string, string>;
}) {
  return (
    <fieldset className="space-y-4">
      <legend className="mb-2 font-display text-xl font-semibold tracking-wide">{legend}</legend>
      <div className="grid gap-4 sm:grid-cols-2">
        {settings.map((s) => (
          <Field
            key={s.name}
            label={s.label}
            name={s.name}
            type="number"
            inputMode="numeric"
            step={1}
            min={s.min}
            max={s.max}
            defaultValue={values[s.name]}
            hint={s.hint}
            error={errors[s.name]}
          />
        ))}
      </div>
    </fieldset>
  );
}

/** Every league setting in one form, in two groups; the server's messages show under each field, with or without JavaScript. */
export function SettingsForm({
  values,
  errors,
  formError,
  success,
}: {
  values: Values;
  errors: Record<string, string>;
  formError: string | null;
  success: string | null;
}) {
  const form = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(form, errors);
  const busy = useNavigation().state === "submitting";
  return (
    <Card>
      <Form method="post" noValidate ref={form} className="space-y-8">
        <FormAlert message={success} tone="success" />
        <Group legend="Standings" settings={STANDINGS} values={values} errors={errors} />
        <Group legend="Handicaps" settings={HANDICAPS} values={values} errors={errors} />
        <FormAlert message={formError} />
        <div className="flex justify-end">
          <Button type="submit" variant="primary" disabled={busy}>
            {busy ? "Saving…" : "Save settings"}
          </Button>
        </div>
      </Form>
    </Card>
  );
}
