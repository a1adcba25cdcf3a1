// Markup built on the server as a string (purely presentational parts handed to the page as
// data, so no client code draws them: issue 12's client budget). Every text that goes in
// passes through `esc`, round names included, which admins type.

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text or an attribute value made safe for HTML and SVG markup. */
export const esc = (value: string | number): string => String(value).replace(/[&<>"']/g, (c) => ENTITIES[c]);

/** `name="value"` pairs, each value escaped. */
export const attrs = (pairs: Record<string, string | number>): string =>
  Object.entries(pairs)
    .map(([k, v]) => `${k}="${esc(v)}"`)
    .join(" ");
