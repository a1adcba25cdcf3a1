import { describe, expect, it } from "vitest";
import { FormShapeError, fieldName, formToObject } from "~/lib/shared/form-data";

const form = (pairs: [string, string][]) => {
  const data = new FormData();
  for (const [k, v] of pairs) data.append(k, v);
  return data;
};

describe("formToObject", () => {
  it("keeps plain fields as they are, the last of a repeated name winning", () => {
    expect(
      formToObject(
        form([
          ["email", "a@x.test"],
          ["intent", "one"],
          ["intent", "two"],
        ]),
      ),
    ).toEqual({ email: "a@x.test", intent: "two" });
  });

  it("gathers rows[i].field into an array of row objects in index order", () => {
    const posted = form([
      ["intent", "save"],
      ["rows[1].id", "7"],
      ["rows[0].id", "4"],
      ["rows[0].score", "52"],
      ["rows[1].score", ""],
      ["other[0].x", "y"],
    ]);
    expect(formToObject(posted)).toEqual({
      intent: "save",
      rows: [
        { id: "4", score: "52" },
        { id: "7", score: "" },
      ],
      other: [{ x: "y" }],
    });
  });

  it("refuses rows with a gap, or a name that is both a field and a list", () => {
    expect(() =>
      formToObject(
        form([
          ["rows[0].id", "1"],
          ["rows[2].id", "3"],
        ]),
      ),
    ).toThrow(FormShapeError);
    expect(() => formToObject(form([["rows[1].id", "1"]]))).toThrow(FormShapeError);
    expect(() =>
      formToObject(
        form([
          ["rows", "x"],
          ["rows[0].id", "1"],
        ]),
      ),
    ).toThrow(FormShapeError);
  });

  it("never writes to the prototype, and leaves names outside the grammar as plain fields", () => {
    const out = formToObject(
      form([
        ["__proto__", "x"],
        ["rows[0].__proto__", "x"],
        ["constructor[0].a", "b"],
        ["rows[0][1]", "z"],
        ["a.b", "c"],
      ]),
    );
    expect(({} as Record<string, unknown>).x).toBeUndefined();
    expect(out).toEqual({ "rows[0][1]": "z", "a.b": "c" });
  });
});

describe("fieldName", () => {
  it("writes a zod path the way the inputs are named", () => {
    expect(fieldName(["email"])).toBe("email");
    expect(fieldName(["rows", 3, "score"])).toBe("rows[3].score");
    expect(fieldName([])).toBe("form");
  });
});
