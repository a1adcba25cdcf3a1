/** Bytes as base64url without padding: safe in URLs, cookies and JWT claims. */
export function base64url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

/**
 * 32 bytes (a SHA-256 HMAC, a random token) as base64url writes them: 43 characters, the
 * last of which carries 4 bits and two zero bits. Exactly one string per 32 bytes: a decoder
 * ignores the two spare bits, so without that rule four spellings of a signature would verify.
 */
export const BASE64URL_32_BYTES = /^[A-Za-z0-9_-]{42}[AEIMQUYcgkosw048]$/;
