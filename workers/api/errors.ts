import { REQUEST_ID_HEADER, requestIdOf } from "../request-id";
import { ERROR_STATUS, type ErrorCode } from "~/.server/errors";

// The /api's one error envelope (ADR 43): every refusal and failure of an /api request, from
// the Worker's own checks to the error handler, is made here.

export type ErrorJson = { error: string; code: ErrorCode; requestId: string };

export function errorJson(request: Request, code: ErrorCode, error: string): ErrorJson {
  return { error, code, requestId: requestIdOf(request) };
}

/**
 * The error's response: the code's status unless another is given (a 4xx of Hono's own keeps
 * its status), the envelope as the body, and the request id in X-Request-Id as well.
 */
export function errorResponse(request: Request, code: ErrorCode, error: string, status: number = ERROR_STATUS[code]): Response {
  const body = errorJson(request, code, error);
  return Response.json(body, { status, headers: { [REQUEST_ID_HEADER]: body.requestId } });
}
