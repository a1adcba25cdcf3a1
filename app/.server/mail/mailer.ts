import { EmailMessage } from "cloudflare:email";

// Outgoing mail goes through the Worker's send_email binding (locally wrangler writes
// each message out as an .eml file). This is the one place that speaks MIME.

/**
 * `link`: the one link the mail is for, which a local server also prints (printLinks).
 * `headers`: more header lines (List-Unsubscribe…), ASCII values without line breaks.
 */
export type Mail = { to: string; subject: string; text: string; link?: { label: string; url: string }; headers?: Record<string, string> };

/** What the binding offers; tests hand in a stand-in with the same shape. */
export type MailBinding = { send(message: EmailMessage): Promise<unknown> };

/**
 * How jobs send mail: one Mail in, resolved once it is handed over, thrown if not.
 * Jobs take a sender rather than the binding, so tests can record what a job sent
 * (an EmailMessage does not expose its body).
 */
export type MailSender = (mail: Mail) => Promise<void>;

const encodeHeader = (s: string) =>
  /^[\x20-\x7e]*$/.test(s) ? s : `=?UTF-8?B?${btoa(String.fromCharCode(...new TextEncoder().encode(s)))}?=`;

// A header name or value that could end the line would let its content add headers of its own.
function extraHeaders(headers: Record<string, string> = {}): string[] {
  return Object.entries(headers).map(([name, value]) => {
    if (!/^[A-Za-z0-9-]+$/.test(name) || !/^[\x20-\x7e]*$/.test(value)) throw new Error(`Mail header ${name} is not a plain ASCII line`);
    return `${name}: ${value}`;
  });
}

export function toMime(from: string, mail: Mail, messageId: string, date = new Date()): string {
  const body = btoa(String.fromCharCode(...new TextEncoder().encode(mail.text))).replace(/.{76}/g, "$&\r\n");
  return [
    `From: ${from}`,
    `To: ${mail.to}`,
    `Subject: ${encodeHeader(mail.subject)}`,
    `Date: ${date.toUTCString()}`,
    `Message-ID: <${messageId}@${from.split("@")[1] ?? "localhost"}>`,
    ...extraHeaders(mail.headers),
    "MIME-Version: 1.0",
    'Content-Type: text/plain; charset="utf-8"',
    "Content-Transfer-Encoding: base64",
    "",
    body,
  ].join("\r\n");
}

export async function sendMail(binding: MailBinding, from: string, mail: Mail): Promise<void> {
  const raw = toMime(from, mail, crypto.randomUUID());
  await binding.send(new EmailMessage(from, mail.to, raw));
}

/** The real sender: MIME through the send_email binding. */
export const bindingSender =
  (binding: MailBinding, from: string): MailSender =>
  (mail) =>
    sendMail(binding, from, mail);

/**
 * A local server's sender: the mail as `send` sends it, then one console line with its
 * link. Locally the send_email binding is wrangler's stand-in, which writes each message
 * to an .eml file whose body is base64; nobody should have to decode one to follow a
 * link. Production never prints: a link in the log would be as good as the mail.
 */
export const printLinks =
  (send: MailSender): MailSender =>
  async (mail) => {
    await send(mail);
    if (mail.link) console.log(`${mail.link.label} for ${mail.to}: ${mail.link.url}`);
  };
