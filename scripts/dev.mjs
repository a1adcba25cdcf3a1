// `npm run dev`: migrate and seed the local D1 when empty, then Vite with hot reload (in workerd).
import "./check-node.mjs"; // first: what follows needs Node ≥ 22.22

const { bin, run } = await import("./lib.mjs");

run(process.execPath, ["scripts/prepare-db.mjs"]);
run(bin("react-router"), ["dev"]);
