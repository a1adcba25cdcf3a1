// The entry form runs this in the browser: no zod here (zod probes eval, which the CSP reports).

/** 'Add player: Jane Doe' → Jane / Doe: the first word is the first name, the rest the last. */
export function splitPlayerName(text: string): { fn: string; ln: string } {
  const [fn = "", ...rest] = text.trim().split(/\s+/);
  return { fn, ln: rest.join(" ") };
}
