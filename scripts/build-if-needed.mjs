// Builds the web app and the server bundle when their output is missing or older than
// any source file, so `npm start` on a fresh clone builds once and later starts at once.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { isVendorBuildStale } from "../packages/runtime/scripts/build-vendor.mjs";

const root = new URL("..", import.meta.url).pathname;

function newestMtime(dir) {
  let newest = 0;
  if (!existsSync(dir)) return newest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name === "dist") continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

const mtime = (file) => (existsSync(file) ? statSync(file).mtimeMs : 0);

function run(label, args, cwd) {
  process.stderr.write(`liftoff: building ${label}...\n`);
  // Always a production build: a caller's NODE_ENV (vitest sets "test") would otherwise make
  // Vite emit React's development JSX runtime, which `npm start` would then serve.
  const result = spawnSync(process.execPath, args, {
    cwd,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.status !== 0) {
    process.stderr.write(`liftoff: building ${label} failed\n`);
    process.exit(result.status ?? 1);
  }
}

export function buildIfNeeded({ force = false } = {}) {
  const shared = Math.max(newestMtime(join(root, "packages")), mtime(join(root, "package-lock.json")));
  const web = join(root, "apps/web");
  const webOut = mtime(join(web, "dist/index.html"));
  if (force || webOut < Math.max(shared, newestMtime(web))) {
    run("web app", [join(root, "node_modules/vite/bin/vite.js"), "build", "--logLevel", "warn"], web);
  }
  const server = join(root, "apps/server");
  const serverOut = mtime(join(server, "dist/main.js"));
  if (
    force ||
    serverOut < Math.max(shared, newestMtime(join(server, "src")), mtime(join(server, "build.mjs")))
  ) {
    run("server", ["build.mjs"], server);
  }
  // The space-app vendor set (packages/runtime): React, the kit and the runtime for app frames.
  if (force || isVendorBuildStale()) {
    run("space-app vendor set", [join(root, "packages/runtime/scripts/build-vendor.mjs"), "--force"], root);
  }
}

if (import.meta.url === `file://${process.argv[1]}`)
  buildIfNeeded({ force: process.argv.includes("--force") });
