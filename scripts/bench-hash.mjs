// `npm run bench:hash [runs]`: the cost of one password hash (scrypt N=2^14 r=8 p=5)
// inside workerd, the runtime production uses. Workers freeze timers while code runs,
// so time is taken from outside: median request time with a hash minus without one.
import { spawn } from "node:child_process";
import { quietEnv } from "./lib.mjs";

const runs = Number(process.argv[2] ?? 30);
const port = 8797;
const worker = spawn(
  "node_modules/.bin/wrangler",
  [
    "dev",
    "scripts/bench/hash-worker.ts",
    "--port",
    String(port),
    "--compatibility-date",
    "2026-10-01",
    "--compatibility-flags",
    "nodejs_compat",
    "--name",
    "hash-bench",
    "--config",
    "/dev/null",
  ],
  { env: quietEnv(), stdio: ["ignore", "pipe", "pipe"] },
);
const stop = () => worker.kill("SIGTERM");
process.on("exit", stop);

async function ready() {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/?op=noop`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("the bench worker did not start");
}

async function median(op) {
  const times = [];
  for (let i = 0; i < runs + 3; i++) {
    const start = performance.now();
    await (await fetch(`http://127.0.0.1:${port}/?op=${op}`)).text();
    if (i >= 3) times.push(performance.now() - start); // the first runs warm up
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

await ready();
const base = await median("noop");
const hash = await median("hash");
const verify = await median("verify");
console.log(`workerd (wrangler dev), ${runs} runs each, medians:`);
console.log(`  request without hashing  ${base.toFixed(1)} ms`);
console.log(`  one hash                 ${(hash - base).toFixed(1)} ms`);
console.log(`  one verify               ${(verify - base).toFixed(1)} ms`);
stop();
process.exit(0);
