import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { makeRound, nowSec, testDb } from "../fixtures";
import { recordMail } from "../job-fixtures";
import { league, playerOf } from "../notice-fixtures";
import { createPushStandIn } from "../../scripts/push-standin/standin";
import { newSubscriber } from "../../scripts/push-standin/decrypt";
import { pushSubscriptions } from "~/.server/db/schema";
import { newVapidKeys } from "~/.server/push/web-push";
import { makeRoundCards } from "~/.server/services/cards/card-writes";
import { publishCards } from "~/.server/services/cards/card-publish";
import { makeNotice } from "~/.server/services/messages/notices";
import { deliverMessage } from "~/.server/services/messages/deliver";
import { zonedTimeToEpoch } from "~/lib/shared/time";

// The protocol end to end (ADR 49): a phone subscribed with test keys on the push stand-in,
// the round's cards published, the cards message made and delivered as the job does; the
// stand-in checks the VAPID JWT, keeps the encrypted push, and the test opens it with the
// phone's own keys: the phone's card, in the words its Messages page shows.

describe("cards published, pushed to a phone", () => {
  it("reaches the stand-in once, encrypted for that phone, with its card", async () => {
    const round = await makeRound({ startsAt: nowSec() + 3600 });
    const me = await playerOf(round.id, { entry: { checkedInAt: nowSec() } });
    await playerOf(round.id, { entry: { checkedInAt: nowSec() } });
    const phone = await newSubscriber();
    const noon = zonedTimeToEpoch({ year: 2026, month: 6, day: 10, hour: 12 }, league.timeZone);
    // The push service's clock is the delivery's (the VAPID JWT is signed for its moment).
    const standIn = createPushStandIn({ now: () => noon * 1000 });
    const endpoint = "http://127.0.0.1:9901/push/my-phone";
    await standIn.registerSubscriber({ id: "my-phone", privateKeyJwk: phone.privateKeyJwk, auth: phone.keys.auth });
    await testDb()
      .insert(pushSubscriptions)
      .values({ userId: me.user!.id, endpoint, ...phone.keys });

    const board = await makeRoundCards(testDb(), round.id, { version: 0 });
    const done = await publishCards(testDb(), round.id, board.version, {
      jobs: { send: async () => {} } as unknown as Queue,
      origin: "http://localhost:8787",
    });
    const key = await makeNotice(testDb(), { kind: "cards", roundId: round.id, publishedAt: done.board.publishedAt! }, league, noon);
    expect(key).toBe(`cards:${round.id}:${done.board.publishedAt}`);
    const deps = {
      push: (url: string, init: RequestInit) => standIn.fetch(new Request(url, init)),
      send: recordMail().send,
      vapid: { ...(await newVapidKeys()), subject: "mailto:league@example.com" },
      secret: env.SESSION_SECRET,
      linkOrigin: "http://localhost:8787",
      league,
      allowLocal: true,
      now: () => noon,
    };
    expect(await deliverMessage(testDb(), key!, deps)).toMatchObject({ pushed: 1, mailed: 1 });
    // Delivered again (a redelivered job): nothing more reaches the phone.
    await deliverMessage(testDb(), key!, deps);

    const pushes = await standIn.decrypted("my-phone");
    expect(pushes).toHaveLength(1);
    const payload = JSON.parse(pushes[0]!.payload!) as { title: string; body: string; url: string; tag: string; off: string };
    const mine = done.board.cards.find((c) => c.players.some((p) => p.playerId === me.player.id))!;
    expect(payload.title).toBe(`${league.name}: ${round.name}`);
    expect(payload.body).toMatch(new RegExp(`^Card ${mine.number}: .+\\. You start on hole ${mine.startLabel}\\.$`));
    expect(new URL(payload.url).pathname).toBe(`/rounds/${round.id}`);
    expect(payload.tag).toBe(pushes[0]!.topic);
    expect(new URL(payload.off).pathname).toBe("/api/messages/off");
    expect(pushes[0]).toMatchObject({ urgency: "high" });
  });
});
