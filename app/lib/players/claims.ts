// Claim states the server and the pages both need.

/** Open claims: the user's current one, which blocks another (one per user, by an index). */
export const OPEN_STATUSES = ["pending", "approved", "conflict"] as const;

export const isOpenClaim = (status: string) => (OPEN_STATUSES as readonly string[]).includes(status);
