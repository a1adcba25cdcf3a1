import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { type Link, LiveConnection, followState, socketUrl } from "./live-connection";
import { adopt, forget, keep, unowned as unownedOf, waiting as waitingOf } from "./outbox";
import { BATCH, postChanges } from "./send-changes";
import { controlKey } from "~/lib/live/live-scoring";
import type { LiveState } from "~/lib/live/live-state";
import type { Change, ChangeResult, ServerMessage } from "~/schemas/live";

// A scorer's live round on the phone (ADR 26, "The phone"): the server's state, the
// changes waiting in the outbox, the link, and what the server refused. A change is kept
// in the outbox first, under the login that made it (`userId`), then sent over the socket,
// or by POST when the socket is down; it leaves the outbox when the server answers it
// (applied, duplicate or refused). A batch refused because the browser's session is now
// another login's stays: it waits for its own login.

export type Refusal = { change: Change; error: string };

/** Error frames that say nothing of the changes themselves: they stay for the next try. */
const HOLD = new Set(["rate_limited", "internal", "unauthorized"]);

export function useLiveRound(roundId: number, userId: number, initial: LiveState, beatMs: number) {
  const [state, setState] = useState(initial);
  const [waiting, setWaiting] = useState<Change[]>([]);
  const [unowned, setUnowned] = useState<Change[]>([]);
  /** Changes shown but not yet written to the phone's outbox: "saved on this phone" leaves them out until they are. */
  const [unstored, setUnstored] = useState(0);
  const [link, setLink] = useState<Link>("connecting");
  const [refused, setRefused] = useState<Refusal[]>([]);
  /** Why what waits is not taken now, as the server said (another login's session, a lapsed one). */
  const [held, setHeld] = useState<string | null>(null);
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
    setHeld(null);
    await forget(done.map((r) => r.id));
    const gone = new Set(done.map((r) => r.id));
    setWaiting((list) => list.filter((c) => !gone.has(c.id)));
    const ok = done.flatMap((r) => (r.status === "refused" ? [] : [{ change: byId.get(r.id) as Change, seq: r.seq }]));
    if (ok.length) setTaken((list) => [...list, ...ok]);
    const no = done.flatMap((r) => (r.status === "refused" ? [{ change: byId.get(r.id) as Change, error: r.error }] : []));
    // A control's newest refusal replaces its older one.
    if (no.length) setRefused((list) => [...list.filter((x) => !no.some((n) => controlKey(n.change) === controlKey(x.change))), ...no]);
  }, []);

  /** Sends what waits: over the socket when it is live, else by POST; what fails stays for the next try. */
  const flush = useCallback(async () => {
    const batch = waitingRef.current.slice(0, BATCH);
    if (batch.length === 0 || sending.current) return;
    if (conn.current?.send({ type: "changes", changes: batch, by: userId })) {
      lastFrame.current = batch;
      return;
    }
    sending.current = true;
    try {
      const sent = await postChanges(roundId, batch, userId);
      if (sent.kind === "answered") await answered(sent.results);
      // Refused whole for good: its changes leave the outbox and the page says why.
      else if (sent.kind === "refused")
        await answered(batch.map((c) => ({ id: c.id, status: "refused", error: sent.error, code: "bad_request" })));
      else if (sent.error) setHeld(sent.error);
    } finally {
      sending.current = false;
    }
  }, [roundId, userId, answered]);

  const onMessage = useCallback(
    (m: ServerMessage) => {
      if (followState(m, setState, () => conn.current?.send({ type: "state" }))) {
        // A whole state means a (re)opened socket: send what waits.
        if (m.type === "welcome" || m.type === "state") void flush();
      } else if (m.type === "ack") void answered(m.results);
      else if (m.type === "error" && HOLD.has(m.code)) {
        if (m.code === "unauthorized") setHeld(m.error);
      } else if (m.type === "error")
        void answered(lastFrame.current.map((c) => ({ id: c.id, status: "refused", error: m.error, code: m.code })));
    },
    [flush, answered],
  );

  useEffect(() => {
    let live = true;
    void Promise.all([waitingOf(roundId, userId), unownedOf(roundId)]).then(([list, nobody]) => {
      if (!live) return;
      setWaiting(list);
      setUnowned(nobody);
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
  }, [roundId, userId, beatMs, onMessage, flush]);

  /** Records changes on the phone, shows them at once, and sends them when it can. */
  const record = useCallback(
    async (changes: Change[]) => {
      // Shown at once (the next tap already sees it), then kept, then sent.
      waitingRef.current = [...waitingRef.current, ...changes];
      setWaiting(waitingRef.current);
      // A new try at a control clears what the server said of the last one.
      const tried = new Set(changes.map(controlKey));
      setRefused((list) =>
        list.some((r) => tried.has(controlKey(r.change))) ? list.filter((r) => !tried.has(controlKey(r.change))) : list,
      );
      setUnstored((n) => n + changes.length);
      try {
        for (const c of changes) await keep(roundId, userId, c);
      } finally {
        setUnstored((n) => n - changes.length);
      }
      await flush();
    },
    [roundId, userId, flush],
  );

  /** Changes nobody owned: the scorer takes them as theirs (they wait and go), or discards them. */
  const settleUnowned = useCallback(
    async (mine: boolean) => {
      const ids = unowned.map((c) => c.id);
      if (mine) {
        await adopt(roundId, userId, ids);
        waitingRef.current = [...unowned, ...waitingRef.current];
        setWaiting(waitingRef.current);
        void flush();
      } else await forget(ids);
      setUnowned([]);
    },
    [roundId, userId, unowned, flush],
  );

  // Forget what the state now holds.
  useEffect(() => setTaken((list) => (list.some((t) => t.seq <= state.seq) ? list.filter((t) => t.seq > state.seq) : list)), [state.seq]);
  const shown = useMemo(() => [...taken.filter((t) => t.seq > state.seq).map((t) => t.change), ...waiting], [taken, waiting, state.seq]);
  const dismiss = useCallback((r: Refusal) => setRefused((list) => list.filter((x) => x.change.id !== r.change.id)), []);
  // What the phone holds: a reload in the instant between a tap and its write keeps only these.
  const stored = Math.max(0, waiting.length - unstored);
  return { state, waiting, stored, shown, link, refused, held, unowned, settleUnowned, record, dismiss };
}
