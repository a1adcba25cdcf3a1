import { formatDateTime } from "~/lib/shared/time";

/** Last login with the time, in the league's zone; "Never" before the first one. */
export function lastLoginText(lastLogin: number | null, timeZone: string) {
  return lastLogin ? formatDateTime(lastLogin, timeZone) : "Never";
}
