// Money is integer cents inside; the API and UI speak dollars (at most two decimals).

export function toDollars(cents: number): number {
  return Math.round(cents) / 100;
}

export function toCents(dollars: number): number {
  return Math.round(dollars * 100);
}

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

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
