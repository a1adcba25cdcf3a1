import { useEffect, useRef, useState } from "react";
import { forgetKeptPages } from "./offline-copy";
import { forget, waitingFor } from "./outbox";
import { BATCH, postChanges } from "./send-changes";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { waitingLabel } from "~/lib/live/live-scoring";

// Log out on a phone that scored (ADR 26, "The phone"): the scores this login left waiting
// on it are offered to be sent first; what cannot go stays filed under this login (sent when
// it logs in here again) unless its scorer discards it; and the scoring page kept for
// offline use is forgotten before the session ends. With nothing waiting, it logs out at once.

type Waiting = { roundId: number; changes: { id: string }[] }[];

const count = (w: Waiting) => w.reduce((n, r) => n + r.changes.length, 0);

/** Sends what waits, by round, oldest first; each answered change leaves the outbox. Stops at the first batch not taken (`held`). */
async function sendAll(userId: number): Promise<{ held: string | null; refused: string[] }> {
  const refused: string[] = [];
  for (const { roundId, changes } of await waitingFor(userId)) {
    for (let i = 0; i < changes.length; i += BATCH) {
      const batch = changes.slice(i, i + BATCH);
      const sent = await postChanges(roundId, batch, userId);
      if (sent.kind === "held") return { held: sent.error ?? "There is no connection to the server.", refused };
      if (sent.kind === "refused") refused.push(sent.error);
      else refused.push(...sent.results.flatMap((r) => (r.status === "refused" ? [r.error] : [])));
      await forget(sent.kind === "refused" ? batch.map((c) => c.id) : sent.results.map((r) => r.id));
    }
  }
  return { held: null, refused };
}

const scores = (n: number) => `${n} ${n === 1 ? "score" : "scores"}`;

export function LogoutCheck({ userId, onLogOut, onCancel }: { userId: number; onLogOut: () => void; onCancel: () => void }) {
  const [waiting, setWaiting] = useState<Waiting | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [refused, setRefused] = useState<string[]>([]);
  const leaving = useRef(false);
  const leave = async () => {
    if (leaving.current) return;
    leaving.current = true;
    await forgetKeptPages().catch(() => undefined);
    onLogOut();
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: reads the outbox once, as the check opens.
  useEffect(() => {
    let live = true;
    waitingFor(userId)
      .then((w) => {
        if (live && count(w) === 0) void leave();
        else if (live) setWaiting(w);
      })
      // No outbox to read (IndexedDB refused): nothing of it can be offered.
      .catch(() => {
        if (live) void leave();
      });
    return () => {
      live = false;
    };
  }, [userId]);
  if (!waiting) return null;
  const send = async () => {
    setBusy(true);
    setProblem(null);
    const { held, refused: no } = await sendAll(userId).catch(() => ({ held: "There is no connection to the server.", refused: [] }));
    const left = await waitingFor(userId);
    setBusy(false);
    setWaiting(left);
    setRefused(no);
    if (held) setProblem(`Not sent. ${held} They are still on this phone.`);
    else if (no.length === 0) await leave();
  };
  const discard = async () => {
    if (!window.confirm(`Discard the ${scores(count(waiting))} waiting on this phone? They will never be sent.`)) return;
    await forget((await waitingFor(userId)).flatMap((r) => r.changes.map((c) => c.id)));
    await leave();
  };
  const left = count(waiting);
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onCancel()}
      title="Scores not sent yet"
      description={
        left
          ? `${waitingLabel(left)}. Send them before you log out, or keep them here for your next login on this phone.`
          : "Every score is sent."
      }
    >
      <div className="space-y-3">
        {problem ? <Alert>{problem}</Alert> : null}
        {refused.length ? (
          <Alert title="The server refused:">
            <ul>
              {[...new Set(refused)].map((r) => (
                <li key={r}>{r}</li>
              ))}
            </ul>
          </Alert>
        ) : null}
        <div className="flex flex-col gap-2">
          {left ? (
            <>
              <Button onClick={() => void send()} disabled={busy}>
                {busy ? "Sending…" : "Send them now"}
              </Button>
              <Button variant="secondary" onClick={() => void leave()} disabled={busy}>
                Log out, keep them for me
              </Button>
              <Button variant="danger" onClick={() => void discard()} disabled={busy}>
                Discard them and log out
              </Button>
            </>
          ) : (
            <Button onClick={() => void leave()}>Log out</Button>
          )}
          <Button variant="quiet" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
