import { describe, expect, it } from "vitest";
import { AppUrlError, linkOrigin, servedLocally } from "~/.server/app-url";

describe("linkOrigin: where mailed links point", () => {
  it("production: always APP_URL's origin, whatever host the request named", () => {
    expect(linkOrigin("https://league.example/", "https://evil.example")).toBe("https://league.example");
    expect(linkOrigin("https://league.example", "http://localhost:9000")).toBe("https://league.example");
  });

  it("locally: the loopback origin actually served (PORT=9000 npm start)", () => {
    expect(linkOrigin("http://localhost:8787", "http://localhost:9000")).toBe("http://localhost:9000");
    expect(linkOrigin("http://localhost:8787", "http://127.0.0.1:9001")).toBe("http://127.0.0.1:9001");
    expect(linkOrigin("http://localhost:8787", undefined)).toBe("http://localhost:8787");
    // A non-loopback Host on a local server never becomes a link.
    expect(linkOrigin("http://localhost:8787", "http://evil.example")).toBe("http://localhost:8787");
    expect(linkOrigin("http://localhost:8787", "not a url")).toBe("http://localhost:8787");
  });

  it.each(["http://league.example", "ftp://league.example", "", "league.example"])("refuses to send mail with APP_URL %j", (appUrl) => {
    expect(() => linkOrigin(appUrl, "http://localhost:9000")).toThrow(AppUrlError);
  });
});

describe("servedLocally: a request to a server on this machine", () => {
  it("is true only when APP_URL and the request's origin are both loopback", () => {
    expect(servedLocally("http://localhost:8787", "http://localhost:9000")).toBe(true);
    expect(servedLocally("http://localhost:8787", "http://[::1]:8787")).toBe(true);
    expect(servedLocally("http://localhost:8787", "http://evil.example")).toBe(false);
    expect(servedLocally("http://localhost:8787", undefined)).toBe(false);
    expect(servedLocally("https://league.example", "http://localhost:9000")).toBe(false);
    expect(servedLocally("", "http://localhost:9000")).toBe(false);
  });
});
