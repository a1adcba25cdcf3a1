import { redirect } from "react-router";
import { clearedSessionCookie } from "~/.server/auth/session";

export function action() {
  return redirect("/", { headers: { "Set-Cookie": clearedSessionCookie() } });
}

export function loader() {
  return redirect("/");
}
