// Money is integer cents everywhere behind the /api; pages show it with formatCents.

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

/** Whole cents as US dollars for people to read: 1250 → "$12.50", -575 → "-$5.75". */
export function formatCents(cents: number): string {
  return usd.format(cents / 100);
}

// The helpers below speak dollars; they go as the services and pages move to cents.

export function toDollars(cents: number): number {
  return Math.round(cents) / 100;
}

export function formatUsd(cents: number): string {
  return usd.format(cents / 100);
}

/** Dollars without the currency sign, always two decimals ("12.50"). */
export function formatAmount(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** For amounts already in dollars (the API's DTOs). */
export function formatDollars(dollars: number): string {
  return usd.format(dollars);
}
