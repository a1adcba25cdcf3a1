import { type RefObject, useEffect } from "react";
import { useBlocker } from "react-router";
import { Button } from "~/components/ui/button";
import { Dialog, DialogActions } from "~/components/ui/dialog";

/**
 * Asks before unsaved edits are lost: an in-app link through React Router's
 * blocker and this dialog, closing or reloading the tab through the browser's own
 * prompt. `saving` is true while the page's own form posts (its redirect is not leaving).
 */
export function UnsavedChanges({ dirty, saving, what }: { dirty: boolean; saving: RefObject<boolean>; what: string }) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    if (!dirty || saving.current) return false;
    return currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search;
  });
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      e.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);
  const open = blocker.state === "blocked";
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && blocker.state === "blocked") blocker.reset();
      }}
      title="Leave without saving?"
      description={`You have ${what}. If you leave this page, they are lost.`}
    >
      <DialogActions>
        <Button variant="secondary" onClick={() => blocker.reset?.()}>
          Stay on this page
        </Button>
        <Button variant="danger" onClick={() => blocker.proceed?.()}>
          Leave without saving
        </Button>
      </DialogActions>
    </Dialog>
  );
}
