// The live bench's flood (docs/performance.md, "Live scoring under a flood"): what an abuser
// sends beside the honest round, for the whole run. Five anonymous spectator sockets each ask
// for the whole state 100 times a second, and one scorer socket (a player on card 2, with
// their login) sends 50 frames a second naming a player no card has. A socket the server
// closes, or refuses to open, is opened again, as an abuser would: at once after a close,
// 200 ms after a refusal; while the scorer has no socket, the same frames go by POST, 50 a
// second, as a phone's fallback would. The app and the floor get the same flood.

/** An entry id no bench round uses: the floor refuses a change naming one, as the app refuses an unknown player. */
export const UNKNOWN_ENTRY = 2_000_000_000;

/** Starts the flood on `origin`'s round; `stop()` ends it and answers what it sent and got. */
export function startFlood({ origin, roundId, token, address = "203.0.113.66", spectators = 5, stateHz = 100, unknownHz = 50 }) {
  const stats = {
    opens: 0,
    refusedOpens: 0,
    closes: 0,
    stateSent: 0,
    stateAnswers: 0,
    unknownSent: 0,
    acks: 0,
    errors: 0,
    posts: 0,
    postsRefused: 0,
  };
  const base = `${origin.replace(/^http/, "ws")}/api/live/${roundId}/ws`;
  let running = true;
  let n = 0;
  const stops = [];

  /** Keeps a socket open, sending `frame` `hz` times a second; answers whether it is open now. */
  function keepOpen({ spectator, hz, frame, sent }) {
    let ws = null;
    let timer = null;
    const open = () => {
      if (!running) return;
      const headers = { "CF-Connecting-IP": address, ...(spectator ? {} : { Authorization: `Bearer ${token}` }) };
      // `card` tags the scorer's socket on the floor, which has no logins; the app ignores it.
      ws = new WebSocket(`${base}${spectator ? "?as=spectator" : "?card=flood"}`, { headers });
      let opened = false;
      ws.onopen = () => {
        opened = true;
        stats.opens += 1;
        timer = setInterval(() => {
          if (ws.readyState !== WebSocket.OPEN) return;
          ws.send(frame());
          stats[sent] += 1;
        }, 1000 / hz);
      };
      ws.onmessage = (event) => {
        const text = String(event.data);
        if (text.startsWith('{"type":"state"')) stats.stateAnswers += 1;
        else if (text.startsWith('{"type":"ack"')) stats.acks += 1;
        else if (text.startsWith('{"type":"error"')) stats.errors += 1;
      };
      ws.onerror = () => {};
      ws.onclose = () => {
        clearInterval(timer);
        if (!running) return;
        if (opened) stats.closes += 1;
        else stats.refusedOpens += 1;
        setTimeout(open, opened ? 0 : 200);
      };
    };
    open();
    stops.push(() => {
      clearInterval(timer);
      ws?.close();
    });
    return () => ws?.readyState === WebSocket.OPEN;
  }

  const state = JSON.stringify({ type: "state" });
  for (let i = 0; i < spectators; i++) keepOpen({ spectator: true, hz: stateHz, frame: () => state, sent: "stateSent" });
  const unknown = () =>
    JSON.stringify({
      type: "changes",
      changes: [
        {
          id: `flood-${++n}-${Math.random().toString(36).slice(2, 8)}`,
          at: Math.floor(Date.now() / 1000),
          kind: "strokes",
          entryId: UNKNOWN_ENTRY + n,
          hole: 1,
          strokes: 3,
        },
      ],
    });
  const scorerOpen = keepOpen({ spectator: false, hz: unknownHz, frame: unknown, sent: "unknownSent" });
  const changesUrl = `${origin}/api/live/${roundId}/changes`;
  const posting = setInterval(() => {
    if (scorerOpen() || !running) return;
    const { changes } = JSON.parse(unknown());
    stats.posts += 1;
    fetch(changesUrl, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}`, "CF-Connecting-IP": address },
      body: JSON.stringify({ changes }),
    })
      .then(async (res) => {
        if (res.status >= 400) stats.postsRefused += 1;
        await res.arrayBuffer();
      })
      .catch(() => {
        stats.postsRefused += 1;
      });
  }, 1000 / unknownHz);
  stops.push(() => clearInterval(posting));

  return {
    stop() {
      running = false;
      for (const stop of stops) stop();
      return stats;
    },
  };
}
