import { type ReactNode, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { FormAlert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Panel } from "~/components/ui/panel";
import { FormField, SelectFormField, TextAreaFormField, useFocusFirstInvalid } from "~/components/ui/form-field";
import { CHOICES, type ChoiceName, SETTINGS, type SettingName, TEXT_SETTINGS } from "~/lib/settings/league-settings";
import { DIVISIONS } from "~/lib/players/divisions";
import { HANDICAPS, NIGHT, NIGHT_CHOICES, RAIN_OUTS, RAIN_OUT_POLICY, STANDINGS, TAGS } from "./settings-hints";

type Values = Record<string, string | number | string[]>;

function Choices({ names, values, errors }: { names: [ChoiceName, string][]; values: Values; errors: Record<string, string> }) {
  return names.map(([name, hint]) => (
    <SelectFormField
      key={name}
      label={CHOICES[name].label}
      name={name}
      defaultValue={String(values[name])}
      hint={hint}
      error={errors[name]}
    >
      {CHOICES[name].options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </SelectFormField>
  ));
}

function Group({
  legend,
  settings,
  values,
  errors,
  lead,
  children,
}: {
  legend: string;
  settings: [SettingName, string][];
  values: Values;
  errors: Record<string, string>;
  /** Fields before the numbers (a setting that turns the group on). */
  lead?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <fieldset className="space-y-4">
      <legend className="mb-2 font-display text-xl font-semibold tracking-wide">{legend}</legend>
      <div className="grid gap-4 sm:grid-cols-2">
        {lead}
        {settings.map(([name, hint]) => (
          <FormField
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
  shown,
  errors,
  formError,
  success,
}: {
  values: Values;
  /** The settings as the page showed them (JSON): the save writes only what differs from them. */
  shown: string;
  errors: Record<string, string>;
  formError: string | null;
  success: string | null;
}) {
  const form = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(form, errors);
  const busy = useNavigation().state === "submitting";
  return (
    <Panel>
      <Form method="post" noValidate ref={form} className="space-y-8">
        <FormAlert message={success} tone="success" />
        <input type="hidden" name="shown" value={shown} />
        <Group legend="Standings" settings={STANDINGS} values={values} errors={errors} />
        <Group legend="Handicaps" settings={HANDICAPS} values={values} errors={errors} />
        <Group legend="League night" settings={NIGHT} values={values} errors={errors}>
          <Choices names={NIGHT_CHOICES} values={values} errors={errors} />
        </Group>
        <Group legend="Rain-outs" settings={RAIN_OUTS} values={values} errors={errors}>
          <div className="sm:col-span-2">
            <TextAreaFormField
              label={TEXT_SETTINGS.rainOutPolicy.label}
              name="rainOutPolicy"
              defaultValue={String(values.rainOutPolicy ?? "")}
              maxLength={TEXT_SETTINGS.rainOutPolicy.max}
              rows={5}
              hint={RAIN_OUT_POLICY}
              error={errors.rainOutPolicy}
            />
          </div>
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
          <FormField
            label="Divisions"
            name="divisions"
            defaultValue={Array.isArray(values.divisions) ? values.divisions.join(", ") : String(values.divisions ?? "")}
            hint={`The divisions the league runs, in its order, separated by commas: offered first wherever a division is chosen. PDGA codes: ${DIVISIONS.join(", ")}.`}
            error={errors.divisions}
            autoCapitalize="characters"
            spellCheck={false}
          />
          <Choices
            names={[
              ["moneyVisibility", "Balances on the players' pages and lists, and the transfers page."],
              ["distanceUnit", "How far a closest-to-the-pin throw landed: what the scoring page asks for and every page shows."],
            ]}
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
    </Panel>
  );
}
