// `npm start`: build when stale, migrate and seed the local D1, then serve the built app in workerd.
import "./check-node.mjs"; // first: what follows needs Node ≥ 22.22

const { buildIfStale, ensureDevVars, run, startCronTicker, startPayPalStandIn, startPushStandIn } = await import("./lib.mjs");

const port = process.env.PORT ?? "8787";
ensureDevVars();
// Builds only when a source is newer than build/ ("build is current" otherwise: a build
// takes 17 s, 45 s on a busy machine). LEAGUE_PREBUILT=1 serves build/ as it is, unchecked
// (the start-twice test: `npm test` built it once).
if (process.env.LEAGUE_PREBUILT !== "1") buildIfStale();
run(process.execPath, ["scripts/prepare-db.mjs"]); // ends with the demo logins
console.log(`\nServing the league at http://localhost:${port}\n`);
const stopStandIn = startPayPalStandIn(port);
const stopPush = startPushStandIn(port);
const stopCron = startCronTicker(port);
run(process.execPath, ["scripts/serve-build.mjs", port]);
stopCron();
stopStandIn();
stopPush();
