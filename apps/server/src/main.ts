import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { serve } from "@hono/node-server";
import { installProcessGuards } from "./background/install-process-guards.ts";
import { loadConfig } from "./config.ts";
import { log, setLogLevel } from "./log.ts";
import { startPlatform } from "./start-platform.ts";

const config = loadConfig();
setLogLevel(config.logLevel);
// Same relative place from src/main.ts and from the bundled dist/main.js.
const webDist = config.webDist ?? fileURLToPath(new URL("../../web/dist", import.meta.url));

const started = Date.now();
const platform = await startPlatform(config, { webDist });
const server = serve({ fetch: platform.app.fetch, port: config.port }, (info) => {
  log.info("Liftoff is running", {
    url: config.publicUrl,
    port: info.port,
    database: platform.deps.dbKind,
    mail: platform.deps.mailer.kind,
    web: existsSync(webDist) ? "built" : "not built (API only)",
    bootMs: Date.now() - started,
  });
  if (platform.deps.mailer.kind === "dev") {
    log.info(`No SMTP_URL set: outgoing mail is kept in the dev mailbox at ${config.publicUrl}/dev/mailbox`);
  }
});

let closing = false;
async function shutdown(signal: string, exitCode = 0) {
  if (closing) return;
  closing = true;
  log.info("shutting down", { signal });
  // Stop accepting, let in-flight requests finish (idle keep-alive sockets close now,
  // busy ones get a grace period), and only then close the database and the bus.
  const drained = new Promise<void>((resolve) => server.close(() => resolve()));
  const http = server as unknown as { closeIdleConnections?: () => void; closeAllConnections?: () => void };
  http.closeIdleConnections?.();
  const grace = setTimeout(() => http.closeAllConnections?.(), 5000);
  await drained;
  clearTimeout(grace);
  await platform.close();
  process.exit(exitCode);
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));
installProcessGuards((reason) => {
  void shutdown(reason, 1);
  // A shutdown that cannot finish (the failure may be in what it waits for) still ends.
  setTimeout(() => process.exit(1), 10_000).unref();
});
