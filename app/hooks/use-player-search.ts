import { useEffect, useState } from "react";
import { type PlayerHit, readPlayerHits } from "~/lib/shared/api-answers";
import { MAX_SEARCH_LENGTH, MIN_SEARCH_LENGTH } from "~/lib/players/constants";
import { useLeagueUrls } from "./use-league-urls";

/** The admin entry search waits this long after the last keystroke. */
export const SEARCH_DEBOUNCE_MS = 500;

/**
 * Player search for the entry manager: starts at 3 characters, debounced,
 * each new text cancels the request before it (a cancelled request is ignored), players
 * already in the round are left out. A failed search reports 'error'.
 */
export function usePlayerSearch(text: string, exclude: readonly number[]) {
  const { apiUrl } = useLeagueUrls();
  const [hits, setHits] = useState<PlayerHit[]>([]);
  const [state, setState] = useState<"idle" | "searching" | "done" | "error" | "tooLong">("idle");
  const q = text.trim().replace(/\s+/g, " ");
  const excluded = exclude.join(",");
  useEffect(() => {
    if (q.length < MIN_SEARCH_LENGTH) {
      setHits([]);
      setState("idle");
      return;
    }
    if (q.length > MAX_SEARCH_LENGTH) {
      setHits([]);
      setState("tooLong");
      return;
    }
    const abort = new AbortController();
    setState("searching");
    const timer = setTimeout(async () => {
      try {
        const res = await fetch(apiUrl(`/players/search/${encodeURIComponent(q)}`), { signal: abort.signal });
        if (!res.ok) throw new Error(`search answered ${res.status}`);
        const list = readPlayerHits(await res.json());
        const skip = new Set(excluded.split(",").map(Number));
        setHits(list.filter((p) => !skip.has(p.id)));
        setState("done");
      } catch (err) {
        if (abort.signal.aborted) return;
        console.error("Player search failed", err);
        setState("error");
      }
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [q, excluded, apiUrl]);
  return { q, hits, state };
}
