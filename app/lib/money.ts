// Money is integer cents everywhere behind the /api (which alone speaks dollars); pages
// show it with formatCents and never compute in dollars.

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

/** Whole cents as US dollars for people to read: 1250 → "$12.50", -575 → "-$5.75". */
export function formatCents(cents: number): string {
  return usd.format(cents / 100);
}
