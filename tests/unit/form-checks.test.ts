import { describe, expect, it } from "vitest";
import { z } from "zod";
import { type FieldErrors, schemaCheck } from "~/lib/shared/form-checks";
import { fieldErrorsOf } from "~/lib/shared/form-data";
import { LoginSchema, ProfileFormSchema, RegisterFormSchema } from "~/schemas/auth";

// The browser checks an account form with the action's own schema (app/lib/shared/form-checks.ts):
// it refuses exactly the fields the action refuses, in the action's words but for the
// password, which beside its live checklist "does not meet all requirements".

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.append(k, v);
  return data;
};

const serverErrors = (schema: z.ZodType, fields: Record<string, string>): FieldErrors => {
  const parsed = schema.safeParse(fields);
  return parsed.success ? {} : fieldErrorsOf(parsed.error.issues);
};

const emails = ["", "   ", "ann", "ann@", "@x.org", "ann@x", "ann @x.org", "ann@x.org", " Ann@X.org "];

describe("the account forms' checks in the browser", () => {
  it("build their schemas jitless, so zod never reaches for eval (the CSP forbids it)", () => {
    expect(z.config().jitless).toBe(true);
  });

  it("mark every field of an empty register form in the product's words", () => {
    expect(schemaCheck(RegisterFormSchema)(form({ name: "", email: "", password: "", confirmPassword: "" }))).toEqual({
      name: "Name is required",
      email: "Enter a valid email address",
      password: "Password does not meet all requirements",
    });
  });

  it("mark only the confirmation when it alone is wrong", () => {
    const fields = { name: "Ann", email: "ann@x.org", password: "LongEnough1", confirmPassword: "LongEnough2" };
    expect(schemaCheck(RegisterFormSchema)(form(fields))).toEqual({ confirmPassword: "Passwords do not match" });
  });

  it("refuse on the register form what the server refuses, in its words", () => {
    const passwords: [string, string][] = [
      ["", ""],
      ["short", "short"],
      ["LongEnough1", "LongEnough2"],
      ["LongEnough1", "LongEnough1"],
    ];
    for (const name of ["", "  ", "Ann", "N".repeat(101)])
      for (const email of emails)
        for (const [password, confirmPassword] of passwords) {
          const fields = { name, email, password, confirmPassword };
          const server = serverErrors(RegisterFormSchema, fields);
          if (server.password) server.password = "Password does not meet all requirements";
          expect(schemaCheck(RegisterFormSchema)(form(fields)), JSON.stringify(fields)).toEqual(server);
        }
  });

  it("refuse on the login form what the server refuses, and pass a well-formed login", () => {
    for (const email of emails)
      for (const password of ["", "x"]) {
        const fields = { email, password };
        expect(schemaCheck(LoginSchema)(form(fields)), JSON.stringify(fields)).toEqual(serverErrors(LoginSchema, fields));
      }
    expect(schemaCheck(LoginSchema)(form({ email: "ann@x.org", password: "x", redirectTo: "/" }))).toEqual({});
    expect(schemaCheck(LoginSchema)(form({ email: "", password: "" }))).toEqual({
      email: "Enter a valid email address",
      password: "Password is required",
    });
  });

  it("read the form as the action does: the profile keeps its password when both fields are left empty", () => {
    const changed = (f: FormData) => ({ password: f.get("password") || undefined, confirmPassword: f.get("confirmPassword") || undefined });
    const check = schemaCheck(ProfileFormSchema, changed);
    expect(check(form({ password: "", confirmPassword: "" }))).toEqual({});
    expect(check(form({ password: "LongEnough1", confirmPassword: "" }))).toEqual({ confirmPassword: "Passwords do not match" });
    expect(check(form({ password: "short", confirmPassword: "short" }))).toEqual({ password: "Password does not meet all requirements" });
  });
});
