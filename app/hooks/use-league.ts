import { useRouteLoaderData } from "react-router";
import { formatDate, formatDateLong, formatTime } from "~/lib/shared/time";
import type { RootData } from "~/.server/root-data";

/** The league's name and time zone, with date formatters bound to that zone; who is logged in. */
export function useLeague() {
  const data = useRouteLoaderData<RootData>("root");
  const timeZone = data?.league?.timeZone ?? "America/Chicago";
  const can = data?.can ?? [];
  return {
    name: data?.league?.name ?? "Disc Golf League",
    timeZone,
    /** False on a deployment page (log in, profile…) of a deployment without a default league. */
    inLeague: Boolean(data?.league),
    user: data?.user ?? null,
    /** The session's membership here (a player's too), or null. */
    role: data?.role ?? null,
    /** The league's admin controls on the public pages show (ADR 47: an admin, the owner or the operator). */
    isAdmin: data?.isAdmin ?? false,
    /** What the session may do in this league: the admin menu shows its pages (app/lib/accounts/roles.ts). */
    can,
    /** Any role here, or the operator: the admin menu shows. */
    staff: can.includes("runNight"),
    date: (d: number) => formatDate(d, timeZone),
    longDate: (d: number) => formatDateLong(d, timeZone),
    /** "6:00 PM", a round's start. */
    time: (d: number) => formatTime(d, timeZone),
  };
}
