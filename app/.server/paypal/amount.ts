// PayPal speaks money as decimal strings ("12.50"); we keep integer cents. Converted by
// digits, never through floats, so 0.1 + 0.2 never reaches a payment record.

/** 1234 → "12.34", 5 → "0.05". */
export function centsToValue(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`Not a whole number of cents: ${cents}`);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}

/** "12.34" → 1234, "7" → 700, "0.5" → 50. A value with more than two decimals is refused. */
export function valueToCents(value: string): number {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(value);
  if (!match) throw new RangeError(`Not a USD amount: ${JSON.stringify(value)}`);
  const cents = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Amount too large: ${value}`);
  return cents;
}
