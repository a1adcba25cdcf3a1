import type { Dispatch, SetStateAction } from "react";
import type { LiveState } from "~/lib/live/live-state";
import { applyCardUpdate, applyUpdate } from "~/lib/live/live-update";
import type { ServerMessage } from "~/schemas/live";
import { leagueOfPath, leagueUrls } from "~/lib/shared/league-url";

// A live round's socket as a phone or a spectator keeps it (ADR 26): it says "ping" every
// few seconds and counts the socket dead when no "pong" comes back within 2.5 beats (a
// phone that lost its signal keeps a socket the browser still calls open), and opens a new
// one after a growing pause, at once when the browser says it is online again or the page
// is shown again.

export type Link = "connecting" | "live" | "offline";

type Options = {
  url: string;
  beatMs: number;
  onMessage: (message: ServerMessage) => void;
  onLink: (link: Link) => void;
};

export class LiveConnection {
  private ws: WebSocket | null = null;
  private lastPong = 0;
  private beat: ReturnType<typeof setInterval> | null = null;
  private retry: ReturnType<typeof setTimeout> | null = null;
  private pause = 1000;
  private stopped = false;
  link: Link = "connecting";

  constructor(private readonly options: Options) {
    this.open();
    window.addEventListener("online", this.now);
    document.addEventListener("visibilitychange", this.onVisible);
  }

  /** Sends a frame if the socket is live; false when it is not (send it another way). */
  send(frame: object): boolean {
    if (this.link !== "live" || this.ws?.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(frame));
    return true;
  }

  stop(): void {
    this.stopped = true;
    window.removeEventListener("online", this.now);
    document.removeEventListener("visibilitychange", this.onVisible);
    this.clear();
    this.ws?.close(1000);
  }

  private setLink(link: Link) {
    this.link = link;
    this.options.onLink(link);
  }

  private readonly onVisible = () => {
    if (document.visibilityState === "visible") this.now();
  };

  /** Try again at once (back online, page shown again). */
  private readonly now = () => {
    if (this.stopped || this.link === "live") return;
    this.pause = 1000;
    this.open();
  };

  private clear() {
    if (this.beat) clearInterval(this.beat);
    if (this.retry) clearTimeout(this.retry);
    this.beat = this.retry = null;
  }

  private open() {
    this.clear();
    this.ws?.close();
    let ws: WebSocket;
    try {
      ws = new WebSocket(this.options.url);
    } catch {
      this.lost();
      return;
    }
    this.ws = ws;
    this.setLink("connecting");
    ws.onopen = () => {
      if (ws !== this.ws) return;
      this.lastPong = Date.now();
      this.pause = 1000;
      this.beat = setInterval(() => this.heartbeat(), this.options.beatMs);
    };
    ws.onmessage = (event) => {
      if (ws !== this.ws) return;
      this.lastPong = Date.now();
      if (event.data === "pong") return;
      let message: ServerMessage;
      try {
        message = JSON.parse(String(event.data)) as ServerMessage;
      } catch {
        return;
      }
      if (message.type === "welcome") this.setLink("live");
      this.options.onMessage(message);
    };
    ws.onclose = () => {
      if (ws === this.ws) this.lost();
    };
  }

  private heartbeat() {
    if (Date.now() - this.lastPong > this.options.beatMs * 2.5) {
      this.ws?.close();
      this.lost();
      return;
    }
    try {
      this.ws?.send("ping");
    } catch {
      this.lost();
    }
  }

  private lost() {
    this.clear();
    this.ws = null;
    if (this.stopped) return;
    this.setLink("offline");
    this.retry = setTimeout(() => this.open(), this.pause);
    this.pause = Math.min(this.pause * 2, 15_000);
  }
}

/** The round's socket address on this page's host (ws: or wss:), in the page's league. */
export function socketUrl(roundId: number, spectator: boolean): string {
  const { protocol, host, pathname } = window.location;
  const origin = `${protocol === "https:" ? "wss" : "ws"}://${host}`;
  return leagueUrls(leagueOfPath(pathname), origin).apiUrl(`/live/${roundId}/ws${spectator ? "?as=spectator" : ""}`);
}

/**
 * Follows the round's state from a server message (the whole state, a card's changes, a
 * round update; one that shows a missed update asks for the state again). False for the
 * messages that are not about the state.
 */
export function followState(m: ServerMessage, setState: Dispatch<SetStateAction<LiveState>>, askState: () => void): boolean {
  if (m.type === "welcome" || m.type === "state") setState(m.state);
  else if (m.type === "card") setState((s) => applyCardUpdate(s, m.update));
  else if (m.type === "update")
    setState((s) => {
      const next = applyUpdate(s, m.update);
      if (next === null) askState();
      return next ?? s;
    });
  else return false;
  return true;
}
