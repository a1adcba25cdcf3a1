import type { Page } from "@playwright/test";
import { newSubscriber } from "../../scripts/push-standin/decrypt";
import { api } from "./api";
import { claimedPlayer } from "./api";
import { hydrated } from "./axe";
import { d1 } from "./d1";
import { expect, shot, test } from "./fixtures";
import type { NewEntryJson } from "../../workers/api/serializers/entries";

// This spec is about the service worker: its pages run it (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: "allow" });

// Telling players (ADR 49) at 375 px: a player turns notifications on (headless Chromium
// reaches no real push service, so the page's PushManager hands out a subscription made with
// test keys, on the local push stand-in), the organiser publishes the cards and messages the
// player's card; the stand-in holds both pushes, which decrypt with the subscriber's keys to
// the player's card and the organiser's words; the player's Messages page lists both. In the
// league's quiet hours (22:00–08:00 in its zone) both pushes are held until the morning:
// then the stand-in holds none yet and the Messages page says so.

test.describe.configure({ timeout: 120_000 });

/** The page's PushManager and Notification, as a browser that can reach a push service has them: the subscription is the test's. */
async function fakePush(page: Page, subscription: { endpoint: string; p256dh: string; auth: string }) {
  await page.addInitScript(({ endpoint, p256dh, auth }) => {
    const bytes = (text: string) => {
      const b64 = text.replace(/-/g, "+").replace(/_/g, "/");
      return Uint8Array.from(atob(b64 + "=".repeat((4 - (b64.length % 4)) % 4)), (c) => c.charCodeAt(0)).buffer;
    };
    const KEY = "e2e:fake-push";
    const made = () => ({
      endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true },
      getKey: (name: string) => (name === "p256dh" ? bytes(p256dh) : name === "auth" ? bytes(auth) : null),
      toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh, auth } }),
      unsubscribe: async () => {
        localStorage.removeItem(KEY);
        return true;
      },
    });
    PushManager.prototype.subscribe = async function subscribe() {
      localStorage.setItem(KEY, "1");
      return made() as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async function getSubscription() {
      return (localStorage.getItem(KEY) ? made() : null) as unknown as PushSubscription | null;
    };
    Object.defineProperty(Notification, "permission", { get: () => "granted" });
    Notification.requestPermission = async () => "granted";
  }, subscription);
}

type Pushes = { pushes: { payload: string }[] };
const standInJson = async <T>(url: string): Promise<T> => (await (await fetch(url)).json()) as T;

const quietInChicago = () => {
  const hour = Number(
    new Intl.DateTimeFormat("en-US", { timeZone: "America/Chicago", hour: "numeric", hourCycle: "h23" }).format(new Date()),
  );
  return hour >= 22 || hour < 8;
};

test("a player turns push on; the organiser publishes the cards and messages the card; the stand-in and the Messages page have both @narrow", async ({
  adminPage: admin,
  browser,
}) => {
  const standIn = `http://127.0.0.1:${Number(new URL(test.info().project.use.baseURL ?? "").port) + 1001}`;
  const player = await claimedPlayer(admin, browser, { creditDollars: 0, daysFromNow: 0.5 });
  const subscriber = await newSubscriber();
  const subscriptionId = `journey-${player.tag}`;
  const endpoint = `${standIn}/push/${subscriptionId}`;
  const registered = await fetch(`${standIn}/standin/subscribers`, {
    method: "POST",
    body: JSON.stringify({ id: subscriptionId, privateKeyJwk: subscriber.privateKeyJwk, auth: subscriber.keys.auth }),
  });
  expect(registered.ok).toBe(true);

  // The player turns notifications on, on /profile.
  const phone = player.page;
  await fakePush(phone, { endpoint, ...subscriber.keys });
  await phone.goto("/profile");
  await hydrated(phone);
  const panel = phone.getByRole("region", { name: "Notifications on this device" });
  await panel.getByRole("button", { name: "Turn on notifications" }).click();
  await expect(panel.getByRole("status")).toContainText("Notifications are on for this device");
  await expect(panel.getByRole("button", { name: "Turn off" })).toBeVisible();
  await shot(phone, "push-on");
  expect(d1(`select count(*) as n from push_subscriptions where endpoint = '${endpoint}'`)[0]?.n).toBe(1);
  // Opening the app again keeps the device (the re-check posts it again, it does not drop it).
  await phone.reload();
  await hydrated(phone);
  await expect(panel.getByRole("status")).toContainText("Notifications are on for this device");
  expect(d1(`select count(*) as n from push_subscriptions where endpoint = '${endpoint}'`)[0]?.n).toBe(1);

  // The organiser enters and checks the player in, publishes the cards, and messages the card.
  const { newEntry } = await api<NewEntryJson>(admin, "POST", "/api/admin/entry/add", {
    values: { round_id: player.roundId, player: player.playerId, division: "MA2" },
  });
  await api(admin, "POST", `/api/admin/rounds/${player.roundId}/check-in`, { entry_id: newEntry.id });
  const made = await api<{ version: number }>(admin, "POST", `/api/admin/rounds/${player.roundId}/cards`, {
    version: 0,
    mode: "random",
    start: "tee_times",
  });
  await api(admin, "POST", `/api/admin/rounds/${player.roundId}/cards/publish`, { version: made.version });
  const card = Number(
    d1(`select c.number as n from cards c join card_players cp on cp.card_id = c.id where cp.entry_id = ${newEntry.id}`)[0]?.n,
  );

  await admin.goto(`/admin/round/message/${player.roundId}`);
  await hydrated(admin);
  await admin.getByLabel("Who gets it").selectOption("card");
  await admin.getByLabel("Card").selectOption({ label: `Card ${card}` });
  const words = `Card ${card}: the basket on hole 7 moved to the long pin. ${player.tag}`;
  await admin.getByRole("textbox", { name: "Message" }).fill(words);
  await expect(admin.getByTestId("message-preview")).toHaveText(/^Will reach 1 player: 1 by push/);
  await admin.getByRole("button", { name: "Send to 1 player" }).click();
  await expect(admin.getByText(/^Sent to /)).toBeVisible();

  const quiet = quietInChicago();
  if (!quiet) {
    // Both pushes reach the stand-in, each once, and decrypt to the card and the organiser's words.
    await expect
      .poll(
        async () =>
          (await standInJson<{ subscriptions?: Record<string, { received: number }> }>(`${standIn}/standin/pushes`)).subscriptions?.[
            subscriptionId
          ]?.received ?? 0,
        {
          timeout: 30_000,
        },
      )
      .toBe(2);
    const { pushes } = await standInJson<Pushes>(`${standIn}/standin/pushes/${subscriptionId}?decrypt`);
    const payloads = pushes.map((p) => JSON.parse(p.payload) as { body: string; url: string });
    expect(payloads.map((p) => p.body).join("\n")).toContain(`Card ${card}`);
    expect(payloads.map((p) => p.body)).toContain(words);
    for (const p of payloads) expect(new URL(p.url).pathname).toMatch(/^\/rounds\/\d+$/);
  } else {
    // Held for the morning: nothing reached the stand-in yet.
    await expect
      .poll(
        () =>
          d1(
            `select count(*) as n from message_recipients r join messages m on m.id = r.message_id where m.round_id = ${player.roundId} and r.status = 'held'`,
          )[0]?.n,
        {
          timeout: 30_000,
        },
      )
      .toBe(2);
    const { pushes } = await standInJson<Pushes>(`${standIn}/standin/pushes/${subscriptionId}`);
    expect(pushes).toHaveLength(0);
  }

  // The player's Messages page lists both, and how each reached them.
  await phone.goto("/messages");
  const main = phone.getByRole("main");
  await expect(main.getByText(words)).toBeVisible();
  await expect(main.getByText(new RegExp(`Card ${card}\\b`)).first()).toBeVisible();
  await expect(main.getByText(quiet ? "Held until morning" : "Pushed")).toHaveCount(2);
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await shot(phone, "messages-after-night");
  await player.context.close();
});
