// The one helper every internal URL is made by (ADR 46): the default league's URLs are
// today's root URLs, another league's are under /l/{slug}, the deployment's pages stay at
// the root, and a slug is what the pattern and the reserved words allow.
import { describe, expect, it } from "vitest";
import { DEPLOYMENT_PAGES, isSlug, leagueBase, leagueOfPath, leagueUrls, rootHref } from "~/lib/shared/league-url";

const main = { slug: "league", isDefault: true };
const second = { slug: "second", isDefault: false };

describe("leagueUrls", () => {
  it("gives the default league today's root URLs", () => {
    const { href, apiUrl, rootHref: root } = leagueUrls(main);
    expect([href("/"), href("/rounds/3"), href("/?season=2030"), href("/admin/round/play/4#entry-9")]).toEqual([
      "/",
      "/rounds/3",
      "/?season=2030",
      "/admin/round/play/4#entry-9",
    ]);
    expect(apiUrl("/live/3/changes")).toBe("/api/live/3/changes");
    expect(root("/profile")).toBe("/profile");
  });

  it("puts another league's pages and /api under /l/{slug}, its home without a trailing slash", () => {
    const { href, apiUrl } = leagueUrls(second);
    expect(href("/")).toBe("/l/second");
    expect(href("/?season=2030")).toBe("/l/second?season=2030");
    expect(href("/#today")).toBe("/l/second#today");
    expect(href("/rounds/3/score?card=2")).toBe("/l/second/rounds/3/score?card=2");
    expect(href("/calendar.ics")).toBe("/l/second/calendar.ics");
    expect(apiUrl("/users/unsubscribe?u=1&t=x")).toBe("/l/second/api/users/unsubscribe?u=1&t=x");
  });

  it("keeps the deployment's pages at the root whatever the league", () => {
    expect(leagueUrls(second).rootHref("/login?redirectTo=%2Fl%2Fsecond")).toBe("/login?redirectTo=%2Fl%2Fsecond");
    expect(rootHref("/reset-password?token=abc")).toBe("/reset-password?token=abc");
  });

  it("with an origin, makes absolute URLs (mail and calendar links)", () => {
    const o = "https://league.example";
    expect(leagueUrls(second, o).href("/rounds/3")).toBe("https://league.example/l/second/rounds/3");
    expect(leagueUrls(second, o).href("/")).toBe("https://league.example/l/second");
    expect(leagueUrls(main, o).href("/")).toBe("https://league.example/");
    expect(leagueUrls(main, o).apiUrl("/rounds/all")).toBe("https://league.example/api/rounds/all");
    expect(leagueUrls(second, o).rootHref("/profile")).toBe("https://league.example/profile");
  });

  it("treats no league, or one without a slug, as the root (a page without the root loader's data)", () => {
    expect(leagueBase(null)).toBe("");
    expect(leagueBase({})).toBe("");
    expect(leagueUrls(undefined).href("/players")).toBe("/players");
  });
});

describe("leagueOfPath: the league a browser's page is in", () => {
  it("reads /l/{slug} from the path, the default league at the root", () => {
    const urls = (path: string) => leagueUrls(leagueOfPath(path));
    expect(urls("/l/second/rounds/3/score").apiUrl("/live/3/changes")).toBe("/l/second/api/live/3/changes");
    expect(urls("/rounds/3/score").apiUrl("/live/3/changes")).toBe("/api/live/3/changes");
  });
});

describe("isSlug", () => {
  it("takes 3–40 of a-z and 0-9 with single hyphens between them", () => {
    for (const ok of ["abc", "second", "thursday-night", "a1-b2-c3", "x".repeat(40), "2026"]) expect(isSlug(ok), ok).toBe(true);
    for (const bad of ["ab", "x".repeat(41), "Second", "a--b", "-ab", "ab-", "a_b", "a.b", "..", "%2e%2e", "a/b", "a b", "é-tÉ", ""]) {
      expect(isSlug(bad), bad).toBe(false);
    }
  });

  it("refuses the words the root uses", () => {
    for (const word of ["api", "admin", "assets", "leagues", ...DEPLOYMENT_PAGES]) expect(isSlug(word), word).toBe(false);
    expect(isSlug("l")).toBe(false);
  });
});
