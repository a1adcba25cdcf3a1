import { z } from "./zod";
import { DISTANCE_FEET, HOLE_COUNT, type Hole, PAR, fitHoles, renumberSecondCards } from "../lib/courses/layouts";
import { bodyIdSchema, idSchema } from "./ids";
import { optionalText, requiredText } from "./rounds";
import { whole } from "./settings";
import { versionSchema } from "./version";

// Courses and their layouts (ADR 25): the admin's forms on /admin/courses and the /api's
// bodies share these rules. A form posts the /api's names (`hole_count`, `holes[3].par`,
// `holes[3].distance_feet`, `holes[3].second_card_order`), so each error lands beside its
// input; the layout's values come out in the domain's words.

/** A course: its name (unique; what a round's location shows) and where it is. */
export const CourseValuesSchema = z.object({
  name: requiredText("Name", 100),
  place: optionalText("Place", 200),
});

export type CourseValues = z.infer<typeof CourseValuesSchema>;

/** An optional whole number: empty, null or absent is none. */
const optionalWhole = (label: string, min: number, max: number) =>
  z.preprocess(
    (v) => (v === undefined || v === null || (typeof v === "string" && v.trim() === "") ? null : v),
    whole(label, min, max).nullable(),
  );

const HoleSchema = z.object(
  {
    par: whole("par", PAR.min, PAR.max),
    distance_feet: optionalWhole("distance", DISTANCE_FEET.min, DISTANCE_FEET.max),
    second_card_order: optionalWhole("second card", 1, HOLE_COUNT.max),
  },
  { error: "each hole must be an object with its par" },
);

const countMessage = `A layout has ${HOLE_COUNT.min} to ${HOLE_COUNT.max} holes`;

/**
 * The holes in course order, each checked on its own so a message names its hole ("Hole 4:
 * par …"), and each second-card place given once; the places are renumbered 1, 2, … in
 * the order given, so "1, 4, 9" keeps its order.
 */
const HolesSchema = z
  .array(z.unknown(), { error: "holes must be a list of holes" })
  .min(HOLE_COUNT.min, countMessage)
  .max(HOLE_COUNT.max, countMessage)
  .transform((list, ctx): Hole[] => {
    const holes = list.map((raw, i) => {
      const parsed = HoleSchema.safeParse(raw);
      if (parsed.success) return parsed.data;
      for (const issue of parsed.error.issues) {
        ctx.addIssue({ code: "custom", path: [i, ...issue.path], message: `Hole ${i + 1}: ${issue.message}` });
      }
      return null;
    });
    const orders = holes.map((h) => h?.second_card_order ?? null);
    orders.forEach((order, i) => {
      const first = orders.indexOf(order);
      if (order === null || first === i) return;
      ctx.addIssue({
        code: "custom",
        path: [i, "second_card_order"],
        message: `Hole ${i + 1}: hole ${first + 1} takes second card ${order} already; give each hole its own number`,
      });
    });
    const places = renumberSecondCards(orders);
    return holes.map((h, i) => ({
      par: h?.par ?? PAR.default,
      distanceFeet: h?.distance_feet ?? null,
      secondCardOrder: places[i] ?? null,
    }));
  });

const layoutName = requiredText("Layout name", 60);

export type LayoutValues = { name: string; holes: Hole[] };

const LayoutFields = z.object({ name: layoutName, holes: HolesSchema });

/** POST /api/admin/courses/{id}/layouts {name, holes: [{par, distance_feet?, second_card_order?}]}. */
export const NewLayoutSchema = LayoutFields;

/** PUT /api/admin/layouts/{id} {version, name, holes}: over the version read (ADR 20). */
export const SaveLayoutSchema = LayoutFields.extend({ version: versionSchema("layout") }).transform(({ version, ...values }) => ({
  version,
  values,
}));

/**
 * The layout form: the hole count as typed decides the holes. A form that grew (a phone
 * without JavaScript changed the count and saved) gets par-3 holes at the end; one that
 * shrank loses its last holes. The count is checked like every field.
 */
const fitToCount = (raw: unknown) => {
  if (typeof raw !== "object" || raw === null) return raw;
  const form = raw as { hole_count?: unknown; holes?: unknown };
  const count = Number(form.hole_count);
  if (!/^\s*\d{1,2}\s*$/.test(String(form.hole_count)) || count < HOLE_COUNT.min || count > HOLE_COUNT.max) return raw;
  const holes = Array.isArray(form.holes) ? form.holes : [];
  return { ...form, holes: fitHoles(holes, count, () => ({ par: String(PAR.default) })) };
};

const LayoutFormFields = LayoutFields.extend({ hole_count: whole("Holes", HOLE_COUNT.min, HOLE_COUNT.max) });

/** The new-layout form (/admin/courses/{id}/layouts/new). */
export const LayoutFormSchema = z.preprocess(
  fitToCount,
  LayoutFormFields.transform(({ hole_count: _, ...values }): LayoutValues => values),
);

/** The layout form of a stored layout (/admin/layouts/{id}): its values and the version it read. */
export const LayoutEditFormSchema = z.preprocess(
  fitToCount,
  LayoutFormFields.extend({ version: versionSchema("layout") }).transform(({ hole_count: _, version, ...values }) => ({ version, values })),
);

/** The first layout a new course is given, named so: the organiser's one form makes a playable course. */
export const FIRST_LAYOUT_NAME = "Main";

/**
 * A new course (POST /api/admin/courses, the add form on /admin/courses): its name and place,
 * and `hole_count`, the holes of its first layout ("Main", every hole par 3). The form sends
 * 18 unless the admin changes it; the /api makes no layout without it, as before.
 */
export const NewCourseSchema = CourseValuesSchema.extend({ hole_count: optionalWhole("Holes", HOLE_COUNT.min, HOLE_COUNT.max).optional() });
export type NewCourse = z.infer<typeof NewCourseSchema>;

/** POST /api/admin/courses/copy {league_id, course_id}: a course of another league the admin runs, copied here. */
export const CourseCopySchema = z.object({ league_id: bodyIdSchema("league id"), course_id: bodyIdSchema("course id") });
export type CourseCopy = z.infer<typeof CourseCopySchema>;

/** The copy form on /admin/courses: one choice, "{league id}:{course id}". */
export const CourseCopyFormSchema = z
  .object({ source: z.string({ error: "Choose a course to copy" }).regex(/^\d{1,15}:\d{1,15}$/, "Choose a course to copy") })
  .transform(({ source }) => {
    const [league_id, course_id] = source.split(":").map(Number);
    return { league_id: league_id as number, course_id: course_id as number };
  });

/** A confirmed delete on /admin/courses: a course or a layout, by id. */
export const CourseDeleteFormSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("deleteCourse"), id: idSchema("course id") }),
    z.object({ intent: z.literal("deleteLayout"), id: idSchema("layout id") }),
  ],
  { error: "Choose what to delete" },
);
