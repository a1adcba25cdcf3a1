// The Messages page (ADR 49) through its route module (the test Worker has no React Router
// build): what every league sent the signed-in account in the last 90 days, newest first,
// never another account's, each in its league's zone with how it reached them.
import { env } from "cloudflare:workers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeUser } from "../auth-fixtures";
import { DAY, nowSec } from "../fixtures";
import { makeLeague, sendMessage } from "../message-fixtures";
import { argsWith, outcome, sessionOf } from "../route-fixtures";
import { forgetLeagues } from "../../workers/league-directory";
import type { Session } from "~/.server/auth/current-user";
import { DEFAULT_LEAGUE_ID } from "~/.server/db/schema";
import { messagesPage } from "~/.server/pages/messages";
import { MESSAGES_KEPT_DAYS } from "~/lib/messages/kinds";
import { TURNED_OFF_DETAIL, deliveryWords } from "~/lib/messages/prefs";
import { formatTime } from "~/lib/shared/time";
import { testDb } from "../fixtures";
import * as page from "~/routes/messages";

const request = () => new Request("http://localhost/messages");
let second: Awaited<ReturnType<typeof makeLeague>>;
beforeAll(async () => {
  second = await makeLeague("Messages Second League", "Pacific/Auckland");
});
afterAll(() => forgetLeagues());

describe("/messages", () => {
  it("lists every league's messages to the account, newest first, in each league's zone, with how each reached them", async () => {
    const session = (await sessionOf("player")) as Session;
    const me = session.user.id;
    const other = await makeUser();
    const now = nowSec();
    const old = await sendMessage(DEFAULT_LEAGUE_ID, [me], { title: "Cards are out", createdAt: now - 3 * DAY, status: "mailed" });
    const held = await sendMessage(second.id, [me, other.id], { title: "Results are final", createdAt: now - DAY, status: "held" });
    const off = await sendMessage(second.id, [me], {
      title: "An ace!",
      createdAt: now - 3600,
      status: "skipped",
      detail: TURNED_OFF_DETAIL,
      kind: "ace",
    });
    const pushed = await sendMessage(DEFAULT_LEAGUE_ID, [me], { title: "Rain tonight", createdAt: now - 60, url: "/rounds/9" });
    // Another account's message, and one past the 90 days: never shown.
    await sendMessage(DEFAULT_LEAGUE_ID, [other.id], { title: "Not yours" });
    await sendMessage(second.id, [me], { title: "Too old", createdAt: now - (MESSAGES_KEPT_DAYS * DAY + 60) });

    const { status, data } = await outcome(page.loader(argsWith(session, request())));
    expect(status).toBe(200);
    expect(data.items.map((m: { title: string }) => m.title)).toEqual(["Rain tonight", "An ace!", "Results are final", "Cards are out"]);
    expect(data.items.map((m: { messageId: number }) => m.messageId)).toEqual([pushed.id, off.id, held.id, old.id]);
    expect(data.items.map((m: { how: string }) => m.how)).toEqual([
      "Pushed",
      "Not sent: you turned these off",
      "Held until morning",
      "Mailed",
    ]);
    const [first, , third] = data.items;
    expect(first).toMatchObject({ league: env.LEAGUE_NAME, body: pushed.body, url: "/rounds/9" });
    expect(third).toMatchObject({ league: "Messages Second League", body: held.body });
    // Each in its league's own zone.
    expect(third.when).toContain(formatTime(now - DAY, "Pacific/Auckland"));
    expect(first.when).toContain(formatTime(now - 60, env.LEAGUE_TIMEZONE));
  });

  it("keeps 90 days: a message a minute inside shows, one a minute outside does not", async () => {
    const user = await makeUser();
    const now = nowSec();
    await sendMessage(DEFAULT_LEAGUE_ID, [user.id], { title: "Inside", createdAt: now - (MESSAGES_KEPT_DAYS * DAY - 60) });
    await sendMessage(DEFAULT_LEAGUE_ID, [user.id], { title: "Outside", createdAt: now - (MESSAGES_KEPT_DAYS * DAY + 60) });
    const { items } = await messagesPage(testDb(), user.id, env, now);
    expect(items.map((m) => m.title)).toEqual(["Inside"]);
  });

  it("says how a copy went in the player's words, not the push service's", () => {
    expect(deliveryWords("skipped", "No device to push to")).toBe("Not sent: no device to push to");
    expect(deliveryWords("refused", "fcm.googleapis.com answered 410")).toBe("Not delivered");
    expect(deliveryWords("queued", "Push service busy: trying again")).toBe("Sending");
    expect(deliveryWords("mailed", "No device took the push")).toBe("Mailed");
  });

  it("is empty for an account nobody wrote to", async () => {
    const session = (await sessionOf("player")) as Session;
    expect((await outcome(page.loader(argsWith(session, request())))).data).toEqual({ items: [] });
  });

  it("is the signed-in account's only: no session goes to the login", async () => {
    expect(await outcome(page.loader(argsWith(null, request())))).toMatchObject({
      status: 302,
      location: "/login?redirectTo=%2Fmessages",
    });
  });
});
