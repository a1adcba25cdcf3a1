// Waiting for a port the previous server still holds. Stopped and started again at once
// (a restart, the start-twice test), a server finds its port held for a moment by the one
// before it, which is still closing: it waits for it to let go, and says so, instead of
// failing with "Address already in use". Something else holding the port for good gets a
// plain answer after `limitMs`.
import { createServer } from "node:net";

/** Whether nothing listens on `port` on the loopback addresses a local server answers on. */
export async function portIsFree(port) {
  const tryOn = (host) =>
    new Promise((resolve) => {
      const server = createServer()
        .once("error", (err) => resolve(err.code === "EADDRNOTAVAIL" || err.code === "EAFNOSUPPORT")) // no IPv6 here: not held
        .listen(port, host, () => server.close(() => resolve(true)));
    });
  return (await tryOn("127.0.0.1")) && (await tryOn("::1"));
}

/** Resolves once `port` is free, printing one line when it has to wait; throws after `limitMs`. */
export async function waitForPort(port, { what = "the previous server", limitMs = 60_000, log = console.log } = {}) {
  if (await portIsFree(port)) return;
  log(`Port ${port} is still held by ${what}: waiting for it to let go…`);
  const deadline = Date.now() + limitMs;
  while (Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 250));
    if (await portIsFree(port)) {
      log(`Port ${port} is free.`);
      return;
    }
  }
  throw new Error(`port ${port} is still in use after ${limitMs / 1000} s: stop what holds it, or set PORT`);
}

/** Whether `err` says the address was taken (between the check and the listen). */
export const addressInUse = (err) => /EADDRINUSE|Address already in use/i.test(String(err?.code ?? "") + String(err?.message ?? err));
