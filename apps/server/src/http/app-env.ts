import type { Embedder } from "@liftoff/ai";
import type { Database, DatabaseKind } from "@liftoff/db";
import type { AssistantMessage, ChatMessage, VendorManifest } from "@liftoff/domain";
import type { Kysely } from "kysely";
import type { AiService } from "../ai/create-ai-service.ts";
import type { Auth } from "../auth/create-auth.ts";
import type { LiveHub } from "../background/live-hub.ts";
import type { Config } from "../config.ts";
import type { IngestWorker } from "../features/data-sources/ingest-worker.ts";
import type { VectorSearch } from "../features/data-sources/prepare-vector-search.ts";
import type { RunHub } from "../features/runs/run-hub.ts";
import type { Mailer } from "../mail/mailer.ts";
import type { ChangeBus } from "../realtime/change-bus.ts";
import type { Storage } from "../storage/storage.ts";

/** What every route needs, built once at boot and passed down (no globals). */
export type Deps = {
  config: Config;
  db: Kysely<Database>;
  dbKind: DatabaseKind;
  auth: Auth;
  mailer: Mailer;
  bus: ChangeBus;
  /** The configured AI model (or a clear "not configured"), built once at boot. */
  ai: AiService;
  /** Uploaded files (bytes only; metadata is in stored_files). */
  storage: Storage;
  /** The prebuilt vendor modules of space apps (built once at boot) and their import map. */
  vendor: { dir: string; manifest: VendorManifest };
  /** Builder chat generations running in this process and their live listeners. */
  chat: LiveHub<ChatMessage>;
  /** Tool runs of end users running in this process, their live listeners and views. */
  runs: RunHub;
  /** End users' chat assistant replies being written in this process. */
  assistant: LiveHub<AssistantMessage>;
  /** The data sources' ingest queue worker of this process. */
  ingest: IngestWorker;
  /** Embeddings for data-source vectors; null when no embedding model is configured (full-text only). */
  embedder: Embedder | null;
  /** How data sources' vectors are searched: pgvector where the database has it, else an exact scan. */
  vectorSearch: VectorSearch;
};

export type SessionInfo = {
  user: {
    id: string;
    email: string;
    name: string;
    emailVerified: boolean;
    image: string | null;
    /** The stored platform-admin grant (not the decision: see isPlatformAdmin). */
    isAdmin: boolean;
  };
  session: { id: string; token: string; expiresAt: Date };
};

export type AppEnv = { Variables: { session: SessionInfo | null } };
