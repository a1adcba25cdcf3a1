import { describe, expect, it } from "vitest";
import { centsInput, typedCents } from "~/lib/shared/money";

describe("amount inputs", () => {
  it.each([
    [450, "4.50"],
    [0, "0.00"],
    [-25, "-0.25"],
    [-125, "-1.25"],
    [100_000, "1000.00"],
  ])("%i cents show as %s and read back", (cents, text) => {
    expect(centsInput(cents)).toBe(text);
    expect(typedCents(text)).toBe(cents);
  });

  it("reads what is being typed, and anything else as 0", () => {
    expect([typedCents("$4.5"), typedCents(" .5 "), typedCents("4."), typedCents("abc"), typedCents("1.234")]).toEqual([450, 50, 0, 0, 0]);
  });
});
