import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import {
  type AiConfig,
  aiConfigFromEnv,
  type EmbeddingConfig,
  embeddingConfigFromEnv,
  LOCAL_MODEL_SERVERS,
  type LocalModelServerCandidate,
} from "@liftoff/ai";
import { z } from "zod";

const envSchema = z.object({
  NODE_ENV: z.string().default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z.string().url().optional(),
  DATABASE_URL: z.string().optional(),
  DATABASE_PIPELINES: z.coerce.number().int().min(0).max(64).optional(),
  DATA_DIR: z.string().default(".data"),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default("Liftoff <no-reply@liftoff.local>"),
  AUTH_SECRET: z.string().min(32).optional(),
  ADMIN_EMAILS: z.string().default(""),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_ISSUER: z.string().url().optional(),
  GITHUB_CLIENT_ID: z.string().optional(),
  GITHUB_CLIENT_SECRET: z.string().optional(),
  GITHUB_BASE_URL: z.string().url().optional(),
  GITHUB_API_URL: z.string().url().optional(),
  NOTION_CLIENT_ID: z.string().optional(),
  NOTION_CLIENT_SECRET: z.string().optional(),
  NOTION_API_URL: z.string().url().optional(),
  GOOGLE_DRIVE_CLIENT_ID: z.string().optional(),
  GOOGLE_DRIVE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_DRIVE_OAUTH_URL: z.string().url().optional(),
  GOOGLE_DRIVE_TOKEN_URL: z.string().url().optional(),
  GOOGLE_DRIVE_API_URL: z.string().url().optional(),
  WEB_DIST: z.string().optional(),
  AI_LOCAL_SERVERS: z.string().optional(),
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  /** How long a tool run or an assistant reply may take in all (ms). */
  RUN_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(120_000),
  /** The Postgres text search configuration data sources are indexed and searched with. */
  DATA_SOURCES_LANGUAGE: z
    .string()
    .regex(/^[a-z_]{1,63}$/, "a Postgres text search configuration name such as english or simple")
    .default("english"),
  /** Let the web scraper reach private and loopback addresses (an intranet install, tests). */
  CRAWL_PRIVATE_ADDRESSES: z.enum(["true", "false", "1", "0", ""]).default("false"),
  /** Data sources read at the same time by one instance. */
  INGEST_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
});

export type OAuthConfig = { clientId: string; clientSecret: string };

export type Config = {
  env: string;
  production: boolean;
  port: number;
  publicUrl: string;
  databaseUrl: string | undefined;
  /** Pipelined connections on a PostgreSQL server (0: every statement takes a pool connection). */
  databasePipelines: number | undefined;
  dataDir: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  authSecret: string;
  adminEmails: string[];
  google: (OAuthConfig & { issuer: string }) | undefined;
  github: (OAuthConfig & { baseUrl: string; apiUrl: string }) | undefined;
  /** Data-source connectors; each is undefined (and absent from the product) until configured. */
  connectors: {
    /** Notion OAuth client; apiUrl hosts both the OAuth and the REST endpoints. */
    notion: (OAuthConfig & { apiUrl: string }) | undefined;
    /** Google Drive OAuth client (its own, apart from Google sign-in) and its three hosts. */
    googleDrive: (OAuthConfig & { oauthUrl: string; tokenUrl: string; apiUrl: string }) | undefined;
  };
  webDist: string | undefined;
  logLevel: "debug" | "info" | "warn" | "error" | "silent";
  /** Reverse proxies in front of the server whose X-Forwarded-For entry is trusted (0: none). */
  trustProxyHops: number;
  runTimeoutMs: number;
  /** Text search configuration of data sources (DATA_SOURCES_LANGUAGE, default english). */
  dataSourcesLanguage: string;
  /** The web scraper may fetch private and loopback addresses (CRAWL_PRIVATE_ADDRESSES). */
  crawlPrivateAddresses: boolean;
  ingestConcurrency: number;
  version: string;
  /** The model provider (AI_* variables); null when none is configured. */
  ai: AiConfig | null;
  /** The embeddings endpoint for data-source vectors (EMBEDDING_* variables); null: full-text only. */
  embedding: EmbeddingConfig | null;
  /** Where Admin → AI model looks for local model servers (AI_LOCAL_SERVERS; default the well-known ports). */
  aiLocalServers: readonly LocalModelServerCandidate[];
};

/**
 * Reads configuration from the environment (documented in .env.example). Every value has a
 * default that makes `npm start` work on a bare machine: PGlite under DATA_DIR, the dev
 * mailbox instead of SMTP, and an auth secret generated once and kept in DATA_DIR.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  const port = e.PORT;
  return {
    env: e.NODE_ENV,
    production: e.NODE_ENV === "production",
    port,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ""),
    databaseUrl: e.DATABASE_URL || undefined,
    databasePipelines: e.DATABASE_PIPELINES,
    dataDir,
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    authSecret: e.AUTH_SECRET ?? persistentSecret(dataDir),
    adminEmails: e.ADMIN_EMAILS.split(",")
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? {
            clientId: e.GOOGLE_CLIENT_ID,
            clientSecret: e.GOOGLE_CLIENT_SECRET,
            issuer: (e.GOOGLE_ISSUER ?? "https://accounts.google.com").replace(/\/$/, ""),
          }
        : undefined,
    github:
      e.GITHUB_CLIENT_ID && e.GITHUB_CLIENT_SECRET
        ? {
            clientId: e.GITHUB_CLIENT_ID,
            clientSecret: e.GITHUB_CLIENT_SECRET,
            baseUrl: (e.GITHUB_BASE_URL ?? "https://github.com").replace(/\/$/, ""),
            apiUrl: (e.GITHUB_API_URL ?? "https://api.github.com").replace(/\/$/, ""),
          }
        : undefined,
    connectors: {
      notion:
        e.NOTION_CLIENT_ID && e.NOTION_CLIENT_SECRET
          ? {
              clientId: e.NOTION_CLIENT_ID,
              clientSecret: e.NOTION_CLIENT_SECRET,
              apiUrl: (e.NOTION_API_URL ?? "https://api.notion.com").replace(/\/$/, ""),
            }
          : undefined,
      googleDrive:
        e.GOOGLE_DRIVE_CLIENT_ID && e.GOOGLE_DRIVE_CLIENT_SECRET
          ? {
              clientId: e.GOOGLE_DRIVE_CLIENT_ID,
              clientSecret: e.GOOGLE_DRIVE_CLIENT_SECRET,
              oauthUrl: (e.GOOGLE_DRIVE_OAUTH_URL ?? "https://accounts.google.com").replace(/\/$/, ""),
              tokenUrl: (e.GOOGLE_DRIVE_TOKEN_URL ?? "https://oauth2.googleapis.com").replace(/\/$/, ""),
              apiUrl: (e.GOOGLE_DRIVE_API_URL ?? "https://www.googleapis.com").replace(/\/$/, ""),
            }
          : undefined,
    },
    webDist: e.WEB_DIST,
    logLevel: e.LOG_LEVEL,
    trustProxyHops: e.TRUST_PROXY_HOPS,
    runTimeoutMs: e.RUN_TIMEOUT_MS,
    dataSourcesLanguage: e.DATA_SOURCES_LANGUAGE,
    crawlPrivateAddresses: e.CRAWL_PRIVATE_ADDRESSES === "true" || e.CRAWL_PRIVATE_ADDRESSES === "1",
    ingestConcurrency: e.INGEST_CONCURRENCY,
    version: process.env.npm_package_version ?? "0.1.0",
    ai: aiConfigFromEnv(env),
    embedding: embeddingConfigFromEnv(env, aiConfigFromEnv(env)),
    aiLocalServers: localServersOf(e.AI_LOCAL_SERVERS),
  };
}

/**
 * AI_LOCAL_SERVERS: unset → the well-known local ports; `none` → no probing; otherwise a
 * comma-separated list of OpenAI-compatible base URLs to probe instead.
 */
function localServersOf(value: string | undefined): readonly LocalModelServerCandidate[] {
  if (value === undefined || value.trim() === "") return LOCAL_MODEL_SERVERS;
  if (value.trim().toLowerCase() === "none") return [];
  return value.split(",").flatMap((raw, i) => {
    const url = raw.trim();
    if (!url) return [];
    if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol))
      throw new Error(`Invalid configuration:\n  AI_LOCAL_SERVERS: "${url}" is not an http(s) URL`);
    return [
      { id: `local-${i + 1}`, name: `Model server at ${new URL(url).host}`, baseURL: url.replace(/\/$/, "") },
    ];
  });
}

/** Generated on first boot and stored with owner-only permissions; never committed. */
function persistentSecret(dataDir: string): string {
  const file = join(dataDir, "auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
