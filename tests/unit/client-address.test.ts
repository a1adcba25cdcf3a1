import { describe, expect, it } from "vitest";
import { clientAddress, clientKey } from "~/.server/client-address";

describe("clientKey", () => {
  it.each([
    ["192.0.2.7", "192.0.2.7"],
    ["2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"],
    ["2001:db8:1:2::9", "2001:db8:1:2::/64"],
    ["2001:DB8:1:2:ffff::", "2001:db8:1:2::/64"],
    ["::1", "0:0:0:0::/64"],
    ["fe80::1%eth0", "fe80:0:0:0::/64"],
    ["::ffff:192.0.2.1", "0:0:0:0::/64"],
    ["2001:db8::", "2001:db8:0:0::/64"],
  ])("%s → %s", (address, key) => {
    expect(clientKey(address)).toBe(key);
  });

  it("every address of one /64 is one client; the next /64 is another", () => {
    expect(clientKey("2001:db8:aa:bb:1::1")).toBe(clientKey("2001:db8:aa:bb:ffff:ffff:ffff:ffff"));
    expect(clientKey("2001:db8:aa:bb::1")).not.toBe(clientKey("2001:db8:aa:bc::1"));
  });

  it.each(["1:2:3", "1::2::3", "2001:db8:zz::1", "1:2:3:4:5:6:7:8:9", ":::"])("junk %s is one 'unknown' bucket, never an error", (junk) => {
    expect(clientKey(junk)).toBe("unknown");
  });

  it("reads CF-Connecting-IP", () => {
    expect(clientAddress(new Request("http://x/", { headers: { "CF-Connecting-IP": "2001:db8:5:6:7::8" } }))).toBe("2001:db8:5:6::/64");
    expect(clientAddress(new Request("http://x/"))).toBe("local");
  });
});
