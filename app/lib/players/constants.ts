// League constants that the browser and the server both need.

/** Player search starts at this many characters. */
export const MIN_SEARCH_LENGTH = 3;

/** And takes at most this many: a full name and a bit (the /api answers 400 past it). */
export const MAX_SEARCH_LENGTH = 40;
export const SEARCH_TOO_LONG = `Search for at most ${MAX_SEARCH_LENGTH} characters`;

/** /players lists, before a search, the players of this many of the latest rounds: about a month of a weekly league. */
export const RECENT_ROUNDS = 4;
