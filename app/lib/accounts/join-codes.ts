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
