import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";

type Params = { N: number; r: number; p: number; keyLen: number };

/**
 * scrypt through node:crypto (native in workerd with nodejs_compat, and in Node for the
 * seed and admin scripts). OWASP's equal-cost low-memory setting N=2^14, r=8, p=5 uses
 * 16 MiB, well inside a Worker's 128 MB. The parameters are stored in each hash, so they
 * can be raised later and old hashes upgraded on login (see needsRehash).
 */
export const PRODUCTION_PARAMS: Readonly<Params> = Object.freeze({ N: 2 ** 14, r: 8, p: 5, keyLen: 32 });

/** True only under vitest, which runs Vite in its "test" mode; no build has that mode. */
const underVitest = (import.meta as { env?: { MODE?: string } }).env?.MODE === "test";

/**
 * What new hashes are made with: PRODUCTION_PARAMS in every build (deployed, `npm start`,
 * the e2e suite), the dev server and the Node scripts. Under vitest N is 2^10, the same
 * code at a sixteenth of the cost (ADR 2): its suites log in about 300 times, and workerd
 * runs scrypt on the request's own thread, so no order of events a test checks depends on
 * how long a hash takes.
 */
export const CURRENT_PARAMS: Readonly<Params> = underVitest ? { ...PRODUCTION_PARAMS, N: 2 ** 10 } : PRODUCTION_PARAMS;

function derive(password: string, salt: Buffer, params: Params): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(
      password.normalize("NFKC"),
      salt,
      params.keyLen,
      { N: params.N, r: params.r, p: params.p, maxmem: 256 * params.N * params.r },
      (err, key) => (err ? reject(err) : resolve(key)),
    );
  });
}

export async function hashPassword(password: string, params: Params = CURRENT_PARAMS): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, params);
  return `scrypt$${params.N}$${params.r}$${params.p}$${salt.toString("base64")}$${key.toString("base64")}`;
}

function parseHash(stored: string): (Params & { salt: Buffer; key: Buffer }) | null {
  const m = /^scrypt\$(\d+)\$(\d+)\$(\d+)\$([A-Za-z0-9+/=]+)\$([A-Za-z0-9+/=]+)$/.exec(stored);
  if (!m) return null;
  const key = Buffer.from(m[5], "base64");
  // A stored key of no (or a few) bytes would match almost any password: refuse it.
  if (key.length < 16) return null;
  return { N: Number(m[1]), r: Number(m[2]), p: Number(m[3]), salt: Buffer.from(m[4], "base64"), key, keyLen: key.length };
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const key = await derive(password, parsed.salt, parsed);
  return key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
}

/** True when a hash was made with weaker parameters than today's. */
export function needsRehash(stored: string): boolean {
  const p = parseHash(stored);
  return !p || p.N < CURRENT_PARAMS.N || p.r < CURRENT_PARAMS.r || p.p < CURRENT_PARAMS.p || p.keyLen < CURRENT_PARAMS.keyLen;
}
