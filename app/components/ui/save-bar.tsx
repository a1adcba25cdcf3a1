import type { ReactNode } from "react";

/**
 * A long form's save button and its status line, held at the bottom of the screen while
 * the form's table scrolls with the page: on a phone at the course the save is always one
 * tap away, however far down the list the admin typed.
 */
export function SaveBar({ children }: { children: ReactNode }) {
  return (
    <div className="sticky bottom-0 z-30 -mx-4 flex flex-wrap items-center gap-3 border-t border-line bg-canvas px-4 py-2 sm:mx-0 sm:px-0">
      {children}
    </div>
  );
}
