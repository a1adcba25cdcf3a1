import { describe, expect, it } from "vitest";
import { safeRedirect } from "~/.server/auth/guards";

describe("safeRedirect", () => {
  it.each([
    ["/profile", "/profile"],
    ["/rounds/12?tab=results#top", "/rounds/12?tab=results#top"],
    ["/players/../profile", "/profile"],
    ["/caf\u00e9", "/caf%C3%A9"],
  ])("keeps our own path %j as %j", (to, expected) => {
    expect(safeRedirect(to)).toBe(expected);
  });

  it.each([
    "/\t/evil.example",
    "/\n/x",
    "/\r\n/evil.example",
    "/%09/evil.example".replace("%09", "\t"),
    "//evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "https://evil.example/",
    "javascript:alert(1)",
    " /profile",
    "evil.example",
    "/\u0085/evil.example",
    "",
  ])("refuses %j and falls back to /", (to) => {
    expect(safeRedirect(to)).toBe("/");
  });

  it("falls back for non-strings and takes a custom fallback", () => {
    expect(safeRedirect(null)).toBe("/");
    expect(safeRedirect(undefined, "/admin/users")).toBe("/admin/users");
    expect(safeRedirect(new File([], "x") as unknown as string)).toBe("/");
  });

  it("whatever it returns is a valid Location header on our own origin", () => {
    for (const to of ["/ok", "/\u2028/x", "/\u00ff", "/%0a/x", "/a b"]) {
      const target = safeRedirect(to);
      expect(() => new Headers({ Location: target })).not.toThrow();
      expect(new URL(target, "https://league.example").origin).toBe("https://league.example");
    }
  });
});
