// League constants that the browser and the server both need.

/** Player search starts at this many characters. */
export const MIN_SEARCH_LENGTH = 3;
