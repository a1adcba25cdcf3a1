import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { type Link, LiveConnection, followState, socketUrl } from "./live-connection";
import { forget, keep, waiting as waitingOf } from "./outbox";
import type { LiveState } from "~/lib/live-state";
import type { Change, ChangeResult, ServerMessage } from "~/schemas/live";

// A scorer's live round on the phone (ADR 26, "The phone"): the server's state, the
// changes waiting in the outbox, the link, and what the server refused. A change is kept
// in the outbox first, then sent over the socket, or by POST when the socket is down; it
// leaves the outbox when the server answers it (applied, duplicate or refused).

/** The protocol's largest batch (LIVE_LIMITS.batch, not imported: the page needs no zod). */
const BATCH = 300;

export type Refusal = { change: Change; error: string };

export function useLiveRound(roundId: number, initial: LiveState, beatMs: number) {
  const [state, setState] = useState(initial);
  const [waiting, setWaiting] = useState<Change[]>([]);
  const [link, setLink] = useState<Link>("connecting");
  const [refused, setRefused] = useState<Refusal[]>([]);
  // Taken by the server but not yet in the state it sends (the sender hears of its own
  // changes in the next round update, not at once): shown until the state reaches their seq.
  const [taken, setTaken] = useState<{ change: Change; seq: number }[]>([]);
  const conn = useRef<LiveConnection | null>(null);
  const sending = useRef(false);
  const waitingRef = useRef<Change[]>([]);
  /** The changes of the last socket frame: an error frame refuses them whole. */
  const lastFrame = useRef<Change[]>([]);
  waitingRef.current = waiting;

  const answered = useCallback(async (results: ChangeResult[]) => {
    const byId = new Map(waitingRef.current.map((c) => [c.id, c]));
    const done = results.filter((r) => byId.has(r.id));
    if (done.length === 0) return;
    await forget(done.map((r) => r.id));
    const gone = new Set(done.map((r) => r.id));
    setWaiting((list) => list.filter((c) => !gone.has(c.id)));
    const ok = done.flatMap((r) => (r.status === "refused" ? [] : [{ change: byId.get(r.id) as Change, seq: r.seq }]));
    if (ok.length) setTaken((list) => [...list, ...ok]);
    const no = done.flatMap((r) => (r.status === "refused" ? [{ change: byId.get(r.id) as Change, error: r.error }] : []));
    if (no.length) setRefused((list) => [...list, ...no]);
  }, []);

  /** Sends what waits: over the socket when it is live, else by POST; what fails stays for the next try. */
  const flush = useCallback(async () => {
    const batch = waitingRef.current.slice(0, BATCH);
    if (batch.length === 0 || sending.current) return;
    if (conn.current?.send({ type: "changes", changes: batch })) {
      lastFrame.current = batch;
      return;
    }
    sending.current = true;
    try {
      const res = await fetch(`/api/live/${roundId}/changes`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ changes: batch }),
        credentials: "same-origin",
      });
      if (res.ok) await answered(((await res.json()) as { results: ChangeResult[] }).results);
      // Refused whole (not a lapsed login, a busy server or a lost answer): sending it again
      // would be refused again, so its changes leave the outbox and the page says why.
      else if (res.status < 500 && ![401, 408, 429].includes(res.status)) {
        const error = ((await res.json().catch(() => null)) as { error?: string } | null)?.error ?? "The server refused these scores.";
        await answered(batch.map((c) => ({ id: c.id, status: "refused", error, code: "bad_request" })));
      }
    } catch {
      // Offline: the outbox keeps them.
    } finally {
      sending.current = false;
    }
  }, [roundId, answered]);

  const onMessage = useCallback(
    (m: ServerMessage) => {
      if (followState(m, setState, () => conn.current?.send({ type: "state" }))) {
        // A whole state means a (re)opened socket: send what waits.
        if (m.type === "welcome" || m.type === "state") void flush();
      } else if (m.type === "ack") void answered(m.results);
      else if (m.type === "error" && m.code !== "rate_limited" && m.code !== "internal")
        void answered(lastFrame.current.map((c) => ({ id: c.id, status: "refused", error: m.error, code: m.code })));
    },
    [flush, answered],
  );

  useEffect(() => {
    let live = true;
    void waitingOf(roundId).then((list) => {
      if (!live) return;
      setWaiting(list);
      waitingRef.current = list;
      void flush();
    });
    conn.current = new LiveConnection({ url: socketUrl(roundId, false), beatMs, onMessage, onLink: setLink });
    const retry = setInterval(() => void flush(), Math.max(beatMs * 2, 4000));
    return () => {
      live = false;
      clearInterval(retry);
      conn.current?.stop();
      conn.current = null;
    };
  }, [roundId, beatMs, onMessage, flush]);

  /** Records changes on the phone, shows them at once, and sends them when it can. */
  const record = useCallback(
    async (changes: Change[]) => {
      // Shown at once (the next tap already sees it), then kept, then sent.
      waitingRef.current = [...waitingRef.current, ...changes];
      setWaiting(waitingRef.current);
      for (const c of changes) await keep(roundId, c);
      await flush();
    },
    [roundId, flush],
  );

  // Forget what the state now holds.
  useEffect(() => setTaken((list) => (list.some((t) => t.seq <= state.seq) ? list.filter((t) => t.seq > state.seq) : list)), [state.seq]);
  const shown = useMemo(() => [...taken.filter((t) => t.seq > state.seq).map((t) => t.change), ...waiting], [taken, waiting, state.seq]);
  return { state, waiting, shown, link, refused, record, dismiss: () => setRefused([]) };
}
