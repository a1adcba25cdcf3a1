import { PUSH_ENDPOINT_KEY } from "~/lib/accounts/push-words";

// This browser's side of "Notifications on this device" (ADR 49): whether it can take push
// messages, its subscription, and the /api calls that keep the account's copy of it. Shared by
// the toggle on /profile and the re-check the app runs when it opens (./push-recheck.ts).

/** unsupported: no push here; install: an iPhone or iPad that must add the app to its Home Screen first. */
export type PushSupport = "unsupported" | "install" | "ready";

const isAppleMobile = () =>
  /iPhone|iPad|iPod/.test(navigator.userAgent) || (/Macintosh/.test(navigator.userAgent) && navigator.maxTouchPoints > 1);

export function pushSupport(): PushSupport {
  if (typeof window === "undefined") return "unsupported";
  // Safari on an iPhone offers push only to a web app added to the Home Screen.
  const standalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  if (isAppleMobile() && !standalone) return "install";
  return "serviceWorker" in navigator && "PushManager" in window && "Notification" in window ? "ready" : "unsupported";
}

/** The subscription this browser holds for the app's service worker, if any. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration("/");
  return registration ? registration.pushManager.getSubscription() : null;
}

/** The base64url VAPID key as the bytes every browser takes. */
function keyBytes(publicKey: string): Uint8Array<ArrayBuffer> {
  const text = atob(publicKey.replaceAll("-", "+").replaceAll("_", "/"));
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
}

/** Registers the service worker for the whole app and subscribes it with the deployment's key. */
export async function subscribeBrowser(publicKey: string): Promise<PushSubscription> {
  await navigator.serviceWorker.register("/sw.js", { scope: "/" });
  const registration = await navigator.serviceWorker.ready;
  return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
}

const send = (url: string, method: "POST" | "DELETE", body: unknown) =>
  fetch(url, { method, credentials: "same-origin", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });

/** The /api's error words, if the answer has them. */
export async function errorOf(res: Response): Promise<string | null> {
  const body = (await res.json().catch(() => null)) as { error?: unknown } | null;
  return typeof body?.error === "string" ? body.error : null;
}

/** Keeps the subscription on the account (POST); remembers its endpoint for the re-check. */
export async function keepOnAccount(url: string, subscription: PushSubscription): Promise<Response> {
  const res = await send(url, "POST", subscription.toJSON());
  if (res.ok) localStorage.setItem(PUSH_ENDPOINT_KEY, subscription.endpoint);
  return res;
}

/** Takes the endpoint off the account (DELETE): gone already (404) counts as done. */
export async function forgetOnAccount(url: string, endpoint: string): Promise<boolean> {
  const res = await send(url, "DELETE", { endpoint });
  const done = res.status === 204 || res.status === 404;
  if (done && localStorage.getItem(PUSH_ENDPOINT_KEY) === endpoint) localStorage.removeItem(PUSH_ENDPOINT_KEY);
  return done;
}
