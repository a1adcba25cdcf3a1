// Byte helpers for the Web Push module: base64url (RFC 4648 §5, no padding) both ways and
// concatenation. Relative imports only, so scripts/bench-push.mjs can load it under tsx.

export type Bytes = Uint8Array<ArrayBuffer>;

export function toBase64Url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

/** base64url text (no padding, nothing outside the URL-safe alphabet) as bytes, or null. */
export function fromBase64Url(text: string): Bytes | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return null;
  try {
    const binary = atob(text.replaceAll("-", "+").replaceAll("_", "/"));
    return Uint8Array.from(binary, (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

export function concat(...parts: Uint8Array[]): Bytes {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

export const utf8 = (text: string): Bytes => new TextEncoder().encode(text);

/** A JWK's member for an EC private key's scalar (RFC 7518 §6.2.2.1); not the /api's abbreviation. */
export const JWK_PRIVATE = "d";

/** A P-256 key as Web Crypto wants a JWK: x and y from the 65-byte uncompressed point, and the private scalar if given. */
export const pointToJwk = (point: Uint8Array, privateScalar?: string): JsonWebKey => ({
  kty: "EC",
  crv: "P-256",
  x: toBase64Url(point.subarray(1, 33)),
  y: toBase64Url(point.subarray(33, 65)),
  ...(privateScalar === undefined ? {} : { [JWK_PRIVATE]: privateScalar }),
});
