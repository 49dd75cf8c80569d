// `npm run test:pg`: the integration suite again, against a PostgreSQL server. Each test
// file creates (and drops) its own fresh database on TEST_DATABASE_URL's server.
import { spawnSync } from "node:child_process";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const url = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const result = spawnSync(
  process.execPath,
  [join(root, "node_modules/vitest/vitest.mjs"), "run", "--project", "integration", ...process.argv.slice(2)],
  { cwd: root, stdio: "inherit", env: { ...process.env, TEST_DATABASE_URL: url } },
);
process.exit(result.status ?? 1);
