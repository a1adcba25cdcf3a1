// Serves a built Worker (what `react-router build` or `vite build` wrote: its wrangler.json
// beside the code) in workerd, listening on the port itself: a browser's request goes
// straight to workerd, as it goes straight to Cloudflare deployed. `npm start`, the e2e
// server, the bench and Lighthouse serve the app this way (docs/testing.md).
//
//   node scripts/serve-build.mjs [port] [path/to/wrangler.json]
//
// D1_LATENCY_MS=50 in the environment delays each D1 call 50 ms (workers/d1-latency.ts).
// The port defaults to $PORT, else 8787; the config to the app's build (build/server). Local
// state (D1, Durable Objects, the page cache) lives under LEAGUE_PERSIST, else
// .wrangler/state, where wrangler's `d1 execute --local --persist-to` finds the same D1.
// /cdn-cgi/local/scheduled runs the Worker's scheduled handler (scripts/cron-ticker.mjs).
// Runs until SIGINT or SIGTERM, then stops workerd. A port still held by the server it
// replaces is waited for (./port-free.mjs).
import "./check-node.mjs"; // first: what follows needs Node ≥ 22.22 (fs.globSync, miniflare)

const { globSync } = await import("node:fs");
const path = await import("node:path");
const { Log, LogLevel, Miniflare, convertV4MiniflareOptions } = await import("miniflare");
const { unstable_getMiniflareWorkerOptions, unstable_readConfig } = await import("wrangler");
const { addressInUse, waitForPort } = await import("./port-free.mjs");

const port = Number(process.argv[2] ?? process.env.PORT ?? 8787);
const configPath = path.resolve(process.argv[3] ?? "build/server/wrangler.json");
const persistRoot = path.resolve(process.env.LEAGUE_PERSIST || ".wrangler/state", "v3");

const config = unstable_readConfig({ config: configPath });
// The bindings, Durable Objects, queues, assets, crons and .dev.vars, as wrangler reads them.
const { workerOptions, main, externalWorkers } = unstable_getMiniflareWorkerOptions(config);
const { modulesRules, ...bindings } = workerOptions;
// D1_LATENCY_MS from the environment (`D1_LATENCY_MS=50 npm start`, the bench) reaches the
// Worker as a var, never through wrangler.toml, which must not set it (test:deploy checks).
if (process.env.D1_LATENCY_MS) bindings.bindings = { ...bindings.bindings, D1_LATENCY_MS: process.env.D1_LATENCY_MS };

// The build is already bundled: its entry and every chunk beside it, by the config's rules.
const rootPath = path.dirname(path.resolve(path.dirname(configPath), main));
const entry = path.basename(main);
const modules = [
  { type: "ESModule", path: entry },
  ...modulesRules.flatMap(({ type, include }) =>
    globSync(include, { cwd: rootPath, exclude: [entry] }).map((file) => ({ type, path: file })),
  ),
];

// workerd reports a client that hung up mid-answer (a browser closing a tab, a load test
// ending) as an exception with its native stack: nothing the Worker did, so not printed.
let droppingStack = false;
function printLog({ level, message }) {
  if (/^kj::getCaughtExceptionAsKj\(\) = .*disconnected: write\(\): (Broken pipe|Connection reset by peer)/.test(message)) {
    droppingStack = true;
    return;
  }
  if (droppingStack && message.startsWith("stack: ")) return;
  droppingStack = false;
  if (level === "error" || level === "warn") console.error(message);
  else console.log(message);
}

const options = convertV4MiniflareOptions({
  host: "localhost",
  port,
  log: new Log(LogLevel.INFO),
  unsafeTriggerHandlers: true,
  telemetry: { enabled: false },
  handleStructuredLogs: printLog,
  logRequests: false, // as vite preview did not: `npm start` prints where it serves
  resourcePersistencePath: persistRoot,
  resourceTmpPath: path.resolve(".wrangler/tmp"),
  workers: [{ ...bindings, name: config.name, rootPath, modules }, ...externalWorkers],
});

let miniflare = null;
let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await miniflare?.dispose().catch(() => {});
  process.exit(0);
}
process.on("SIGINT", stop);
process.on("SIGTERM", stop);

// A restart finds the port held a moment longer by the server it replaces: wait for it, and
// again if it is taken between the check and the listen.
for (let attempt = 1; ; attempt++) {
  try {
    await waitForPort(port);
    miniflare = new Miniflare(options);
    await miniflare.ready;
    break;
  } catch (err) {
    await miniflare?.dispose().catch(() => {});
    miniflare = null;
    if (attempt < 5 && addressInUse(err)) continue;
    console.error(`✗ Could not serve on port ${port}: ${err?.message ?? err}`);
    process.exit(1);
  }
}
