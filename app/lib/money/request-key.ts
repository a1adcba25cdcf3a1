/** A new request key: one per attempt at recording money, kept by its retries (ADR 25). */
export const newRequestKey = () => crypto.randomUUID();
