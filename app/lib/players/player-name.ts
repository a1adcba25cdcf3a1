// The entry form runs this in the browser: no zod here (zod probes eval, which the CSP reports).

/** The two halves of a player's name, whatever the row or answer they come from calls them. */
export type NameParts = { firstName: string; lastName: string };

/**
 * A player's name as the league shows, sorts by and searches it: first, one space, last.
 * The SQL twin for queries is fullNameSql (app/.server/db/player-name.ts).
 */
export function fullName({ firstName, lastName }: NameParts): string {
  return `${firstName} ${lastName}`;
}

/** 'Add player: Jane Doe' → Jane / Doe: the first word is the first name, the rest the last. */
export function splitPlayerName(text: string): NameParts {
  const [firstName = "", ...rest] = text.trim().split(/\s+/);
  return { firstName, lastName: rest.join(" ") };
}
