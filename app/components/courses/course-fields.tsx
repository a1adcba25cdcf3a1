import { FormField } from "~/components/ui/form-field";

export type CourseInputs = { name: string; place: string };

/** A course's two fields: its name (what a round's location shows) and where it is. */
export function CourseFields({ values, errors }: { values: CourseInputs; errors: Record<string, string> }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormField
        label="Course name"
        name="name"
        required
        maxLength={100}
        defaultValue={values.name}
        error={errors.name}
        autoComplete="off"
        hint="Rounds that play its layouts show it as their location."
      />
      <FormField
        label="Place (optional)"
        name="place"
        maxLength={200}
        defaultValue={values.place}
        error={errors.place}
        autoComplete="off"
        hint="The town or address, as a player would look it up."
      />
    </div>
  );
}
