import { NavLink } from "react-router";
import { navLinkClass } from "~/components/nav-item";

// Named apart from the public Rounds and Players links: one name, one destination.
const adminLinks = [
  { to: "/admin/rounds", label: "Manage rounds" },
  { to: "/admin/courses", label: "Courses" },
  { to: "/admin/player", label: "Edit players" },
  { to: "/admin/claims", label: "Claims" },
  { to: "/admin/tags", label: "Bag tags" },
  { to: "/admin/payments", label: "Payments" },
  { to: "/admin/reports", label: "Reports" },
  { to: "/admin/audit", label: "Audit log" },
  { to: "/admin/users", label: "Users" },
  { to: "/admin/settings", label: "Settings" },
];

const linkClass = navLinkClass("bg-brand-800 text-white underline decoration-2 underline-offset-4", "text-brand-100 hover:bg-brand-800");

/**
 * The admin's pages, a second bar under the main one: the main row then fits one line at
 * 1280 px, and every admin page is one click away with or without JavaScript. Under 768 px
 * it is part of the phone's menu, shown with it (`open`), after the public links.
 */
export function AdminNav({ open, onNavigate }: { open: boolean; onNavigate: () => void }) {
  return (
    <nav id="admin-menu" aria-label="Admin" className={`${open ? "block" : "hidden"} bg-brand-950 md:block`}>
      <div className="mx-auto flex max-w-6xl flex-col gap-1 px-4 py-1.5 md:flex-row md:flex-wrap md:items-center md:gap-x-1 md:py-0">
        <span aria-hidden="true" className="px-3 pt-1 text-xs font-semibold uppercase tracking-wide text-brand-200 md:pt-0">
          Admin
        </span>
        {adminLinks.map((l) => (
          <NavLink key={l.to} to={l.to} className={linkClass} onClick={onNavigate}>
            {l.label}
          </NavLink>
        ))}
      </div>
    </nav>
  );
}
