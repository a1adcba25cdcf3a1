// `npm run dev`: migrate and seed the local D1 when empty, then Vite with hot reload (in workerd).
import { bin, run } from "./lib.mjs";

run(process.execPath, ["scripts/prepare-db.mjs"]);
run(bin("react-router"), ["dev"]);
