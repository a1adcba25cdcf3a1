// Sends the generated cases and says what was wrong with each answer. Nothing is printed
// per case: a failure is a line naming the route, the case and what came back.
import { exports } from "cloudflare:workers";
import { CODES, uniqueIp } from "../auth-fixtures";
import { outcome } from "../route-fixtures";

export type Expect = {
  /** The status (or statuses) the case must get; any 4xx when absent. */
  status?: number | number[];
  /** The exact error message. */
  error?: string;
};

export type ApiCase = {
  route: string;
  name: string;
  method: string;
  path: string;
  /** The Authorization header; none when null or absent. */
  authorization?: string | null;
  /** A session cookie's value. */
  cookie?: string;
  /** The Origin header; none when null or absent. */
  origin?: string | null;
  /** The Content-Type: JSON for a text body when absent; none at all when null. */
  contentType?: string | null;
  body?: string | FormData;
  /** More request headers. */
  headers?: Record<string, string>;
  /** A page's refusal: plain text, not the API's JSON. */
  plainText?: boolean;
  expect?: Expect;
};

const snippet = (text: string) => (text.length > 300 ? `${text.slice(0, 300)}… (${text.length} chars)` : text);

function statusProblem(status: number, expect: Expect | undefined): string | null {
  if (status < 400 || status > 499) return `expected a 4xx, got ${status}`;
  const wanted = expect?.status === undefined ? null : ([] as number[]).concat(expect.status);
  if (wanted && !wanted.includes(status)) return `expected ${wanted.join(" or ")}, got ${status}`;
  return null;
}

export function apiRequest(c: ApiCase): Request {
  const headers = new Headers({ "CF-Connecting-IP": uniqueIp(), ...c.headers });
  if (c.authorization) headers.set("Authorization", c.authorization);
  if (c.cookie) headers.set("Cookie", `theme=dark; __Host-session=${c.cookie}`);
  if (c.origin) headers.set("Origin", c.origin);
  let body: BodyInit | undefined = c.body;
  if (typeof c.body === "string") {
    if (c.contentType === null)
      body = new TextEncoder().encode(c.body); // bytes: no Content-Type is added
    else headers.set("Content-Type", c.contentType ?? "application/json");
  } else if (c.body && c.contentType) {
    headers.set("Content-Type", c.contentType);
  }
  return new Request(`http://localhost${c.path}`, { method: c.method, headers, body });
}

/** What is wrong with the answer to one API case, or null: a 4xx with a readable { error, code, requestId }. */
export async function checkApiCase(c: ApiCase): Promise<string | null> {
  let res: Response;
  try {
    res = await exports.default.fetch(apiRequest(c));
  } catch (err) {
    return `${c.route} — ${c.name}: the request threw ${String(err)}`;
  }
  const text = await res.text();
  const fail = (problem: string) => `${c.route} — ${c.name}: ${problem}; answered ${res.status} ${snippet(text)}`;
  const status = statusProblem(res.status, c.expect);
  if (status) return fail(status);
  if (c.plainText) {
    if (text.trim() === "") return fail("no readable error");
    if (c.expect?.error !== undefined && text !== c.expect.error) return fail(`expected the error ${JSON.stringify(c.expect.error)}`);
    return null;
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return fail("the answer is not JSON");
  }
  const { error, code, requestId } = (body ?? {}) as { error?: unknown; code?: unknown; requestId?: unknown };
  if (typeof error !== "string" || error.trim() === "") return fail("no readable error");
  if (code !== CODES[res.status]) return fail(`expected the code ${CODES[res.status]}`);
  // The envelope names its request, as the answer's header does (ADR 43).
  if (typeof requestId !== "string" || requestId !== res.headers.get("X-Request-Id")) return fail("no requestId matching X-Request-Id");
  if (c.expect?.error !== undefined && error !== c.expect.error) return fail(`expected the error ${JSON.stringify(c.expect.error)}`);
  return null;
}

export type ActionCase = {
  route: string;
  name: string;
  run: () => Promise<unknown>;
  /** A wrong-role case: the redirect it must answer with. */
  redirect?: string;
  /** The form field the answer's errors must name. */
  field?: string;
  status?: number;
};

const nonEmpty = (value: unknown) => typeof value === "string" && value.trim() !== "";

/** What is wrong with a page action's answer, or null: a 4xx with a message, or the expected redirect. */
export async function checkActionCase(c: ActionCase): Promise<string | null> {
  let answer: Awaited<ReturnType<typeof outcome>>;
  try {
    answer = await outcome(c.run());
  } catch (err) {
    return `${c.route} — ${c.name}: the action threw ${err instanceof Error ? err.stack : String(err)}`;
  }
  const shown = () => `${answer.status} ${snippet(JSON.stringify(answer.data) ?? "")}${answer.location ? ` → ${answer.location}` : ""}`;
  const fail = (problem: string) => `${c.route} — ${c.name}: ${problem}; answered ${shown()}`;
  if (c.redirect !== undefined) {
    if (answer.status !== 302 || answer.location !== c.redirect) return fail(`expected a redirect to ${c.redirect}`);
    return null;
  }
  const status = statusProblem(answer.status, { status: c.status });
  if (status) return fail(status);
  const data = (answer.data ?? {}) as { formError?: unknown; message?: unknown; fieldErrors?: Record<string, unknown> };
  const fieldMessages = Object.values(data.fieldErrors ?? {});
  const readable = nonEmpty(data.formError) || nonEmpty(data.message) || (fieldMessages.length > 0 && fieldMessages.every(nonEmpty));
  if (!readable) return fail("no readable message");
  if (c.field !== undefined && !nonEmpty(data.fieldErrors?.[c.field])) return fail(`no error for the field ${c.field}`);
  return null;
}

/** Runs `check` over every case, `concurrency` at a time; the failures, in case order. */
export async function runAll<C>(cases: C[], check: (c: C) => Promise<string | null>, concurrency = 16): Promise<string[]> {
  const results: (string | null)[] = new Array(cases.length).fill(null);
  let next = 0;
  const worker = async () => {
    while (next < cases.length) {
      const i = next++;
      results[i] = await check(cases[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, cases.length) }, worker));
  return results.filter((r): r is string => r !== null);
}
