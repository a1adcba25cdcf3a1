import { useEffect, useState } from "react";
import { Button } from "~/components/ui/button";
import { Panel } from "~/components/ui/panel";
import { PUSH_WORDS } from "~/lib/accounts/push-words";
import { currentSubscription, errorOf, forgetOnAccount, keepOnAccount, pushSupport, subscribeBrowser } from "./push-device";

// "Notifications on this device" (ADR 49), on /profile: the devices are the account's, so
// one switch for this browser whatever the league. It says why it cannot be turned on
// (no push in this browser, an iPhone that must add the app to its Home Screen first, a
// server without VAPID keys, notifications blocked in the browser's settings) or turns the
// browser's subscription on and off, keeping the account's copy in step.

type State = "checking" | "unsupported" | "install" | "notSetUp" | "blocked" | "off" | "on";

const STATUS: Record<State, string> = {
  checking: "Checking this device…",
  unsupported: PUSH_WORDS.unsupported,
  install: PUSH_WORDS.installFirst,
  notSetUp: PUSH_WORDS.notSetUp,
  blocked: PUSH_WORDS.blocked,
  off: PUSH_WORDS.off,
  on: PUSH_WORDS.on,
};

/** Where a page's link to this panel points (`#notifications` on /profile). */
export const PUSH_PANEL_ID = "notifications";

export function PushToggle({ publicKey, url }: { publicKey: string | null; url: string }) {
  const [state, setState] = useState<State>("checking");
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    const settle = (next: State) => live && setState(next);
    const support = pushSupport();
    if (support !== "ready") settle(support);
    else if (!publicKey) settle("notSetUp");
    else if (Notification.permission === "denied") settle("blocked");
    else
      currentSubscription()
        .then((sub) => settle(sub && Notification.permission === "granted" ? "on" : "off"))
        .catch(() => settle("off"));
    return () => {
      live = false;
    };
  }, [publicKey]);

  async function turnOn() {
    if (!publicKey) return;
    setBusy(true);
    setProblem(null);
    try {
      const permission = await Notification.requestPermission();
      if (permission !== "granted") {
        setState(permission === "denied" ? "blocked" : "off");
        return;
      }
      const subscription = await subscribeBrowser(publicKey);
      const res = await keepOnAccount(url, subscription);
      if (res.ok) setState("on");
      else {
        // The account did not take it: the browser lets go of it too, so the two agree.
        setProblem((await errorOf(res)) ?? PUSH_WORDS.failed);
        await subscription.unsubscribe().catch(() => false);
        setState("off");
      }
    } catch {
      setProblem(PUSH_WORDS.failed);
    } finally {
      setBusy(false);
    }
  }

  async function turnOff() {
    setBusy(true);
    setProblem(null);
    try {
      const subscription = await currentSubscription();
      if (subscription) {
        const { endpoint } = subscription;
        await subscription.unsubscribe();
        await forgetOnAccount(url, endpoint);
      }
      setState("off");
    } catch {
      setProblem(PUSH_WORDS.failed);
    } finally {
      setBusy(false);
    }
  }

  const button =
    state === "off" ? (
      <Button onClick={turnOn} disabled={busy}>
        {busy ? PUSH_WORDS.working : PUSH_WORDS.turnOn}
      </Button>
    ) : state === "on" ? (
      <Button variant="secondary" onClick={turnOff} disabled={busy}>
        {busy ? PUSH_WORDS.working : PUSH_WORDS.turnOff}
      </Button>
    ) : null;

  return (
    <div id={PUSH_PANEL_ID} className="scroll-mt-4">
      <Panel title="Notifications on this device" titleId="push-title">
        <p className="mb-3 text-sm text-muted">
          Your leagues can tell you on this phone or computer when cards are out, results are in or an organiser has news.
        </p>
        <p role="status" className="mb-3 text-sm font-medium">
          {problem ?? STATUS[state]}
        </p>
        {button}
      </Panel>
    </div>
  );
}
