import { z } from "./zod";

/** What a version is read of (ADR 20): an entry, a round, a layout, a round's cards (cards_version, ADR 25) or teams (teams_version, ADR 31). */
type Versioned = "entry" | "round" | "layout" | "cards" | "teams";

/** The 400 for a write of a stored row that does not say which version it read. */
export const missingVersion = (what: Versioned) => `version is required: send the version of the ${what} as you read it`;

/**
 * The version an entry or round was read at (ADR 20), as the /api's JSON (a number) or a
 * form (digits). Required: a write that does not say what it read would win blindly over
 * whatever changed since, so it is refused with 400, not applied.
 */
export function versionSchema(what: Versioned) {
  const invalid = `Invalid ${what} version`;
  const missing = missingVersion(what);
  return z.union(
    [
      z.number().int(invalid).min(0, invalid).max(Number.MAX_SAFE_INTEGER, invalid),
      z
        .string()
        .regex(/^\d{1,15}$/, invalid)
        .transform(Number),
    ],
    { error: (issue) => (issue.input === undefined || issue.input === null || issue.input === "" ? missing : invalid) },
  );
}
