/**
 * A PayPal call that did not succeed: `status` is the HTTP status (0 when PayPal was not
 * reached: timeout or network), `issue` PayPal's `details[0].issue` (e.g.
 * ORDER_NOT_APPROVED, INSTRUMENT_DECLINED) or OAuth's `error`, `debugId` what PayPal
 * support asks for. The message never carries credentials or tokens.
 */
export class PayPalError extends Error {
  readonly status: number;
  readonly issue: string | null;
  readonly debugId: string | null;

  constructor(status: number, issue: string | null, debugId: string | null, message: string) {
    super(message);
    this.name = "PayPalError";
    this.status = status;
    this.issue = issue;
    this.debugId = debugId;
  }
}
