import { type ReactNode, useEffect, useState } from "react";
import { Form, useSubmit } from "react-router";
import { lazyPart } from "~/components/ui/lazy-part";
import { rootHref } from "~/lib/shared/league-url";

// Log out (ADR 6), minding the phone's live scoring (ADR 26, "The phone"): before the post
// goes, the scores this login left waiting on the device are offered to be sent first (or
// kept for its next login here, or discarded), and the scoring page kept for offline use is
// forgotten. That check loads only when someone logs out; if it cannot load, the logout goes
// on (the service worker still forgets the kept page as the post passes).

type CheckProps = { userId: number; onLogOut: () => void; onCancel: () => void };

/** Logs out straight away: what shows when the check's code cannot be fetched. */
function LogOutNow({ onLogOut }: CheckProps) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as it shows.
  useEffect(() => onLogOut(), []);
  return null;
}

const LogoutCheck = lazyPart<CheckProps>(async () => {
  try {
    return (await import("~/components/live/logout-check")).LogoutCheck;
  } catch {
    return LogOutNow;
  }
});

export function LogoutForm({ userId, everywhere = false, children }: { userId: number; everywhere?: boolean; children: ReactNode }) {
  const submit = useSubmit();
  const [checking, setChecking] = useState(false);
  const logOut = () => {
    setChecking(false);
    void submit(everywhere ? { intent: "everywhere" } : {}, { method: "post", action: rootHref("/logout") });
  };
  return (
    <>
      <Form
        method="post"
        action={rootHref("/logout")}
        onSubmit={(e) => {
          e.preventDefault();
          setChecking(true);
        }}
      >
        {everywhere ? <input type="hidden" name="intent" value="everywhere" /> : null}
        {children}
      </Form>
      {checking ? <LogoutCheck userId={userId} onLogOut={logOut} onCancel={() => setChecking(false)} /> : null}
    </>
  );
}
