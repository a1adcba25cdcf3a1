// The session key must be real randomness: at least 32 bytes, written as base64url,
// base64 or hex. The example file's placeholder, a short secret or a phrase is refused,
// so a misconfigured deployment fails on its first request instead of signing tokens
// with a guessable key.

export const PLACEHOLDER_SECRET = "change-me-to-32-random-bytes-base64url";
const MIN_SECRET_BYTES = 32;

function decodedLength(secret: string): number {
  if (/^[0-9a-fA-F]+$/.test(secret) && secret.length % 2 === 0) return secret.length / 2;
  if (/^[A-Za-z0-9_-]+$/.test(secret) || /^[A-Za-z0-9+/]+={0,2}$/.test(secret)) {
    return Math.floor((secret.replace(/=+$/, "").length * 3) / 4);
  }
  return 0;
}

/** Why `secret` is not fit to sign sessions, or null when it is. */
export function secretProblem(secret: string | undefined): string | null {
  if (!secret) return "SESSION_SECRET is not set";
  if (secret === PLACEHOLDER_SECRET) return "SESSION_SECRET is still the placeholder from .dev.vars.example";
  if (decodedLength(secret) < MIN_SECRET_BYTES) {
    return `SESSION_SECRET must be at least ${MIN_SECRET_BYTES} random bytes, written as base64url, base64 or hex`;
  }
  // Random bytes use many symbols; "aaaa…" or "0123…" repeated does not.
  if (new Set(secret).size < 12) return "SESSION_SECRET does not look random";
  return null;
}

const checked = new Set<string>();

/** Throws, loudly and with the reason, when the secret cannot be used. */
export function assertUsableSecret(secret: string | undefined): string {
  if (secret && checked.has(secret)) return secret;
  const problem = secretProblem(secret);
  if (problem) {
    console.error(
      `Configuration error: ${problem}. Generate one with: node -e "console.log(crypto.randomBytes(32).toString('base64url'))"`,
    );
    throw new Error(problem);
  }
  const usable = secret as string; // secretProblem refuses a missing one
  checked.add(usable);
  return usable;
}
