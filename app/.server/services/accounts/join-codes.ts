// A league's join code: what a player types to join it. Six characters of an alphabet
// without I, L, O, 0 and 1, so a code read aloud or from a poster is typed right.

const ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
const LENGTH = 6;

/** A fresh join code: 6 characters drawn evenly from ALPHABET by crypto.getRandomValues. */
export function newJoinCode(): string {
  const out: string[] = [];
  // Rejection sampling keeps every character equally likely (256 is not a multiple of 31).
  const limit = 256 - (256 % ALPHABET.length);
  while (out.length < LENGTH) {
    const bytes = crypto.getRandomValues(new Uint8Array(LENGTH * 2));
    for (const b of bytes) {
      if (b < limit && out.length < LENGTH) out.push(ALPHABET[b % ALPHABET.length] as string);
    }
  }
  return out.join("");
}
