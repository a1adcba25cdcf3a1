import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

// Locally the send_email binding writes each message as an .eml file under .wrangler/tmp.
function emlFiles(dir: string): string[] {
  let out: string[] = [];
  let names: string[] = [];
  try {
    names = readdirSync(dir);
  } catch {
    return out;
  }
  for (const name of names) {
    const path = join(dir, name);
    const stat = statSync(path);
    if (stat.isDirectory()) out = out.concat(emlFiles(path));
    else if (name.endsWith(".eml")) out.push(path);
  }
  return out;
}

function bodyOf(raw: string): string {
  const [head, ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join("\n\n");
  return /Content-Transfer-Encoding:\s*base64/i.test(head) ? Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8") : body;
}

/** Waits for a mail to `to` written after `since` and returns its text. */
export async function waitForMail(to: string, since: number, timeoutMs = 15_000): Promise<string> {
  return (await waitForMailWithHeaders(to, since, timeoutMs)).text;
}

/**
 * The same, with the header block as written (one header a line). `about`: only a mail
 * whose text contains it (other tests' writes may mail the same user meanwhile).
 */
export async function waitForMailWithHeaders(
  to: string,
  since: number,
  timeoutMs = 15_000,
  about = "",
): Promise<{ head: string; text: string }> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const file of emlFiles(".wrangler/tmp")) {
      if (statSync(file).mtimeMs < since) continue;
      const raw = readFileSync(file, "utf8");
      if (!new RegExp(`^To: ${to.replace(/[.+]/g, "\\$&")}\\s*$`, "mi").test(raw)) continue;
      const mail = { head: raw.split(/\r?\n\r?\n/)[0], text: bodyOf(raw) };
      if (mail.text.includes(about)) return mail;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
}
