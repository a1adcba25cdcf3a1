// The browser's reading of the /api's answers it asks for itself, the one place in the
// browser code that names the wire's fields: they become the domain's words (and dollars
// cents) here, as the serializers (workers/api/serializers/) make them on the server.
// No zod: this runs in the browser (zod probes eval, which the CSP reports). The answers'
// types are the serializers' own, imported as types only: no server code reaches the bundle.
import type { ErrorJson } from "../../../workers/api/errors";
import type { SearchResultJson } from "../../../workers/api/serializers/players";

/** A player the entry manager's search found (GET /api/players/search/{text}, searchResultJson). */
export type PlayerHit = { id: number; firstName: string; lastName: string; balanceCents: number | null; division: string };

/** The search's answer in words: the names, and the balance in cents (null where the league's setting hides it). */
export function readPlayerHits(json: unknown): PlayerHit[] {
  return (json as SearchResultJson[]).map((p) => ({
    id: p.id,
    firstName: p.fn,
    lastName: p.ln,
    balanceCents: p.balance === null ? null : Math.round(p.balance * 100),
    division: p.division,
  }));
}

/**
 * The words of an /api error answer, or null when it has none. An unexpected error (code
 * `internal`) ends with "(ref <requestId>)", so a screenshot of it finds the log line (ADR 43).
 */
export function errorWords(json: unknown): string | null {
  // Read with care all the same: an answer from a proxy or a dropped connection may be anything.
  const { error, code, requestId } = (json ?? {}) as Partial<Record<keyof ErrorJson, unknown>>;
  if (typeof error !== "string") return null;
  return code === "internal" && typeof requestId === "string" ? `${error} (ref ${requestId})` : error;
}
