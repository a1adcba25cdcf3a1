// Imported first by the npm scripts' entry files, before anything that needs a newer Node:
// on an older one, wrangler, Vite and React Router fail later with errors that do not name
// the cause. On a Node older than 22.22 the entry runs again, whole, on the pinned Node 24
// (./node24.mjs, fetched once into .node/), with .node/bin first on PATH so that what it
// starts (wrangler, vite, playwright, npm run) runs on it too; signals go on to it and its
// exit code is this process's. LEAGUE_NODE_FETCH=0 prints the advice below instead (ADR 40).
// It is also the root "preinstall": npm runs that after installing the tree on the old
// Node, and that tree works on Node 24 as it is (only platform binaries, none built for a
// Node version), so the preinstall fetches Node 24 and says so. Only node: built-ins and
// plain syntax, so that an old Node gets this far.
import { spawn } from "node:child_process";
import { delimiter, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { MIN, NODE_DIR, PIN, binOf, ensurePinnedNode, newEnough } from "./node24.mjs";

const old = `Node ${process.versions.node} is older than ${MIN.join(".")}`;

function advise(first) {
  const dir = "$HOME/.cache/league-node24";
  console.error(
    [
      "",
      first,
      "  Wrangler 4, Vite, React Router 8 and vitest need it (.nvmrc says 24). Either, with nvm:",
      "    nvm install && nvm use",
      "  or, without nvm, Node 24 from the npm registry:",
      `    npm install --prefix "${dir}" --no-save node@${PIN.version}`,
      `    export PATH="${dir}/node_modules/.bin:$PATH"`,
      "  then run the command again (after `npm ci`, if node_modules was installed by the old Node).",
      "",
    ].join("\n"),
  );
  process.exit(1);
}

/** Runs this process's script again on `node`; resolves never: the entry's own code runs there. */
function rerun(bin) {
  const child = spawn(join(bin, "node"), [...process.execArgv, ...process.argv.slice(1)], {
    stdio: "inherit",
    env: { ...process.env, PATH: `${bin}${delimiter}${process.env.PATH ?? ""}` },
  });
  // Ctrl-C reaches the child with the rest of the process group; a signal sent to this
  // process alone (a supervisor's SIGTERM) is passed on. Either way this one waits for it.
  const signals = ["SIGINT", "SIGTERM", "SIGHUP"];
  const pass = (signal) => child.kill(signal);
  for (const signal of signals) process.on(signal, pass);
  child.on("error", (err) => {
    console.error(`✗ could not run Node ${PIN.version} from ${bin}: ${err.message}`);
    process.exit(1);
  });
  child.on("exit", (code, signal) => {
    if (code !== null) process.exit(code);
    // Died of a signal: die of the same one, so npm and the shell see what the child saw.
    for (const s of signals) process.off(s, pass);
    process.kill(process.pid, signal);
  });
  return new Promise(() => {});
}

if (!newEnough()) {
  const nodeDir = NODE_DIR.replace(`${process.cwd()}/`, "");
  if (process.env.LEAGUE_NODE_FETCH === "0") {
    advise(
      `✗ This app needs Node ${MIN.join(".")} or newer; this is Node ${process.version} (${process.execPath}), and LEAGUE_NODE_FETCH=0.`,
    );
  }
  let fetched;
  try {
    fetched = ensurePinnedNode();
  } catch (err) {
    advise(`✗ ${old}, and Node ${PIN.version} could not be fetched into ${nodeDir}: ${err.message}`);
  }
  const got = fetched ? `fetched Node ${PIN.version} from the npm registry into ${nodeDir}/` : `Node ${PIN.version} is in ${nodeDir}/`;
  if (resolve(process.argv[1] ?? "") === fileURLToPath(import.meta.url)) {
    // The preinstall: the tree npm has just installed runs on it as it is.
    console.log(`${old}: ${got}; npm start, npm test and npm run dev run on it.`);
    process.exit(0);
  }
  console.log(`${old}: ${fetched ? `${got}; ` : ""}running on Node ${PIN.version} from ${nodeDir}/.`);
  await rerun(binOf());
}
