// The header's links and buttons (./navbar.tsx, ./admin-nav.tsx): each a 44 px target whose
// label never breaks over two lines; the focus ring is the light one (.on-dark).
export const navItem = "flex min-h-11 items-center whitespace-nowrap rounded-md px-3 text-sm font-medium";

/** A NavLink's class: the item, in the bar's colours for the current page and the others. */
export const navLinkClass =
  (current: string, other: string) =>
  ({ isActive }: { isActive: boolean }) =>
    `${navItem} ${isActive ? current : other}`;
