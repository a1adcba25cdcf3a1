import { type ReactNode, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { FormAlert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field, SelectField, useFocusFirstInvalid } from "~/components/ui/field";
import { CHOICES, type ChoiceName, SETTINGS, type SettingName } from "~/lib/league-settings";
import { DIVISIONS } from "~/lib/divisions";

type Values = Record<string, string | number | string[]>;

// The form's own words per field; labels, bounds and defaults are the settings' (app/lib/league-settings.ts).
const STANDINGS: [SettingName, string][] = [
  ["pointsFirst", "What the winner of a division gets in a round."],
  ["pointsStep", "How many fewer points each place below 1st gets."],
  ["pointsFloor", "The fewest points a place gets; at most the points for 1st."],
  ["pointsParticipation", "Added for every round a player has a score in."],
  ["standingsBestN", "A player's total is the sum of this many best rounds of the season."],
];

const NIGHT: [SettingName, string][] = [
  ["checkInOpensMinutes", "Players can check themselves in from this long before a round starts."],
  ["cardSize", "Cards are made as near this size as the field allows (never fewer than 3 unless the field is smaller, at most 5)."],
  ["teeIntervalMinutes", "With tee times, each card starts this long after the one before."],
];

const NIGHT_CHOICES: [ChoiceName, string][] = [
  ["cardMode", "How Make cards groups the checked-in players; the admin can choose another each time."],
  ["cardStart", "Shotgun uses each layout's holes; tee times start at the round's start time."],
];

function Choices({ names, values, errors }: { names: [ChoiceName, string][]; values: Values; errors: Record<string, string> }) {
  return names.map(([name, hint]) => (
    <SelectField key={name} label={CHOICES[name].label} name={name} defaultValue={String(values[name])} hint={hint} error={errors[name]}>
      {CHOICES[name].options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </SelectField>
  ));
}

const TAGS: [SettingName, string][] = [
  ["tagCount", "Tags 1 to this number make the pool an admin assigns from."],
  ["tagExpiryWeeks", "A holder who plays no round for this long gives the tag back at the next tags round; 0 keeps tags however long."],
];

const HANDICAPS: [SettingName, string][] = [
  ["handicapRounds", "How many of a player's latest rounds the handicap is taken from."],
  ["handicapPercent", "The share of the difference from par given as strokes."],
  ["handicapPar", "The score a handicap is measured from."],
];

function Group({
  legend,
  settings,
  values,
  errors,
  children,
}: {
  legend: string;
  settings: [SettingName, string][];
  values: Values;
  errors: Record<string, string>;
  children?: ReactNode;
}) {
  return (
    <fieldset className="space-y-4">
      <legend className="mb-2 font-display text-xl font-semibold tracking-wide">{legend}</legend>
      <div className="grid gap-4 sm:grid-cols-2">
        {settings.map(([name, hint]) => (
          <Field
            key={name}
            label={SETTINGS[name].label}
            name={name}
            type="number"
            inputMode="numeric"
            step={1}
            min={SETTINGS[name].min}
            max={SETTINGS[name].max}
            defaultValue={values[name]}
            hint={hint}
            error={errors[name]}
          />
        ))}
        {children}
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
        <Group legend="League night" settings={NIGHT} values={values} errors={errors}>
          <Choices names={NIGHT_CHOICES} values={values} errors={errors} />
        </Group>
        <Group legend="Bag tags" settings={TAGS} values={values} errors={errors}>
          <Choices
            names={[
              [
                "bagTags",
                "After a round that counts for tags, its players swap tags by finish; the round form says whether a round counts.",
              ],
            ]}
            values={values}
            errors={errors}
          />
        </Group>
        <Group legend="The league" settings={[]} values={values} errors={errors}>
          <Field
            label="Divisions"
            name="divisions"
            defaultValue={Array.isArray(values.divisions) ? values.divisions.join(", ") : String(values.divisions ?? "")}
            hint={`The divisions the league runs, in its order, separated by commas: offered first wherever a division is chosen. PDGA codes: ${DIVISIONS.join(", ")}.`}
            error={errors.divisions}
            autoCapitalize="characters"
            spellCheck={false}
          />
          <Choices
            names={[["moneyVisibility", "Balances on the players' pages and lists, and the transfers page."]]}
            values={values}
            errors={errors}
          />
        </Group>
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
