import { useState } from "react";
import { Link, NavLink } from "react-router";
import { useLeague } from "~/hooks/use-league";

const links = [
  { to: "/rounds", label: "Rounds" },
  { to: "/players", label: "Players" },
  { to: "/aces", label: "Aces" },
  { to: "/transfers", label: "Transfers" },
];

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded px-3 py-2 text-sm font-medium ${isActive ? "bg-brand-700 text-white" : "text-brand-50 hover:bg-brand-700/60"}`;

export function Navbar() {
  const { name } = useLeague();
  const [open, setOpen] = useState(false);
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
          <Link to="/login" className="rounded px-3 py-2 text-sm font-medium text-brand-50 hover:bg-brand-700/60">
            Log in
          </Link>
          <Link to="/register" className="rounded bg-white px-3 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50">
            Register
          </Link>
        </div>
      </nav>
    </header>
  );
}
