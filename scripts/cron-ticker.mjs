// Locally nothing fires the Worker's crons (wrangler.toml [triggers]): this calls the
// scheduled handler the way Cloudflare would, every minute, while `npm start` or the e2e
// server runs (ADR 28: lapsed waitlist offers pass on).
const port = process.argv[2] ?? "8787";
const url = `http://127.0.0.1:${port}/cdn-cgi/local/scheduled?cron=${encodeURIComponent("* * * * *")}`;

setInterval(() => {
  fetch(url).catch(() => {
    // Not serving yet, or stopping: the next minute tries again.
  });
}, 60_000);
