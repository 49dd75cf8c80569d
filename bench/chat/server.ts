/**
 * The platform as its own process for bench/chat and bench/runs: what apps/server/src/main.ts runs
 * (startPlatform + @hono/node-server on a port, NODE_ENV=production, PGlite under a fresh
 * DATA_DIR or DATABASE_URL), from source through tsx instead of the esbuild bundle, so the
 * bench can also sign up its builder and put the account on the "galaxy" plan in the
 * database (as chat.test.ts does; lite allows one space app). The model provider is the
 * bench's fake (AI_BASE_URL from the parent); other settings (TRUST_PROXY_HOPS for
 * bench/runs) come from the parent's environment too.
 *
 * Prints one JSON line `{"url", "token"}` on stdout when ready; SIGTERM stops the listener,
 * closes the platform and deletes the data dir.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serve } from "@hono/node-server";
import { loadConfig } from "../../apps/server/src/config.ts";
import { startPlatform } from "../../apps/server/src/start-platform.ts";

const BENCH_BUILDER = { email: "chat-bench@bench.liftoff.test", password: "bench-pass-42" };

const port = Number(process.env.PORT);
const dataDir = mkdtempSync(join(tmpdir(), "liftoff-chat-bench-"));
const config = loadConfig({
  ...process.env,
  NODE_ENV: "production",
  DATA_DIR: dataDir,
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  LOG_LEVEL: process.env.LOG_LEVEL ?? "error",
  SMTP_URL: "",
});
const platform = await startPlatform(config);
const server = serve({ fetch: platform.app.fetch, port, hostname: "127.0.0.1" });

const signup = await platform.app.request("/api/session/signup", {
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify({ ...BENCH_BUILDER, name: "Chat Bench" }),
});
if (signup.status !== 201) throw new Error(`sign-up failed: ${signup.status} ${await signup.text()}`);
const { token } = (await signup.json()) as { token: string };
await platform.deps.db.updateTable("accounts").set({ plan: "galaxy" }).execute();
process.stdout.write(`${JSON.stringify({ url: config.publicUrl, token })}\n`);

let closing = false;
async function shutdown() {
  if (closing) return;
  closing = true;
  const http = server as unknown as { closeAllConnections?: () => void };
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  http.closeAllConnections?.();
  await closed;
  await platform.close();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown());
process.on("SIGINT", () => void shutdown());
