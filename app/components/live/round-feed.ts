import { type Link, LiveConnection, socketUrl } from "./live-connection";
import type { ServerMessage } from "~/schemas/live";

// The round page's one spectator socket (ADR 26): the live leaderboard and the side pots box
// both follow the round through it, so a page holds one socket however many of its parts
// follow. The socket opens with the first follower and closes with the last.

type Follower = { onMessage: (m: ServerMessage) => void; onLink?: (link: Link) => void };

type Feed = { conn: LiveConnection; followers: Set<Follower>; link: Link };

const feeds = new Map<number, Feed>();

/** Follows the round's spectator socket: messages and link changes, until the returned stop is called. */
export function followRound(roundId: number, follower: Follower): { stop: () => void; send: (frame: object) => boolean } {
  let feed = feeds.get(roundId);
  if (!feed) {
    const followers = new Set<Follower>();
    // The connection reports its first link while it is being made: the feed exists first.
    const made: Omit<Feed, "conn"> & { conn?: LiveConnection } = { followers, link: "connecting" };
    made.conn = new LiveConnection({
      url: socketUrl(roundId, true),
      beatMs: 10_000,
      onMessage: (m) => {
        for (const f of followers) f.onMessage(m);
      },
      onLink: (link) => {
        made.link = link;
        for (const f of followers) f.onLink?.(link);
      },
    });
    feed = made as Feed;
    feeds.set(roundId, feed);
  }
  const mine = feed;
  mine.followers.add(follower);
  follower.onLink?.(mine.link);
  return {
    send: (frame) => mine.conn.send(frame),
    stop: () => {
      mine.followers.delete(follower);
      if (mine.followers.size > 0) return;
      mine.conn.stop();
      feeds.delete(roundId);
    },
  };
}
