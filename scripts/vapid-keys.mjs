// A VAPID key pair (RFC 8292) for the scripts that make one (npm start's .dev.vars, the
// first deploy), in the format app/.server/push/vapid.ts reads: the public key the 65-byte
// uncompressed P-256 point, the private key the 32-byte scalar, both base64url unpadded.
import { generateKeyPairSync } from "node:crypto";

/** A fresh pair: { publicKey, privateKey }. */
export function newVapidKeyPair() {
  const { privateKey } = generateKeyPairSync("ec", { namedCurve: "prime256v1" });
  const jwk = privateKey.export({ format: "jwk" });
  const part = (text) => Buffer.from(text, "base64url");
  const [x, y, d] = [part(jwk.x), part(jwk.y), part(jwk.d)];
  if (x.length !== 32 || y.length !== 32 || d.length !== 32) throw new Error("a P-256 key part is not 32 bytes");
  return { publicKey: Buffer.concat([Buffer.from([4]), x, y]).toString("base64url"), privateKey: d.toString("base64url") };
}
