import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";

// Each test file starts from the real schema; the plugin isolates storage per file.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
