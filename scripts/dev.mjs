// `npm run dev`: migrate and seed the local D1 when empty, then Vite with hot reload (in workerd).
import "./check-node.mjs"; // first: what follows needs Node ≥ 22.22

const { bin, run, startPayPalStandIn, startPushStandIn } = await import("./lib.mjs");

run(process.execPath, ["scripts/prepare-db.mjs"]);
// Vite's dev server port (vite.config.ts): PORT, else 5173.
const stopStandIn = startPayPalStandIn(process.env.PORT ?? "5173");
const stopPush = startPushStandIn(process.env.PORT ?? "5173");
run(bin("react-router"), ["dev"]);
stopStandIn();
stopPush();
