import { describe, expect, it } from "vitest";
import { checkEmail, checkName, checkNewPassword, checkPasswordGiven } from "~/lib/form-checks";
import type { FieldErrors } from "~/lib/form-checks";
import { LoginSchema, RegisterFormSchema } from "~/schemas/auth";
import { fieldName } from "~/lib/form-data";

// The browser's checks (app/lib/form-checks.ts) stand in for the server's only when they
// agree with it: whatever the browser refuses, the schema refuses with the same words.
// (The browser may let through what the server then refuses; that answer shows too.)

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.append(k, v);
  return data;
};

function serverErrors(schema: typeof LoginSchema | typeof RegisterFormSchema, fields: Record<string, string>): FieldErrors {
  const parsed = schema.safeParse(fields);
  const errors: FieldErrors = {};
  if (!parsed.success) for (const issue of parsed.error.issues) errors[fieldName(issue.path)] ??= issue.message;
  return errors;
}

const emails = ["", "   ", "ann", "ann@", "@x.org", "ann@x", "ann @x.org", "ann@x.org", " Ann@X.org "];
const names = ["", "  ", "Ann"];

describe("the login form's checks", () => {
  it("refuse only what the server refuses, in the same words", () => {
    for (const email of emails)
      for (const password of ["", "x"]) {
        const fields = { email, password };
        const client = { ...checkEmail(form(fields)), ...checkPasswordGiven(form(fields)) };
        const server = serverErrors(LoginSchema, fields);
        for (const [field, message] of Object.entries(client)) expect(server[field], `${field} of ${JSON.stringify(fields)}`).toBe(message);
      }
  });

  it("pass a well-formed login untouched", () => {
    expect({ ...checkEmail(form({ email: "ann@x.org" })), ...checkPasswordGiven(form({ password: "x" })) }).toEqual({});
  });
});

describe("the register form's checks", () => {
  const passwords: [string, string][] = [
    ["", ""],
    ["short", "short"],
    ["LongEnough1", "LongEnough2"],
    ["LongEnough1", "LongEnough1"],
  ];

  it("refuse only fields the server refuses, in its words (the password rules in the form's own, spec §5)", () => {
    for (const name of names)
      for (const email of emails)
        for (const [password, confirmPassword] of passwords) {
          const fields = { name, email, password, confirmPassword };
          const data = form(fields);
          const client = { ...checkName(data), ...checkEmail(data), ...checkNewPassword(data) };
          const server = serverErrors(RegisterFormSchema, fields);
          const where = (field: string) => `${field} of ${JSON.stringify(fields)}`;
          for (const field of Object.keys(client)) expect(server[field], where(field)).toBeDefined();
          for (const field of ["name", "email", "confirmPassword"])
            if (client[field]) expect(server[field], where(field)).toBe(client[field]);
          if (client.password) expect(client.password).toBe("Password does not meet all requirements");
        }
  });

  it("let the profile keep its password: both fields empty pass when optional", () => {
    expect(checkNewPassword(form({ password: "", confirmPassword: "" }), { optional: true })).toEqual({});
    expect(checkNewPassword(form({ password: "LongEnough1", confirmPassword: "" }), { optional: true })).toEqual({
      confirmPassword: "Passwords do not match",
    });
  });
});
