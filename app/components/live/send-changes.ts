import type { ErrorJson } from "../../../workers/api/errors";
import type { ChangeResultsJson } from "../../../workers/api/serializers/live";
import type { Change, ChangeResult } from "~/schemas/live";
import { leagueOfPath, leagueUrls } from "~/lib/shared/league-url";

// Sending a batch of the outbox by POST (ADR 26, "The phone"): when the socket is down, and
// from Log out. The batch says who made it (`by`): the server refuses it whole when the
// browser's session is another login's, and it then stays on the phone for its own.

/** The protocol's largest batch (LIVE_LIMITS.batch, not imported: the page needs no zod). */
export const BATCH = 300;

export type Sent =
  /** Each change answered: applied, duplicate or refused with its reason. */
  | { kind: "answered"; results: ChangeResult[] }
  /** Refused whole for good (sending it again would be refused again): every change leaves the outbox with this reason. */
  | { kind: "refused"; error: string }
  /** Not taken now (no login, another login's session, a busy server, a lost answer): the changes wait, with why when the server said. */
  | { kind: "held"; error: string | null };

export async function postChanges(roundId: number, changes: Change[], by: number): Promise<Sent> {
  let res: Response;
  try {
    res = await fetch(leagueUrls(leagueOfPath(window.location.pathname)).apiUrl(`/live/${roundId}/changes`), {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ changes, by }),
      credentials: "same-origin",
    });
  } catch {
    return { kind: "held", error: null };
  }
  if (res.ok) return { kind: "answered", results: ((await res.json()) as ChangeResultsJson).results };
  const error = ((await res.json().catch(() => null)) as Partial<ErrorJson> | null)?.error ?? null;
  if (res.status >= 500 || [401, 408, 429].includes(res.status)) return { kind: "held", error };
  return { kind: "refused", error: error ?? "The server refused these scores." };
}
