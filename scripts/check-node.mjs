// Imported first by the npm scripts' entry files, before anything that needs a newer Node:
// on an older one, wrangler, Vite and React Router fail later with errors that do not name
// the cause. No imports and plain syntax, so that an old Node gets this far. 22.22 is
// React Router 8's minimum; package.json "engines" says the same. It is also the root
// "preinstall", so `npm install` / `npm ci` on an older Node end with this advice (.npmrc).
const MIN = [22, 22];
const [major, minor] = process.versions.node.split(".").map(Number);

if (!(major > MIN[0] || (major === MIN[0] && minor >= MIN[1]))) {
  const dir = "$HOME/.cache/league-node24";
  console.error(
    [
      "",
      `✗ This app needs Node ${MIN.join(".")} or newer; this is Node ${process.version} (${process.execPath}).`,
      "  Wrangler 4, Vite, React Router 8 and vitest need it (.nvmrc says 24). Either, with nvm:",
      "    nvm install && nvm use",
      "  or, without nvm, Node 24 from the npm registry (as .ci/run does):",
      `    npm install --prefix "${dir}" --no-save node@24`,
      `    export PATH="${dir}/node_modules/.bin:$PATH"`,
      "  then run the command again (after `npm ci`, if node_modules was installed by the old Node).",
      "",
    ].join("\n"),
  );
  process.exit(1);
}
