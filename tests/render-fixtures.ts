// Page parts rendered to HTML as the server renders them, inside a router whose root
// loader gives the league's time zone (what `useLeague` reads), so a test can check what a
// visitor gets without a browser. Tests in .ts files: `h` is React's createElement.
import { type ReactElement, createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";

export const h = createElement;
export const TZ = "America/Chicago";

/** The server HTML of `element`, rendered at `path` (what useLocation gives it). */
export function renderHtml(element: ReactElement, path = "/"): string {
  const Stub = createRoutesStub([{ id: "root", path: "*", Component: () => element, loader: () => null }]);
  const root = { league: { name: "Test League", timeZone: TZ }, user: null, role: null, isAdmin: false, can: [] };
  return renderToString(h(Stub, { initialEntries: [path], hydrationData: { loaderData: { root } } }));
}

/** The text of an HTML fragment: tags dropped, the entities React writes read back. */
export const textOf = (html: string) =>
  html
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]*>/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
