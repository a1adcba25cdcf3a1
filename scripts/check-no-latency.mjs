// Fails when the config a deploy uses sets D1_LATENCY_MS: wrangler.toml's [vars] (or an
// [env.*]'s) or the built wrangler.json `wrangler deploy` reads (build/server). The variable
// only slows D1 on a local server (workers/d1-latency.ts); deployed it is ignored, so a
// config that sets it is a mistake to stop before it ships. Run by `npm run test:deploy`.
//
//   node scripts/check-no-latency.mjs [wrangler.toml] [build/server/wrangler.json]
import { existsSync, readFileSync } from "node:fs";

const NAME = "D1_LATENCY_MS";
const [toml = "wrangler.toml", built = "build/server/wrangler.json"] = process.argv.slice(2);

/** Where in a config (top level, then each environment) the variable is set. */
function setIn(config, file) {
  const places = [];
  if (config?.vars && NAME in config.vars) places.push(`${file} [vars]`);
  for (const [name, section] of Object.entries(config?.env ?? {})) {
    if (section?.vars && NAME in section.vars) places.push(`${file} [env.${name}.vars]`);
  }
  return places;
}

const places = [];
if (existsSync(toml)) {
  const { experimental_readRawConfig } = await import("wrangler");
  places.push(...setIn(experimental_readRawConfig({ config: toml }).rawConfig, toml));
} else {
  console.error(`✗ No ${toml} to check.`);
  process.exit(1);
}
if (existsSync(built)) places.push(...setIn(JSON.parse(readFileSync(built, "utf8")), built));

if (places.length) {
  console.error(
    `✗ ${NAME} is set in ${places.join(" and ")}: it only delays D1 on a local server and must not be deployed. ` +
      `Remove it there; give it to a local server from the environment instead (${NAME}=50 npm start).`,
  );
  process.exit(1);
}
console.log(`✓ No deploy config sets ${NAME} (${[toml, existsSync(built) ? built : null].filter(Boolean).join(", ")}).`);
