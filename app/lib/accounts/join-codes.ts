// A league's join code (6 characters a player types, or finds in the join link): the
// alphabet leaves out I, L, O, 0 and 1, which people read one for another. Both sides read
// a typed code the same way: case ignored, spaces and hyphens dropped ("abc-d2 3" is ABCD23).

export const JOIN_CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
export const JOIN_CODE_LENGTH = 6;

/** A code as it is stored: upper case, without spaces or hyphens. */
export const normalizeJoinCode = (typed: string): string => typed.replace(/[\s-]+/g, "").toUpperCase();

/** Whether a normalised code could be one (its length and letters), before any read. */
export const isJoinCodeShape = (code: string): boolean =>
  code.length === JOIN_CODE_LENGTH && [...code].every((ch) => JOIN_CODE_ALPHABET.includes(ch));

/** A new join code: 6 characters of the alphabet, by crypto random (no modulo bias: 31 divides no power of 2, so bytes ≥ 248 are redrawn). */
export function newJoinCode(): string {
  const limit = 256 - (256 % JOIN_CODE_ALPHABET.length);
  let code = "";
  while (code.length < JOIN_CODE_LENGTH) {
    for (const byte of crypto.getRandomValues(new Uint8Array(JOIN_CODE_LENGTH * 2))) {
      if (byte < limit && code.length < JOIN_CODE_LENGTH) code += JOIN_CODE_ALPHABET[byte % JOIN_CODE_ALPHABET.length];
    }
  }
  return code;
}
