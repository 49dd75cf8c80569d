// `npm run test:e2e`: browser flows in Debian's Chromium against the built platform.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!existsSync(chromium)) {
  process.stderr.write(`Chromium not found at ${chromium}. Install it with: apt-get install -y chromium\n`);
  process.exit(1);
}
const result = spawnSync(
  process.execPath,
  [
    join(root, "node_modules/vitest/vitest.mjs"),
    "run",
    "--config",
    "e2e/vitest.config.ts",
    ...process.argv.slice(2),
  ],
  { cwd: root, stdio: "inherit" },
);
process.exit(result.status ?? 1);
