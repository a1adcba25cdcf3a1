// The e2e suite's (and the bench's) server: the built app in workerd on its own port, over
// a fresh local D1 (.e2e-state, or LEAGUE_PERSIST) seeded with the demo league, so the dev
// database is never touched. It serves the build that is there (in `npm test`, the one
// test:deploy made) and builds only when there is none or it is older than the sources.
import { rmSync } from "node:fs";
import { buildIfStale, run, startCronTicker, startPayPalStandIn, startPushStandIn } from "./lib.mjs";

const port = process.argv[2] ?? "8788";
process.env.LEAGUE_PERSIST ??= ".e2e-state";
rmSync(process.env.LEAGUE_PERSIST, { recursive: true, force: true });
buildIfStale();
run(process.execPath, ["scripts/prepare-db.mjs"]);
const stopStandIn = startPayPalStandIn(port);
const stopPush = startPushStandIn(port);
const stopCron = startCronTicker(port);
run(process.execPath, ["scripts/serve-build.mjs", port]);
stopCron();
stopStandIn();
stopPush();
