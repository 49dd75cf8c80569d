// `npm run dev`: the API with reload on change (tsx watch, port 3001) and the web app
// with hot module replacement (Vite, port 5173, proxying /api to the API).
import { spawn } from "node:child_process";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const children = [
  spawn(process.execPath, [join(root, "node_modules/tsx/dist/cli.mjs"), "watch", "apps/server/src/main.ts"], {
    cwd: root,
    stdio: "inherit",
    env: { PUBLIC_URL: "http://localhost:5173", ...process.env, PORT: "3001" },
  }),
  spawn(process.execPath, [join(root, "node_modules/vite/bin/vite.js")], {
    cwd: join(root, "apps/web"),
    stdio: "inherit",
  }),
];
const stop = () => {
  for (const child of children) child.kill("SIGTERM");
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const child of children)
  child.on("exit", (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
