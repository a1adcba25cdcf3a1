import { useState } from "react";
import { Form, Link, NavLink } from "react-router";
import { useLeague } from "~/hooks/use-league";

const publicLinks = [
  { to: "/rounds", label: "Rounds" },
  { to: "/players", label: "Players" },
  { to: "/aces", label: "Aces" },
  { to: "/transfers", label: "Transfers" },
];

const adminLinks = [{ to: "/admin/users", label: "Users" }];

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded px-3 py-2 text-sm font-medium ${isActive ? "bg-brand-700 text-white" : "text-brand-50 hover:bg-brand-700/60"}`;

/** Three variants: logged out (log in, register), user (profile, log out), admin (plus admin links). */
export function Navbar() {
  const { name, user, isAdmin } = useLeague();
  const [open, setOpen] = useState(false);
  const links = isAdmin ? [...publicLinks, ...adminLinks] : publicLinks;
  return (
    <header className="bg-brand-800 text-white">
      <nav aria-label="Main" className="mx-auto flex max-w-6xl flex-wrap items-center gap-2 px-4 py-2">
        <Link to="/" className="mr-auto py-2 text-base font-semibold">
          {name}
        </Link>
        <button
          type="button"
          className="rounded px-3 py-2 text-sm md:hidden"
          aria-expanded={open}
          aria-controls="main-menu"
          onClick={() => setOpen((o) => !o)}
        >
          Menu
        </button>
        <div id="main-menu" className={`${open ? "flex" : "hidden"} w-full flex-col gap-1 md:flex md:w-auto md:flex-row md:items-center`}>
          {links.map((l) => (
            <NavLink key={l.to} to={l.to} className={linkClass} onClick={() => setOpen(false)}>
              {l.label}
            </NavLink>
          ))}
          {user ? (
            <>
              <NavLink to="/profile" className={linkClass} onClick={() => setOpen(false)}>
                {user.name}
              </NavLink>
              <Form method="post" action="/logout">
                <button
                  type="submit"
                  className="w-full rounded px-3 py-2 text-left text-sm font-medium text-brand-50 hover:bg-brand-700/60"
                >
                  Log out
                </button>
              </Form>
            </>
          ) : (
            <>
              <NavLink to="/login" className={linkClass} onClick={() => setOpen(false)}>
                Log in
              </NavLink>
              <Link to="/register" className="rounded bg-white px-3 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50">
                Register
              </Link>
            </>
          )}
        </div>
      </nav>
    </header>
  );
}
