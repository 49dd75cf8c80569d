// `npm start`: build what is stale, then run the platform in one Node process
// (API + web app) on PORT, with the embedded database unless DATABASE_URL is set.
import { spawn } from "node:child_process";
import { join } from "node:path";
import { buildIfNeeded } from "./build-if-needed.mjs";

const root = new URL("..", import.meta.url).pathname;
buildIfNeeded();
const child = spawn(process.execPath, ["--enable-source-maps", join(root, "apps/server/dist/main.js")], {
  stdio: "inherit",
  env: { NODE_ENV: "production", ...process.env },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));
