// Its own module: only /leagues/new uses it, so it stays out of the chunk every page loads.
/**
 * An address suggested from a league's name as its starter types (/leagues/new): lower
 * case, every run of other characters one hyphen, none at either end, at most 40
 * characters. It may still be too short or reserved: the form checks it like any typed one.
 */
export function suggestSlug(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+/, "")
    .slice(0, 40)
    .replace(/-+$/, "");
}
