// Money is integer cents everywhere behind the /api (which alone speaks dollars); pages
// show it with formatCents and never compute in dollars.

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

/** Whole cents as US dollars for people to read: 1250 → "$12.50", -575 → "-$5.75". */
export function formatCents(cents: number): string {
  return usd.format(cents / 100);
}

/** Whole cents as an amount input's value: 450 → "4.50", -25 → "-0.25". */
export function centsInput(cents: number): string {
  const abs = Math.abs(Math.round(cents));
  return `${cents < 0 ? "-" : ""}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/**
 * What a person is typing into an amount input, in cents, for live totals ("$4.5" → 450,
 * "-1.25" → -125); anything not yet an amount reads as 0. Saving parses again with the
 * form's zod schema, which says what is wrong.
 */
export function typedCents(text: string): number {
  const m = text
    .trim()
    .replace(/^\$/, "")
    .match(/^(-?)(\d{0,7})(?:\.(\d{1,2}))?$/);
  return m ? (m[1] ? -1 : 1) * (Number(m[2] || 0) * 100 + Number((m[3] ?? "").padEnd(2, "0"))) : 0;
}
