// Locally nothing fires the Worker's crons (wrangler.toml [triggers]): this calls the
// scheduled handler the way Cloudflare would, every minute, while `npm start` or the e2e
// server runs (ADR 28: lapsed waitlist offers pass on). A file `cron-paused` in the local
// state folder skips the ticks while it is there: the e2e read walk's no-write check
// (tests/e2e/read-walk.spec.ts) must see only its own requests.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { localPersistRoot } from "./lib.mjs";

const port = process.argv[2] ?? "8787";
const url = `http://127.0.0.1:${port}/cdn-cgi/local/scheduled?cron=${encodeURIComponent("* * * * *")}`;
const paused = join(localPersistRoot(), "cron-paused");

setInterval(() => {
  if (existsSync(paused)) return;
  fetch(url).catch(() => {
    // Not serving yet, or stopping: the next minute tries again.
  });
}, 60_000);
