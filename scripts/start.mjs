// `npm start`: build, migrate and seed the local D1, then serve the built app in workerd.
import "./check-node.mjs"; // first: what follows needs Node ≥ 22.22

const { bin, ensureDevVars, run, startCronTicker, startPayPalStandIn } = await import("./lib.mjs");

const port = process.env.PORT ?? "8787";
ensureDevVars();
// LEAGUE_PREBUILT=1 serves the build already in build/ (the start-twice test builds once).
if (process.env.LEAGUE_PREBUILT !== "1") run(bin("react-router"), ["build"]);
run(process.execPath, ["scripts/prepare-db.mjs"]); // ends with the demo logins
console.log(`\nServing the league at http://localhost:${port}\n`);
const stopStandIn = startPayPalStandIn(port);
const stopCron = startCronTicker(port);
run(process.execPath, ["scripts/serve-build.mjs", port]);
stopCron();
stopStandIn();
