// The raw message the send_email binding gets (the EmailMessage does not expose it,
// so the MIME writer is checked on its own, with a real reset mail).
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { toMime } from "~/.server/mail/mailer";
import { makeUser } from "../auth-fixtures";
import { recordMail, runResetJob } from "../job-fixtures";

const decodeBase64Utf8 = (b64: string) => new TextDecoder().decode(Uint8Array.from(atob(b64.replace(/\r\n/g, "")), (c) => c.charCodeAt(0)));

function parse(raw: string) {
  const [head, body] = raw.split("\r\n\r\n");
  const headers = Object.fromEntries(
    head.split("\r\n").map((line) => [line.slice(0, line.indexOf(":")), line.slice(line.indexOf(":") + 2)]),
  );
  return { headers, body };
}

describe("toMime", () => {
  it("writes a reset mail as plain UTF-8 text, base64 in lines of at most 76 chars, CRLF throughout", async () => {
    const user = await makeUser({ name: "Zoë Putter" });
    const { sent, send } = recordMail();
    await runResetJob(user.email, send);
    const mail = sent[0];
    const date = new Date("2026-05-01T12:00:00Z");
    const raw = toMime("league@example.com", mail, "abc-123", date);
    expect(raw.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);

    const { headers, body } = parse(raw);
    expect(headers).toEqual({
      From: "league@example.com",
      To: user.email,
      Subject: "Test League: reset your password",
      Date: "Fri, 01 May 2026 12:00:00 GMT",
      "Message-ID": "<abc-123@example.com>",
      "MIME-Version": "1.0",
      "Content-Type": 'text/plain; charset="utf-8"',
      "Content-Transfer-Encoding": "base64",
    });
    for (const line of body.split("\r\n")) expect(line.length).toBeLessThanOrEqual(76);
    const text = decodeBase64Utf8(body);
    expect(text).toBe(mail.text);
    expect(text).toContain("Hello Zoë Putter");
    expect(text).toMatch(new RegExp(`${env.APP_URL}/reset-password\\?token=[A-Za-z0-9_-]{43}`));
  });

  it("encodes a non-ASCII subject as an RFC 2047 word", () => {
    const { headers } = parse(toMime("league@example.com", { to: "a@example.com", subject: "Ligue d'été", text: "x" }, "id"));
    expect(headers.Subject).toMatch(/^=\?UTF-8\?B\?[A-Za-z0-9+/=]+\?=$/);
    expect(decodeBase64Utf8(headers.Subject.slice(10, -2))).toBe("Ligue d'été");
  });
});
