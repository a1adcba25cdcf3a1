import { useEffect, useState } from "react";
import { Button } from "~/components/ui/button";

// The app on the Home Screen (ADR 49), offered on the player's home. iOS's Safari has no
// install prompt, and a web page there gets push notifications only once it is on the Home
// Screen: it gets a note saying how, shown until the player dismisses it (kept in
// localStorage). Where the browser offers to install (Android and desktop Chromium fire
// `beforeinstallprompt`; public/pwa.js keeps the offer, which may come before this code),
// an "Install the app" button asks it to. Neither shows in the installed app itself.

/** Where the dismissal of the iOS note is kept. */
export const IOS_HINT_KEY = "league-home-screen-hint-dismissed";

type InstallPrompt = Event & { prompt: () => Promise<unknown>; userChoice?: Promise<{ outcome: string }> };
type WithPrompt = Window & { leagueInstallPrompt?: InstallPrompt };

/** iOS's (or iPadOS's) Safari, where Share → Add to Home Screen is the way to install. */
function isIosSafari(): boolean {
  const ua = navigator.userAgent;
  const ios = /iP(hone|ad|od)/.test(ua) || (/Macintosh/.test(ua) && navigator.maxTouchPoints > 1);
  return ios && /Safari/.test(ua) && !/CriOS|FxiOS|EdgiOS/.test(ua);
}

const installed = () =>
  window.matchMedia?.("(display-mode: standalone)").matches || (navigator as Navigator & { standalone?: boolean }).standalone === true;

function dismissed(): boolean {
  try {
    return localStorage.getItem(IOS_HINT_KEY) === "1";
  } catch {
    return false;
  }
}

export function InstallHint() {
  // Decided in the browser only (the server cannot know): nothing in the server's HTML.
  const [show, setShow] = useState<"ios" | "prompt" | null>(null);
  useEffect(() => {
    if (installed()) return;
    const w = window as WithPrompt;
    const offered = () => {
      if (w.leagueInstallPrompt) setShow("prompt");
    };
    const done = () => {
      w.leagueInstallPrompt = undefined;
      setShow(null);
    };
    if (w.leagueInstallPrompt) setShow("prompt");
    else if (isIosSafari() && !dismissed()) setShow("ios");
    window.addEventListener("league-install-prompt", offered);
    window.addEventListener("appinstalled", done);
    return () => {
      window.removeEventListener("league-install-prompt", offered);
      window.removeEventListener("appinstalled", done);
    };
  }, []);

  if (show === "ios") {
    const dismiss = () => {
      try {
        localStorage.setItem(IOS_HINT_KEY, "1");
      } catch {}
      setShow(null);
    };
    return (
      <aside
        aria-label="Add this app to your Home Screen"
        className="flex flex-wrap items-center gap-3 rounded-xl border border-brand-600/40 bg-brand-50 p-4 text-brand-900"
      >
        <p className="min-w-0 flex-1 basis-60 text-sm">
          Add this app to your Home Screen: tap <strong>Share</strong>, then <strong>Add to Home Screen</strong> — then notifications can
          reach this phone.
        </p>
        <Button variant="secondary" onClick={dismiss}>
          Dismiss
        </Button>
      </aside>
    );
  }
  if (show === "prompt") {
    const install = async () => {
      const w = window as WithPrompt;
      const offer = w.leagueInstallPrompt;
      if (!offer) return;
      // An offer can be used once: the browser makes a new one if the player says no.
      w.leagueInstallPrompt = undefined;
      setShow(null);
      await offer.prompt().catch(() => undefined);
    };
    return (
      <aside aria-label="Install the app" className="flex flex-wrap items-center gap-3 rounded-xl border border-line bg-surface p-4">
        <p className="min-w-0 flex-1 basis-60 text-sm text-muted">Open the league like an app, and get its notifications on this device.</p>
        <Button variant="primary" onClick={install}>
          Install the app
        </Button>
      </aside>
    );
  }
  return null;
}
