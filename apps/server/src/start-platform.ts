import { join } from "node:path";
import { createEmbedder } from "@liftoff/ai";
import { type DatabaseHandle, migrateToLatest, openDatabase } from "@liftoff/db";
import type { AssistantMessage, ChatMessage } from "@liftoff/domain";
import { ensureVendorBuild } from "@liftoff/runtime/server";
import { createAiService } from "./ai/create-ai-service.ts";
import { createAuth } from "./auth/create-auth.ts";
import { createLiveHub, stopLiveJobs } from "./background/live-hub.ts";
import type { Config } from "./config.ts";
import { createServerApp } from "./create-server-app.ts";
import { startAssistantSweeper } from "./features/assistant/fail-stale-assistant-messages.ts";
import { startChatSweeper } from "./features/chat/fail-stale-chat-messages.ts";
import { type IngestWorker, startIngestWorker } from "./features/data-sources/ingest-worker.ts";
import { prepareVectorSearch } from "./features/data-sources/prepare-vector-search.ts";
import { createIngestJob } from "./features/data-sources/run-ingest-job.ts";
import { forgetApp } from "./features/entities/entity-cache.ts";
import { startRunSweeper } from "./features/runs/fail-stale-runs.ts";
import { createRunHub } from "./features/runs/run-hub.ts";
import { forgetHostBoot } from "./features/runtime/resolve-host-boot.ts";
import type { Deps } from "./http/app-env.ts";
import { log, setLogLevel } from "./log.ts";
import { announceMailMode } from "./mail/announce-mail-mode.ts";
import { createMailer } from "./mail/mailer.ts";
import { createChangeBus } from "./realtime/change-bus.ts";
import { createLocalDiskStorage } from "./storage/create-local-disk-storage.ts";

export type Platform = {
  app: ReturnType<typeof createServerApp>;
  deps: Deps;
  close(): Promise<void>;
};

/**
 * Boots everything but the HTTP listener: database (migrated), mail, auth, routes. The
 * server entry and the integration tests both start the platform through here, so tests
 * exercise exactly what production runs.
 */
export async function startPlatform(
  config: Config,
  options: { database?: DatabaseHandle; webDist?: string | undefined } = {},
): Promise<Platform> {
  setLogLevel(config.logLevel);
  const handle =
    options.database ??
    (await openDatabase({
      url: config.databaseUrl,
      pipelines: config.databasePipelines,
      dataDir: join(config.dataDir, "db"),
      onPoolError: (error) => log.warn("postgres connection lost; the pool will reconnect", { error }),
    }));
  await migrateToLatest(handle.db as never);
  const vectorSearch = await prepareVectorSearch(handle.db, handle.kind);
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, db: handle.db });
  announceMailMode(config, mailer);
  const auth = createAuth({ config, db: handle.db, mailer });
  // Cross-instance fan-out needs a server; the embedded database is one process anyway.
  const bus = await createChangeBus({ databaseUrl: handle.kind === "postgres" ? handle.url : undefined });
  // Other instances' app changes (schemas, publishing) reach this instance's per-app caches.
  bus.onAppChanged((appId) => {
    forgetApp(appId);
    forgetHostBoot(handle.db, appId);
  });
  const storage = createLocalDiskStorage(join(config.dataDir, "files"));
  const ai = await createAiService({ envConfig: config.ai, db: handle.db, authSecret: config.authSecret });
  // The prebuilt modules space apps import (React, the kit …): built once, fast when current.
  const vendor = await ensureVendorBuild();
  const chat = createLiveHub<ChatMessage>("chat");
  const runs = createRunHub();
  const assistant = createLiveHub<AssistantMessage>("assistant");
  // The worker is started once deps exist (its job reads them); routes only call wake().
  let ingestWorker: IngestWorker | undefined;
  const ingest: IngestWorker = {
    wake: () => ingestWorker?.wake(),
    get running() {
      return ingestWorker?.running ?? new Set<string>();
    },
    sweep: (now) => ingestWorker?.sweep(now) ?? Promise.resolve(0),
    stop: () => ingestWorker?.stop() ?? Promise.resolve(),
  };
  const deps: Deps = {
    config,
    db: handle.db,
    dbKind: handle.kind,
    auth,
    mailer,
    bus,
    storage,
    ai,
    vendor,
    chat,
    runs,
    assistant,
    ingest,
    embedder: config.embedding ? createEmbedder(config.embedding) : null,
    vectorSearch,
  };
  const app = createServerApp(deps, { webDist: options.webDist });
  // Chat replies and runs left in progress by a process that died are failed now and then
  // every sweep.
  const sweepers = [
    await startChatSweeper(deps),
    await startRunSweeper(deps),
    await startAssistantSweeper(deps),
  ];
  ingestWorker = await startIngestWorker({
    deps,
    concurrency: config.ingestConcurrency,
    job: createIngestJob(deps),
  });
  return {
    app,
    deps,
    async close() {
      for (const sweeper of sweepers) sweeper.stop();
      await ingest.stop();
      ai.stop();
      // Each stopped job stores itself as failed (never left in progress).
      await stopLiveJobs([deps.chat, deps.runs, deps.assistant], 5_000);
      await bus.close();
      await handle.close();
    },
  };
}
