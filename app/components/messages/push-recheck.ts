import { PUSH_ENDPOINT_KEY } from "~/lib/accounts/push-words";
import { currentSubscription, forgetOnAccount, keepOnAccount, pushSupport } from "./push-device";

// Run once when the app opens for a signed-in user (lazily imported by app/root.tsx, so no
// page carries it): a browser that still holds its subscription tells the account so (its
// checked_at, or the device moving to this account); a browser that dropped it (permission
// taken back, the subscription expired) takes back the endpoint it last posted (ADR 49).
export async function recheckPush(url: string): Promise<void> {
  if (pushSupport() !== "ready") return;
  const subscription = Notification.permission === "granted" ? await currentSubscription() : null;
  const last = localStorage.getItem(PUSH_ENDPOINT_KEY);
  // A subscription the browser replaced: the old endpoint goes, the new one is kept.
  if (last && last !== subscription?.endpoint) await forgetOnAccount(url, last);
  if (subscription) await keepOnAccount(url, subscription);
}
