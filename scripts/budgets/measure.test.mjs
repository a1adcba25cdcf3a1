// `node --test scripts/budgets/measure.test.mjs` (part of `npm run test:budgets`): the
// budget checker on a made-up build, so a checker that can no longer fail is caught.
import assert from "node:assert/strict";
import { test } from "node:test";
import { JS_BUDGET, checkPages, firstVisitAssets, loaderNeedsLogin, publicPages } from "./measure.mjs";

const manifest = {
  url: "/assets/manifest-1.js",
  entry: { module: "/assets/entry.js", imports: ["/assets/framework.js"] },
  routes: {
    root: { id: "root", module: "/assets/root.js", imports: ["/assets/framework.js"], css: ["/assets/root.css"], hasDefaultExport: true },
    home: { id: "home", parentId: "root", path: "", module: "/assets/home.js", imports: [], hasDefaultExport: true },
    "routes/big": {
      id: "routes/big",
      parentId: "root",
      path: "big",
      module: "/assets/big.js",
      imports: ["/assets/chart.js"],
      hasDefaultExport: true,
    },
    "routes/profile": { id: "routes/profile", parentId: "root", path: "profile", module: "/assets/profile.js", hasDefaultExport: true },
    "routes/admin-x": { id: "routes/admin-x", parentId: "root", path: "admin/x", module: "/assets/admin.js", hasDefaultExport: true },
    "routes/logout": { id: "routes/logout", parentId: "root", path: "logout", module: "/assets/logout.js", hasDefaultExport: false },
  },
};
const routes = [
  { file: "routes/home.tsx", index: true, id: "home" },
  { file: "routes/big.tsx", path: "big" },
  { file: "routes/profile.tsx", path: "profile" },
  { file: "routes/admin-x.tsx", path: "admin/x" },
  { file: "routes/logout.tsx", path: "logout" },
];
const sources = {
  "routes/profile.tsx":
    "export function loader({ context, request }) {\n  const { user } = requireUser(context, request);\n  return user;\n}\n",
  "routes/big.tsx": "export function loader() {\n  return 1;\n}\nexport function action({ context }) {\n  requireAdmin(context);\n}\n",
};
const source = (file) => sources[file] ?? "";

test("public pages come from the route config: no admin, resource or login-only routes", () => {
  assert.deepEqual(
    publicPages(routes, manifest, source).map((p) => p.path),
    ["/", "/big"],
  );
  assert.equal(loaderNeedsLogin(sources["routes/profile.tsx"]), true);
  assert.equal(loaderNeedsLogin(sources["routes/big.tsx"]), false, "a guard in the action alone does not make the page private");
});

test("a first visit counts the entry, root and route chains; the manifest only without lazy discovery", () => {
  const { js, css } = firstVisitAssets(manifest, "routes/big");
  assert.deepEqual(js.sort(), ["/assets/big.js", "/assets/chart.js", "/assets/entry.js", "/assets/framework.js", "/assets/root.js"]);
  assert.deepEqual(css, ["/assets/root.css"]);
  assert.ok(firstVisitAssets(manifest, "home", { lazyDiscovery: false }).js.includes("/assets/manifest-1.js"));
});

test("a page over the JS budget fails; the same page under it passes", () => {
  const pages = publicPages(routes, manifest, source);
  // Sized against the budget: the framework leaves 8 KB, the chart takes more than that.
  const sizes = { "/assets/framework.js": JS_BUDGET - 8 * 1024, "/assets/chart.js": 20 * 1024 };
  const rows = checkPages(manifest, pages, (url) => sizes[url] ?? 500);
  assert.deepEqual(
    rows.map((r) => [r.path, r.over]),
    [
      ["/", false],
      ["/big", true],
    ],
  );
  assert.ok(rows[1].jsBytes > JS_BUDGET);
  assert.equal(checkPages(manifest, pages, (url) => sizes[url] ?? 500, { js: JS_BUDGET + 20 * 1024 })[1].over, false);
});

test("a route missing from the build is an error, not a page skipped", () => {
  assert.throws(() => publicPages([...routes, { file: "routes/new.tsx", path: "new" }], manifest, source), /not in the build/);
});
