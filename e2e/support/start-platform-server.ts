import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

export type PlatformServer = {
  baseUrl: string;
  /** Ends the process at once (SIGKILL: no shutdown of any kind), keeping its data directory. */
  kill: () => Promise<void>;
  close: () => Promise<void>;
};

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
 * A second production server of the same build, for flows the shared one cannot show: it
 * runs with an AI model and listed admins, so "a fresh install without any AI" and first-run
 * flows need their own instance (neither can be switched off at run time). Fresh data directory, dev
 * mailbox, no model and no probing of local model ports; the build is the one global setup
 * made. Closed by the test that started it.
 */
export async function startPlatformServer(
  env: Record<string, string> = {},
  options: { dataDir?: string } = {},
): Promise<PlatformServer> {
  const port = await freePort();
  // A given data directory (a restart after a kill) is the caller's to remove.
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), "liftoff-e2e-extra-"));
  const baseUrl = `http://localhost:${port}`;
  const root = new URL("../..", import.meta.url).pathname;
  // As a fresh `npm start` runs: nothing of the shared server's AI or admin settings.
  const inherited: NodeJS.ProcessEnv = { ...process.env };
  for (const key of Object.keys(inherited))
    if (key.startsWith("AI_") || key === "ADMIN_EMAILS") delete inherited[key];
  const server: ChildProcess = spawn(process.execPath, [join(root, "apps/server/dist/main.js")], {
    env: {
      ...inherited,
      NODE_ENV: "production",
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      DATABASE_URL: "",
      SMTP_URL: "",
      // No model servers on this machine's well-known ports either.
      AI_LOCAL_SERVERS: "none",
      ...env,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const deadline = Date.now() + 150_000;
  while (true) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    const ok = await fetch(`${baseUrl}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) break;
    if (Date.now() > deadline) throw new Error("server did not become healthy in time");
    await new Promise((r) => setTimeout(r, 250));
  }
  const stop = async (signal: NodeJS.Signals) => {
    if (server.exitCode !== null || server.signalCode !== null) return;
    server.kill(signal);
    await new Promise((r) => server.once("exit", r));
  };
  return {
    baseUrl,
    kill: () => stop("SIGKILL"),
    close: async () => {
      await stop("SIGTERM");
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
