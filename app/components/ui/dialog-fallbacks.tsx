import { Button } from "./button";

// What a dialog shows before Radix is there (./dialog.tsx loads it when a dialog first opens).

/** While the modal's code loads (a slow connection's first opening): the page is dimmed and says so. */
export function DialogPending() {
  return (
    <div className="fixed inset-0 z-40 grid place-items-center bg-brand-950/60">
      <p role="status" className="rounded-xl bg-surface px-5 py-3 text-sm font-semibold shadow-xl">
        Opening…
      </p>
    </div>
  );
}

/** The modal's code did not arrive (offline, or a deploy replaced it): say so, and let it close. */
export function DialogLoadFailed({ onOpenChange, open }: { onOpenChange: (open: boolean) => void; open: boolean }) {
  if (!open) return null;
  return (
    <div className="fixed inset-0 z-40 grid place-items-center bg-brand-950/60 p-4">
      <div role="alert" className="max-w-md rounded-xl bg-surface p-5 text-sm shadow-xl">
        <p>This could not be opened. Check the connection and reload the page.</p>
        <div className="mt-5 flex justify-end">
          <Button variant="secondary" onClick={() => onOpenChange(false)} autoFocus>
            Close
          </Button>
        </div>
      </div>
    </div>
  );
}
