import { describe, expect, it } from "vitest";
import { formatCents } from "~/lib/shared/money";
import { toDollars } from "../../workers/api/serializers/money";

describe("formatCents", () => {
  it("shows whole cents as dollars with two decimals and the sign", () => {
    expect(formatCents(0)).toBe("$0.00");
    expect(formatCents(5)).toBe("$0.05");
    expect(formatCents(1250)).toBe("$12.50");
    expect(formatCents(123_456)).toBe("$1,234.56");
    expect(formatCents(-575)).toBe("-$5.75");
  });
});

describe("toDollars (the /api's boundary)", () => {
  it("gives dollars with at most two decimals, without float noise", () => {
    expect(toDollars(450)).toBe(4.5);
    expect(toDollars(25)).toBe(0.25);
    expect(toDollars(1)).toBe(0.01);
    expect(toDollars(-575)).toBe(-5.75);
    expect(toDollars(1_325 - 300 + 50)).toBe(10.75);
  });
});
