import { describe, expect, it } from "vitest";
import { signSession, verifySession } from "~/.server/auth/session";
import { PLACEHOLDER_SECRET, secretProblem } from "~/.server/auth/session-secret";

const random32 = () =>
  btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32))))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");

describe("SESSION_SECRET", () => {
  it("accepts 32 random bytes as base64url, base64 or hex", () => {
    const bytes = crypto.getRandomValues(new Uint8Array(32));
    expect(secretProblem(random32())).toBeNull();
    expect(secretProblem(btoa(String.fromCharCode(...bytes)))).toBeNull();
    expect(secretProblem([...bytes].map((b) => b.toString(16).padStart(2, "0")).join(""))).toBeNull();
  });

  it.each([
    ["missing", undefined],
    ["empty", ""],
    ["the example file's placeholder", PLACEHOLDER_SECRET],
    ["too short (24 bytes)", random32().slice(0, 32)],
    ["a phrase with spaces", "correct horse battery staple and more words to be long"],
    ["repetitive", "a".repeat(64)],
  ])("refuses %s", (_case, secret) => {
    expect(secretProblem(secret)).toMatch(/SESSION_SECRET/);
  });

  it("signing or verifying with an unusable secret fails loudly instead of working", async () => {
    const user = { id: 1, sessionVersion: 0 };
    await expect(signSession({ SESSION_SECRET: PLACEHOLDER_SECRET }, user, "user")).rejects.toThrow(/placeholder/);
    const { token } = await signSession({ SESSION_SECRET: random32() }, user, "user");
    await expect(verifySession({ SESSION_SECRET: "short" }, token)).rejects.toThrow(/SESSION_SECRET/);
  });
});
