// Where links in mail point. In production that is APP_URL, which must be an https
// origin: a link is never built from the request's Host (that would let anyone who can
// send a reset request point the victim's link at their own server). Locally APP_URL is
// a loopback URL and the app may be served on another port (PORT=9000 npm start), so a
// link follows the loopback origin the request was actually made to.

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

const isLoopback = (url: URL) => LOOPBACK.has(url.hostname);

export class AppUrlError extends Error {}

function parse(url: string | undefined): URL | null {
  try {
    return url ? new URL(url) : null;
  } catch {
    return null;
  }
}

/**
 * True when both APP_URL and the origin the request was made to are loopback: the app is
 * served on this machine. Never in production, where no request reaches a loopback origin.
 */
export function servedLocally(appUrl: string, requestOrigin?: string): boolean {
  const app = parse(appUrl);
  const served = parse(requestOrigin);
  return app !== null && isLoopback(app) && served !== null && isLoopback(served);
}

/** The origin to put in links, or AppUrlError when APP_URL is not fit for mail. */
export function linkOrigin(appUrl: string, requestOrigin?: string): string {
  const app = parse(appUrl);
  if (!app) throw new AppUrlError("APP_URL is not a URL; mail with links cannot be sent");
  if (isLoopback(app)) {
    const served = parse(requestOrigin);
    return served && isLoopback(served) && (served.protocol === "http:" || served.protocol === "https:") ? served.origin : app.origin;
  }
  if (app.protocol !== "https:")
    throw new AppUrlError(`APP_URL must be an https origin in production (it is ${app.origin}); mail with links is not sent`);
  return app.origin;
}
