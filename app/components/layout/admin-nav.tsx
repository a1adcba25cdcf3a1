import { useEffect, useRef } from "react";
import { NavLink, useLocation } from "react-router";
import { navItem, navLinkClass } from "./nav-item";
import { useLeague } from "~/hooks/use-league";
import { useLeagueUrls } from "~/hooks/use-league-urls";
import type { Capability } from "~/lib/accounts/roles";
import type { LeagueUrls } from "~/lib/shared/league-url";

// Named apart from the public Rounds and Players links: one name, one destination. Each
// shows only to a role that may open it (ADR 47): a director sees the rounds alone.
// The admin home first: its setup checklist is where a new league's organiser starts.
export const adminLinks = ({ href }: LeagueUrls): { to: string; label: string; needs: Capability }[] => [
  { to: href("/admin"), label: "Admin home", needs: "runNight" },
  { to: href("/admin/rounds"), label: "Manage rounds", needs: "runNight" },
  { to: href("/admin/courses"), label: "Courses", needs: "manageLeague" },
  { to: href("/admin/player"), label: "Edit players", needs: "manageLeague" },
  { to: href("/admin/claims"), label: "Claims", needs: "manageLeague" },
  { to: href("/admin/tags"), label: "Bag tags", needs: "manageLeague" },
  { to: href("/admin/payments"), label: "Payments", needs: "manageLeague" },
  { to: href("/admin/reports"), label: "Reports", needs: "manageLeague" },
  { to: href("/admin/audit"), label: "Audit log", needs: "manageLeague" },
  { to: href("/admin/members"), label: "Members", needs: "manageLeague" },
  { to: href("/admin/users"), label: "Users", needs: "manageLeague" },
  { to: href("/admin/settings"), label: "Settings", needs: "manageLeague" },
  { to: href("/admin/paypal"), label: "PayPal", needs: "payPalCredentials" },
];

const linkClass = navLinkClass("bg-brand-800 text-white underline decoration-2 underline-offset-4", "text-brand-100 hover:bg-brand-800");

function AdminLinks({ onNavigate }: { onNavigate: () => void }) {
  const { can } = useLeague();
  return adminLinks(useLeagueUrls())
    .filter((l) => can.includes(l.needs))
    .map((l) => (
      // `end`: the home is current on /admin itself, not on every admin page under it.
      <NavLink key={l.to} to={l.to} end className={linkClass} onClick={onNavigate}>
        {l.label}
      </NavLink>
    ));
}

/**
 * The admin's pages under 768 px: part of the phone's menu, shown with it (`open`), after
 * the public links.
 */
export function AdminNav({ open, onNavigate }: { open: boolean; onNavigate: () => void }) {
  return (
    <nav id="admin-menu" aria-label="Admin" className={`${open ? "block" : "hidden"} bg-brand-950 md:hidden`}>
      <div className="mx-auto flex max-w-6xl flex-col gap-1 px-4 py-1.5">
        <span aria-hidden="true" className="px-3 pt-1 text-xs font-semibold uppercase tracking-wide text-brand-200">
          Admin
        </span>
        <AdminLinks onNavigate={onNavigate} />
      </div>
    </nav>
  );
}

const shut = (menu: HTMLDetailsElement | null) => {
  if (menu) menu.open = false;
};

/**
 * The admin's pages from 768 px: "Admin" in the main row, opening a list of them, so the
 * header is one row at 1280 px (ADR 39; it was a second bar, 100 px). A <details>: it opens by
 * click, Enter or Space without JavaScript too; with it, Escape, a click elsewhere, a link
 * or a new page closes it.
 */
export function AdminMenu() {
  const { href } = useLeagueUrls();
  const menu = useRef<HTMLDetailsElement>(null);
  const { pathname } = useLocation();
  const close = () => shut(menu.current);

  // A new page closes it; hydrating does not: the server's <details> opens without this
  // code, and a click made before it arrived must leave the menu open.
  const shownAt = useRef(pathname);
  useEffect(() => {
    if (shownAt.current === pathname) return;
    shownAt.current = pathname;
    shut(menu.current);
  }, [pathname]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape" || !menu.current?.open) return;
      shut(menu.current);
      menu.current.querySelector("summary")?.focus();
    };
    const onPointer = (e: PointerEvent) => {
      if (menu.current?.open && !menu.current.contains(e.target as Node)) shut(menu.current);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, []);

  const here = pathname.startsWith(href("/admin/"));
  return (
    <details ref={menu} className="relative hidden md:block">
      <summary
        className={`${navItem} cursor-pointer list-none gap-1 [&::-webkit-details-marker]:hidden ${here ? "bg-brand-950/60 text-white underline decoration-2 underline-offset-4" : "text-brand-50 hover:bg-brand-700"}`}
      >
        Admin
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="currentColor">
          <path d="M5.5 7.5 10 12l4.5-4.5z" />
        </svg>
      </summary>
      <nav
        aria-label="Admin"
        className="absolute right-0 top-full z-50 mt-1 grid w-max grid-cols-2 gap-1 rounded-lg bg-brand-950 p-2 shadow-lg"
      >
        <AdminLinks onNavigate={close} />
      </nav>
    </details>
  );
}
