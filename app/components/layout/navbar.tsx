import { useEffect, useRef, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { LogoutForm } from "~/components/accounts/logout-form";
import { navItem, navLinkClass } from "./nav-item";
import { lazyPart } from "~/components/ui/lazy-part";
import { Wordmark } from "~/components/ui/wordmark";
import { useLeague } from "~/hooks/use-league";
import { useLeagueUrls } from "~/hooks/use-league-urls";
import { type LeagueUrls, rootHref } from "~/lib/shared/league-url";

const publicLinks = ({ href }: LeagueUrls) => [
  { to: href("/rounds"), label: "Rounds" },
  { to: href("/standings"), label: "Standings" },
  { to: href("/players"), label: "Players" },
  { to: href("/aces"), label: "Aces" },
  { to: href("/tags"), label: "Tags" },
  { to: href("/transfers"), label: "Transfers" },
];

// Only staff see the admin's links: a visitor's first visit never downloads them (ADR 24's budget).
const AdminNav = lazyPart(async () => (await import("./admin-nav")).AdminNav);
const AdminMenu = lazyPart(async () => (await import("./admin-nav")).AdminMenu);

const item = navItem;
const linkClass = navLinkClass("bg-brand-950/60 text-white underline decoration-2 underline-offset-4", "text-brand-50 hover:bg-brand-700");

/**
 * Three variants: logged out (log in, register), user (messages, profile, log out), admin (plus
 * the admin's pages, ./admin-nav.tsx: "Admin" in the row, or on a phone in the menu). One
 * row at 1280 px, whoever is logged in: a long league name gives way first (it truncates).
 * Under 768 px one row: the wordmark and a menu button; the menu takes focus when it opens,
 * and Escape, a link or a new page closes it.
 */
export function Navbar() {
  const urls = useLeagueUrls();
  const { name, user, staff: isAdmin, inLeague } = useLeague();
  const [open, setOpen] = useState(false);
  const menu = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();

  // A new page closes the menu (the links close it too; this covers Back and forms).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation by design.
  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return;
    menu.current?.querySelector<HTMLElement>("a, button")?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);

  const close = () => setOpen(false);
  // A deployment without a default league has no league at its root: its pages lead to the list.
  const home = inLeague ? urls.href("/") : rootHref("/leagues");
  const links = inLeague ? publicLinks(urls) : [{ to: rootHref("/leagues"), label: "Leagues" }];
  // From another league's page, logging in comes back to it.
  const login = urls.href("/") === "/" ? rootHref("/login") : rootHref(`/login?redirectTo=${encodeURIComponent(pathname)}`);
  return (
    <header className="on-dark bg-brand-900 text-white shadow print:hidden">
      <nav aria-label="Main" className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-2 px-4 py-1.5">
        <Link to={home} className="mr-auto flex min-h-11 min-w-0 flex-1 items-center rounded-md md:flex-none lg:flex-1 lg:basis-0">
          <Wordmark name={name} />
        </Link>
        <button
          ref={button}
          type="button"
          className="flex size-11 shrink-0 items-center justify-center rounded-md hover:bg-brand-700 md:hidden"
          aria-expanded={open}
          aria-controls={isAdmin ? "main-menu admin-menu" : "main-menu"}
          aria-label="Menu"
          onClick={() => setOpen((o) => !o)}
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="size-6"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          >
            {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
          </svg>
        </button>
        <div
          ref={menu}
          id="main-menu"
          className={`${open ? "flex" : "hidden"} w-full flex-col gap-1 pb-2 md:ml-auto md:flex md:w-auto md:flex-row md:flex-wrap md:items-center md:justify-end md:pb-0`}
        >
          {links.map((l) => (
            <NavLink key={l.to} to={l.to} className={linkClass} onClick={close}>
              {l.label}
            </NavLink>
          ))}
          {isAdmin ? <AdminMenu /> : null}
          {user ? (
            <>
              {/* What every league told the account (ADR 49). */}
              <NavLink to={rootHref("/messages")} end className={linkClass} onClick={close}>
                Messages
              </NavLink>
              <NavLink to={rootHref("/profile")} title={user.name} className={(s) => `${linkClass(s)} md:max-w-48`} onClick={close}>
                <span className="truncate">{user.name}</span>
              </NavLink>
              <LogoutForm userId={user.id}>
                <button type="submit" className={`${item} w-full text-left text-brand-50 hover:bg-brand-700`}>
                  Log out
                </button>
              </LogoutForm>
            </>
          ) : (
            <>
              <NavLink to={login} className={linkClass} onClick={close}>
                Log in
              </NavLink>
              <Link
                to={rootHref("/register")}
                className={`${item} bg-white font-semibold text-brand-900 hover:bg-brand-50`}
                onClick={close}
              >
                Register
              </Link>
            </>
          )}
        </div>
      </nav>
      {isAdmin ? <AdminNav open={open} onNavigate={close} /> : null}
    </header>
  );
}
