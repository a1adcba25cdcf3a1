// The closed set of error codes, mapped to statuses here; the /api's envelope is
// { error, code, requestId } (workers/api/errors.ts, ADR 43).
export const ERROR_STATUS = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  // A link that was good once: an invitation spent or expired.
  gone: 410,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal: 500,
  // An outside service we depend on (PayPal) failed or could not be reached.
  bad_gateway: 502,
  // The league takes no changes for now: frozen while it moves (ADR 46).
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
  }
  get status() {
    return ERROR_STATUS[this.code];
  }
}

/** The AppError a failure is, or carries as its cause (drizzle wraps what a D1 binding throws); null otherwise. */
export function appErrorOf(err: unknown): AppError | null {
  if (err instanceof AppError) return err;
  return err instanceof Error && err.cause instanceof AppError ? err.cause : null;
}

export const badRequest = (message: string) => new AppError("bad_request", message);
export const notFound = (message: string) => new AppError("not_found", message);
export const conflict = (message: string) => new AppError("conflict", message);
export const forbidden = (message: string) => new AppError("forbidden", message);
