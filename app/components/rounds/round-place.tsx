import { useEffect, useState } from "react";
import { FormField, SelectFormField } from "~/components/ui/form-field";
import { type CourseChoice, courseOfLayout, holesAndPar } from "~/lib/courses/layouts";

/** The options of a round's "Course and layout" select: none (the location typed), then each course's layouts. */
export function LayoutOptions({ choices }: { choices: readonly CourseChoice[] }) {
  return (
    <>
      <option value="">None: type the location</option>
      {choices.map((c) => (
        <optgroup key={c.name} label={c.name}>
          {c.layouts.map((l) => (
            <option key={l.id} value={l.id}>
              {`${l.name} · ${holesAndPar(l)}`}
            </option>
          ))}
        </optgroup>
      ))}
    </>
  );
}

/**
 * Where a round is played (ADR 25): a layout of one of the league's courses, or none and a
 * location typed. A layout makes the location its course's name: the server writes it so;
 * with JavaScript the field shows it at once and cannot be typed over. Without JavaScript
 * the field stays as it was and the server's name wins.
 */
export function RoundPlace({
  layoutId,
  location,
  choices,
  errors,
}: {
  layoutId: string;
  location: string;
  choices: readonly CourseChoice[];
  errors: Record<string, string>;
}) {
  const [chosen, setChosen] = useState(layoutId);
  const [typed, setTyped] = useState(location);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const course = courseOfLayout(choices, chosen);
  const fixed = hydrated && course !== null;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <SelectFormField
        label="Course and layout"
        name="layout_id"
        value={chosen}
        onChange={(e) => setChosen(e.target.value)}
        error={errors.layout_id}
        hint={choices.length ? "A layout sets the location to its course and the round's par to its own." : "No courses with layouts yet."}
      >
        <LayoutOptions choices={choices} />
      </SelectFormField>
      <FormField
        label="Location"
        name="location"
        maxLength={100}
        required={course === null}
        value={fixed ? (course ?? "") : typed}
        onChange={(e) => setTyped(e.target.value)}
        readOnly={fixed}
        error={errors.location}
        hint={fixed ? "The layout's course." : undefined}
        autoComplete="off"
      />
    </div>
  );
}
