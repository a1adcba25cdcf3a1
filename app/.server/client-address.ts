// The client a request comes from, as the abuse limits count it. Cloudflare sets
// CF-Connecting-IP; an IPv6 client usually holds a whole /64, so all of it is one client.

function expandIpv6(address: string): number[] | null {
  const [head, tail, ...more] = address.split("::");
  if (more.length) return null;
  const groups = (part: string | undefined) => (part ? part.split(":") : []);
  const left = groups(head);
  const right = groups(tail);
  // An embedded IPv4 tail (::ffff:192.0.2.1) takes two groups.
  const last = right.length ? right : left;
  if (last.length && last[last.length - 1].includes(".")) {
    const v4 = (last.pop() ?? "").split(".").map(Number);
    if (v4.length !== 4 || v4.some((n) => !Number.isInteger(n) || n < 0 || n > 255)) return null;
    last.push(((v4[0] << 8) | v4[1]).toString(16), ((v4[2] << 8) | v4[3]).toString(16));
  }
  const missing = 8 - left.length - right.length;
  if (tail === undefined ? missing !== 0 : missing < 1) return null;
  const all = [...left, ...Array(tail === undefined ? 0 : missing).fill("0"), ...right];
  const nums = all.map((g) => (/^[0-9a-f]{1,4}$/i.test(g) ? parseInt(g, 16) : NaN));
  return nums.some(Number.isNaN) ? null : nums;
}

/** An address as a limit key: IPv4 as it is, IPv6 as its /64 prefix. */
export function clientKey(address: string): string {
  const ip = address.trim();
  if (!ip.includes(":")) return ip || "unknown";
  const groups = expandIpv6(ip.replace(/%.*$/, ""));
  if (!groups) return "unknown";
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`;
}

/** The client's address as Cloudflare reports it, in the form the limits count. */
export function clientAddress(request: Request): string {
  return clientKey(request.headers.get("CF-Connecting-IP") ?? "local");
}
