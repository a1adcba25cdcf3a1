// Bad input generated from a description of good input. A route describes its valid
// body (or form) once, with a kind for each field; every function here turns that into
// many requests that are bad in exactly one place: a field of the wrong type, a field
// missing, a value out of range, a body that is not JSON at all. Pure data: nothing
// here sends a request.

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json | undefined };

/** Stands for the JSON literal 1e999 (Infinity once parsed): JSON.stringify cannot write it. */
export const RAW_INFINITY = "\u0000raw:1e999\u0000";

/** 100,000 characters: a body holding it is over the 64 KB limit (workers/body-limit.ts). */
export const HUGE = "h".repeat(100_000);
/** Long enough to break any field's maximum, short enough to reach the validators. */
export const LONG = "l".repeat(60_000);
/** 2^53 + 2: exactly representable, and past Number.MAX_SAFE_INTEGER. */
export const UNSAFE_INT = 2 ** 53 + 2;

/**
 * What a field holds when it is valid:
 * - id: a positive safe integer id, as a number or as digits
 * - money+ / money0 / money±: dollars (string or number) that must be > 0, ≥ 0, or may be negative
 * - epoch: seconds since 1970, 2000–2100; score: strokes 0–500
 * - text: a string of at most `max` characters, not blank unless `blankOk`
 * - email, password (the complexity rules), secret (any non-empty string ≤ 200: a login password, a reset token)
 * - enum (`values`), division, flag (true/false, "0"/"1"/"on", 0/1), bool (true or false only)
 * - pdga (up to 7 digits), url (https only), orderId (PayPal's), object, list
 * - int: a whole number from `min` to `max`, as a number or as digits (the league settings)
 * - pin: exactly 4 digits, as a string (a scoring PIN)
 */
export type Kind =
  | "id"
  | "money+"
  | "money0"
  | "money±"
  | "epoch"
  | "score"
  | "text"
  | "email"
  | "password"
  | "secret"
  | "enum"
  | "division"
  | "flag"
  | "bool"
  | "pdga"
  | "url"
  | "orderId"
  | "object"
  | "list"
  | "int"
  | "pin";

export type Field = {
  kind: Kind;
  /** May be left out. */
  optional?: boolean;
  /** null is a valid value. */
  nullable?: boolean;
  /** For text: the longest valid value; for int: the largest. */
  max?: number;
  /** For text: "" and spaces are valid. */
  blankOk?: boolean;
  /** For ids: 0, "0" and "" mean "none" (the league's side of a transfer) and are valid. */
  zeroIsNone?: boolean;
  /** For ids in forms, and optional whole numbers (a hole's distance): "" means "none" and is valid. */
  blankIsNone?: boolean;
  /** For enums: the valid values. */
  values?: string[];
  /** For int: the smallest valid value (`max` the largest). */
  min?: number;
};

type JsonType = "string" | "number" | "boolean" | "array" | "object" | "null";

const SAMPLE: Record<JsonType, Json> = {
  string: "not-a-value",
  number: 42,
  boolean: true,
  array: ["x"],
  object: { nested: 1 },
  null: null,
};

const ACCEPTS: Record<Kind, JsonType[]> = {
  id: ["number", "string"],
  "money+": ["number", "string"],
  money0: ["number", "string"],
  "money±": ["number", "string"],
  epoch: ["number", "string"],
  score: ["number", "string"],
  text: ["string"],
  email: ["string"],
  password: ["string"],
  secret: ["string"],
  enum: ["string"],
  division: ["string"],
  flag: ["boolean", "string", "number"],
  bool: ["boolean"],
  pdga: ["string", "number"],
  url: ["string"],
  orderId: ["string"],
  object: ["object"],
  list: ["array"],
  int: ["number", "string"],
  pin: ["string"],
};

const BAD_MONEY: Json[] = [
  -0.01,
  "-0.01",
  0.001,
  "1.005",
  "abc",
  "1e3",
  "1e999",
  1e308,
  RAW_INFINITY,
  UNSAFE_INT,
  "100000.01",
  "12,50",
  "$-1",
  "",
];

/** Values of an accepted type that are still wrong for the kind. */
function badValues(field: Field): Json[] {
  switch (field.kind) {
    case "id": {
      const zeros = field.zeroIsNone ? [] : field.blankIsNone ? [0, "0"] : [0, "0", ""];
      return [...zeros, -1, 1.5, UNSAFE_INT, 1e308, RAW_INFINITY, "abc", "-1", "1e3", " 1", "0x10"];
    }
    case "money+":
      return [0, "0", "0.00", ...BAD_MONEY];
    case "money0":
      return BAD_MONEY;
    case "money±":
      return [0.001, "1.005", "-1.005", "--1", "+1", "abc", "1e999", 1e308, RAW_INFINITY, "", "-100000.01"];
    case "epoch":
      return [-1, 0, 1.5, 946_684_799, 4_102_444_801, "abc", "1e9", "", 1e308, RAW_INFINITY, UNSAFE_INT, "-5"];
    case "score":
      return [-1, 1.5, 501, "abc", "-1", "1.5", 1e308, RAW_INFINITY];
    case "text":
      return [...(field.blankOk ? [] : ["", "   "]), "x".repeat((field.max ?? 100) + 1), LONG, HUGE];
    case "email":
      return ["not-an-email", "a@", "@example.com", "a b@example.com", `${"x".repeat(250)}@example.com`, "", LONG, HUGE];
    case "password":
      return ["Short1A", "alllowercase123", "ALLUPPERCASE123", "NoDigitsAtAllHere", "", `Aa1${"x".repeat(200)}`, HUGE];
    case "secret":
      return ["", "x".repeat(201), HUGE];
    case "enum": {
      const first = field.values?.[0] ?? "";
      return ["bogus", "", `${first} `, ...(first.toUpperCase() !== first ? [first.toUpperCase()] : [])];
    }
    case "division":
      return ["ZZ9", "", "ma1", "MA1 ", "MA1;DROP TABLE players"];
    case "flag":
      return ["yes", "2", 2, -1, "", "TRUE"];
    case "bool":
      return ["true", "false", 1, 0, "on"];
    case "pin":
      return ["", "123", "12345", "abcd", "12 4", " 1234", 1234, HUGE];
    case "pdga":
      return ["12345678", "abc", "-1", -1, 1.5, "1e3"];
    case "url":
      return ["http://insecure.example", "javascript:alert(1)", "https://has space.example", `https://${"x".repeat(500)}.example`];
    case "orderId":
      return ["", "bad id!", "x".repeat(65), "../../v1/oauth2/token"];
    case "int": {
      const [min, max] = [field.min ?? 0, field.max ?? 100];
      return [
        min - 1,
        max + 1,
        String(max + 1),
        1.5,
        "1.5",
        "abc",
        ...(field.blankIsNone ? [] : [""]),
        "1e2",
        "-1",
        UNSAFE_INT,
        1e308,
        RAW_INFINITY,
      ];
    }
    case "object":
    case "list":
      return [];
  }
}

const typeOf = (value: Json): JsonType =>
  value === null ? "null" : Array.isArray(value) ? "array" : (typeof value as "string" | "number" | "boolean" | "object");

/** Every bad value for one field, labelled. */
export function fieldBadValues(field: Field): { label: string; value: Json }[] {
  const accepted = new Set<JsonType>(ACCEPTS[field.kind]);
  if (field.nullable) accepted.add("null");
  const out: { label: string; value: Json }[] = [];
  for (const type of Object.keys(SAMPLE) as JsonType[]) {
    if (!accepted.has(type)) out.push({ label: `wrong type ${type}`, value: SAMPLE[type] });
  }
  for (const value of badValues(field)) {
    // A value the field accepts only by type was listed above already.
    if (!accepted.has(typeOf(value))) continue;
    out.push({ label: describe(value), value });
  }
  return out;
}

/** A short, readable label for a value (huge strings by their length). */
export function describe(value: Json): string {
  if (value === RAW_INFINITY) return "1e999 (a JSON number literal)";
  if (typeof value === "string" && value.length > 40) return `a string of ${value.length} chars`;
  return JSON.stringify(value);
}

const MISSING = Symbol("missing");

/** A deep copy of `body` with the value at `path` ("values.amt", "data.0.id") replaced or removed. */
export function withValue(body: Json, path: string, value: Json | typeof MISSING): Json {
  const copy = structuredClone(body);
  const keys = path.split(".");
  let at: any = copy;
  for (const key of keys.slice(0, -1)) at = at[key];
  const last = keys[keys.length - 1];
  if (value === MISSING) {
    if (Array.isArray(at)) at.splice(Number(last), 1);
    else delete at[last];
  } else {
    at[last] = value;
  }
  return copy;
}

/** The JSON text of a body, with RAW_INFINITY written as the literal 1e999. */
export function jsonText(body: Json): string {
  return JSON.stringify(body).replaceAll(JSON.stringify(RAW_INFINITY), "1e999");
}

export type BodyCase = { name: string; text: string; huge: boolean };

/** How many of a kind's bad values a second field of the same kind in one body gets (beside every wrong type). */
const REPEAT_SAMPLE = 3;

/**
 * A route's field cases: each required field missing, and each bad value of each field,
 * the rest of the body left valid. `huge` marks a body over the size limit. A field of a
 * kind the body already had (a round's five fees) is checked by the same schema factory:
 * it gets every wrong type and a sample of the values, enough to show it is wired to it.
 */
export function fieldCases(valid: Json, fields: Record<string, Field>): BodyCase[] {
  const out: BodyCase[] = [];
  const seen = new Set<Kind>();
  for (const [path, field] of Object.entries(fields)) {
    if (!field.optional) out.push({ name: `${path}: missing`, text: jsonText(withValue(valid, path, MISSING)), huge: false });
    const repeated = seen.has(field.kind);
    seen.add(field.kind);
    const all = fieldBadValues(field);
    const wrongType = all.filter((v) => v.label.startsWith("wrong type"));
    const values = repeated ? [...wrongType, ...all.filter((v) => !wrongType.includes(v)).slice(0, REPEAT_SAMPLE)] : all;
    for (const { label, value } of values) {
      const text = jsonText(withValue(valid, path, value));
      out.push({ name: `${path}: ${label}`, text, huge: text.length > 64 * 1024 });
    }
  }
  return out;
}

/** Bodies that are not a JSON object at all. */
export const MALFORMED_JSON: { name: string; text: string }[] = [
  { name: "an unfinished object", text: "{" },
  { name: "an array", text: "[]" },
  { name: "null", text: "null" },
  { name: "a JSON string", text: JSON.stringify("a string") },
  { name: "a number", text: "1e999" },
  { name: "an empty body", text: "" },
  { name: "a missing value", text: '{"a":}' },
  { name: "single quotes", text: "{'a': 1}" },
  // 20,000 levels: deep enough to break a recursive parser, small enough for the limit.
  { name: "arrays nested 20,000 deep", text: `${"[".repeat(20_000)}${"]".repeat(20_000)}` },
];

/**
 * The same valid body sent as something other than JSON: a route that reads JSON must
 * not run on a body it never read.
 */
export function wrongContentTypes(valid: Json): { name: string; contentType: string | null; body: string | FormData }[] {
  const form = new FormData();
  for (const [k, v] of Object.entries(valid as Record<string, Json>)) form.append(k, typeof v === "string" ? v : JSON.stringify(v));
  const urlencoded = new URLSearchParams(
    Object.entries(valid as Record<string, Json>).map(([k, v]) => [k, typeof v === "string" ? v : JSON.stringify(v)]),
  ).toString();
  return [
    { name: "JSON sent as text/plain", contentType: "text/plain; charset=utf-8", body: JSON.stringify(valid) },
    { name: "JSON without a Content-Type", contentType: null, body: JSON.stringify(valid) },
    { name: "the fields URL-encoded", contentType: "application/x-www-form-urlencoded", body: urlencoded },
    { name: "the fields as multipart", contentType: null, body: form },
  ];
}

/** A valid body padded past the 64 KB limit. */
export const oversize = (valid: Json): string => JSON.stringify({ ...(valid as object), padding: "p".repeat(70 * 1024) });

/** Bad values of an id in a URL path or query string (already URL-encoded). */
export const BAD_URL_IDS: string[] = [
  "0",
  "-1",
  "1.5",
  "abc",
  "1e3",
  "0x10",
  "%201",
  "1%20",
  String(2 ** 53),
  "9".repeat(40),
  "1%00",
  "1;DROP%20TABLE%20players",
  "%F0%9F%92%A9",
  "NaN",
];

/** The form of a form field's bad values: form posts carry only strings. */
export function formBadValues(field: Field): { label: string; value: string }[] {
  return badValues(field).flatMap((value) => {
    if (value === RAW_INFINITY) return [{ label: "1e999", value: "1e999" }];
    if (value === null || typeof value === "object") return [];
    return [{ label: describe(value), value: String(value) }];
  });
}

/** A form field's kind: the JSON kinds, a date or time input, a checkbox's "on", or a field's own bad values. */
export type FormField =
  | Field
  | { kind: "date" | "time" | "checkbox"; optional?: boolean }
  | { kind: "custom"; bad: string[]; optional?: boolean };

const FORM_ONLY: Record<"date" | "time" | "checkbox", string[]> = {
  date: ["", "2031-02-30", "2031-13-01", "31/12/2031", "1999-12-31", "2100-01-01", "tomorrow", "2031-1-1", HUGE],
  time: ["", "25:00", "7pm", "18:60", "18", HUGE],
  checkbox: ["yes", "true", "1", "ON"],
};

export type FormCase = { name: string; fields: Record<string, string>; field: string };

/**
 * A form's field cases: each required field missing and each bad value of each field,
 * the rest valid. Each case names the field whose error the answer must carry. Values
 * are strings (that is all a form can post), so there are no wrong-type cases; a form
 * action is called directly, so huge values reach its schema (the Worker's 413 for a
 * posted huge form is tested through fetch).
 */
export function formCases(valid: Record<string, string>, fields: Record<string, FormField>): FormCase[] {
  const out: FormCase[] = [];
  for (const [name, field] of Object.entries(fields)) {
    if (!field.optional) {
      const { [name]: _, ...rest } = valid;
      out.push({ name: `${name}: missing`, fields: rest, field: name });
    }
    const values =
      field.kind === "custom"
        ? field.bad.map((value) => ({ label: describe(value), value }))
        : field.kind === "date" || field.kind === "time" || field.kind === "checkbox"
          ? FORM_ONLY[field.kind].map((value) => ({ label: describe(value), value }))
          : formBadValues(field as Field);
    for (const { label, value } of values) {
      out.push({ name: `${name}: ${label}`, fields: { ...valid, [name]: value }, field: name });
    }
  }
  return out;
}
