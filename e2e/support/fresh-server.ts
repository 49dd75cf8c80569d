import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

export type FreshServer = { baseUrl: string; close: () => Promise<void> };

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

/**
 * A second production server on an empty data directory with no ADMIN_EMAILS and no AI,
 * exactly as a fresh `npm start` runs: for first-run flows, which the shared e2e server
 * (admins listed, model configured) cannot show. Uses the build global setup made.
 */
export async function startFreshServer(): Promise<FreshServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "liftoff-e2e-fresh-"));
  const baseUrl = `http://localhost:${port}`;
  const root = new URL("../..", import.meta.url).pathname;
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of Object.keys(env)) if (key.startsWith("AI_") || key === "ADMIN_EMAILS") delete env[key];
  const server: ChildProcess = spawn(process.execPath, [join(root, "apps/server/dist/main.js")], {
    env: {
      ...env,
      NODE_ENV: "production",
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      DATABASE_URL: "",
      SMTP_URL: "",
      // No model servers on this machine's well-known ports either: the screen must say "none".
      AI_LOCAL_SERVERS: "none",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const deadline = Date.now() + 150_000;
  while (true) {
    if (server.exitCode !== null) throw new Error(`fresh server exited with ${server.exitCode}`);
    const ok = await fetch(`${baseUrl}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) break;
    if (Date.now() > deadline) throw new Error("fresh server did not become healthy in time");
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    baseUrl,
    async close() {
      server.kill("SIGTERM");
      await new Promise((r) => server.once("exit", r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
