import type { ColumnType, Generated, JSONColumnType } from "kysely";

/**
 * Kysely table types. Column names are camelCase (quoted in SQL) to match the auth
 * library's tables and the API's field names, so no mapping layer sits in between.
 */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export type UsersTable = {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  image: string | null;
  /** Platform admin granted by the platform (first account of a fresh install); see users migration 0005. */
  isAdmin: Generated<boolean>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
};

export type SessionsTable = {
  id: string;
  expiresAt: Timestamp;
  token: string;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  ipAddress: string | null;
  userAgent: string | null;
  userId: string;
};

export type AuthAccountsTable = {
  id: string;
  accountId: string;
  providerId: string;
  userId: string;
  accessToken: string | null;
  refreshToken: string | null;
  idToken: string | null;
  accessTokenExpiresAt: Timestamp | null;
  refreshTokenExpiresAt: Timestamp | null;
  scope: string | null;
  password: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
};

export type VerificationsTable = {
  id: string;
  identifier: string;
  value: string;
  expiresAt: Timestamp;
  createdAt: Timestamp;
  updatedAt: Timestamp;
};

/** The business account of spec section 3 (one per user). Totals derive from the plan. */
export type AccountsTable = {
  id: string;
  userId: string;
  accountType: string;
  plan: string | null;
  subscriptionId: string | null;
  planSubscriptionStatus: string | null;
  planSubscriptionCancelledAt: Timestamp | null;
  appId: string | null;
  appHeader: string | null;
  hasBusinessInfo: Generated<boolean>;
  disabled: Generated<boolean>;
  featureFlags: JSONColumnType<Record<string, boolean>, string | undefined, string>;
  appPackages: JSONColumnType<{ appId: string; sharedAppId: string }[], string | undefined, string>;
  subscriptionPaymentsIds: JSONColumnType<string[], string | undefined, string>;
  appRunsUsed: Generated<number>;
  appGenerationsUsed: Generated<number>;
  dataProcessingUsed: Generated<number>;
  builderChatMessagesUsed: Generated<number>;
  createdAt: Generated<Date>;
  updatedAt: Generated<Date>;
};

export type AppsTable = {
  id: string;
  accountId: string;
  kind: string;
  name: string;
  slug: string;
  status: Generated<string>;
  data: JSONColumnType<Record<string, unknown>, string | undefined, string>;
  draftVersionId: ColumnType<string | null, string | null | undefined, string | null>;
  publishedVersionId: ColumnType<string | null, string | null | undefined, string | null>;
  publishedAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  customHost: ColumnType<string | null, string | null | undefined, string | null>;
  createdAt: Generated<Date>;
  updatedAt: Generated<Date>;
};

export type MailsTable = {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: Generated<Date>;
};

export type LoginAttemptsTable = {
  id: Generated<number>;
  key: string;
  attemptedAt: Generated<Date>;
};

/** One counted action of a rate limit (key names the limit and its subject). */
export type RateLimitHitsTable = {
  id: Generated<number>;
  key: string;
  at: Generated<Date>;
};

export type EntitySchemasTable = {
  appId: string;
  name: string;
  schema: JSONColumnType<Record<string, unknown>, string, string>;
  version: Generated<number>;
  createdAt: Generated<Date>;
  updatedAt: Generated<Date>;
};

export type EntityRowsTable = {
  id: string;
  appId: string;
  entity: string;
  data: JSONColumnType<Record<string, unknown>, string, string>;
  creatorId: string | null;
  createdAt: Generated<Date>;
  updatedAt: Generated<Date>;
};

export type EntityChangesTable = {
  seq: Generated<string>;
  appId: string;
  entity: string;
  rowId: string;
  op: "create" | "update" | "delete";
  row: JSONColumnType<Record<string, unknown>, string | null, string | null> | null;
  creatorId: string | null;
  at: Generated<Date>;
};

/** File contents addressed by SHA-256 (hex). */
export type AppBlobsTable = {
  hash: string;
  content: string;
  size: number;
  createdAt: Generated<Date>;
};

/** An immutable snapshot of a space app: file id → blob hash, plus the entity schemas. */
export type AppVersionsTable = {
  id: string;
  appId: string;
  number: number;
  parentId: string | null;
  files: JSONColumnType<Record<string, string>, string, string>;
  entities: JSONColumnType<Record<string, Record<string, unknown>>, string, string>;
  source: Generated<string>;
  createdBy: string | null;
  createdAt: Generated<Date>;
};

export type AppBuildsTable = {
  versionId: string;
  ok: boolean;
  diagnostics: JSONColumnType<unknown[], string, string>;
  jsHash: string | null;
  cssHash: string | null;
  pages: JSONColumnType<string[], string, string>;
  durationMs: number;
  createdAt: Generated<Date>;
};

export type BuildArtifactsTable = {
  hash: string;
  contentType: string;
  content: string;
  createdAt: Generated<Date>;
};

/** Which production bundle (a relay pack in build_artifacts) serves an app module under a vendor build. */
export type ProductionBundlesTable = {
  jsHash: string;
  vendorId: string;
  packHash: string;
  durationMs: number;
  createdAt: Generated<Date>;
};

/** The last saved documents of a generated app or single tool (migration 0009). */
export type SavedAppVersionsTable = {
  appId: string;
  number: number;
  document: JSONColumnType<Record<string, unknown>, string, string>;
  source: string;
  createdAt: Generated<Date>;
};

/** One run of a tool by an end user (issue 16; see migration 0010). */
export type ToolRunsTable = {
  id: string;
  appId: string;
  toolId: string;
  parentRunId: string | null;
  status: "running" | "success" | "error";
  request: JSONColumnType<Record<string, unknown>, string, string>;
  view: JSONColumnType<Record<string, unknown>, string, string>;
  errorCode: string | null;
  errorDetails: string | null;
  usage: JSONColumnType<Record<string, unknown> | null, string | null, string | null>;
  model: string | null;
  ipHash: string;
  appUserId: string | null;
  creditsCharged: Generated<number>;
  chargedAccountId: string | null;
  counterWindows: JSONColumnType<string[], string | undefined, string>;
  leaseUntil: Timestamp | null;
  createdAt: Generated<Date>;
  updatedAt: Generated<Date>;
  finishedAt: Timestamp | null;
};

/** A message of an end user's conversation with a generated app's chat assistant (migration 0011). */
export type AssistantMessagesTable = {
  id: string;
  appId: string;
  conversationId: string;
  role: "user" | "assistant";
  content: Generated<string>;
  status: "in_progress" | "ready" | "failed";
  error: string | null;
  errorDetails: string | null;
  usage: JSONColumnType<Record<string, unknown> | null, string | null, string | null>;
  ipHash: string;
  appUserId: string | null;
  creditsCharged: Generated<number>;
  chargedAccountId: string | null;
  counterWindows: JSONColumnType<string[], string | undefined, string>;
  leaseUntil: Timestamp | null;
  /** The data-source passages the reply was given (migration 0012). */
  sources: JSONColumnType<Record<string, unknown>[], string | undefined, string>;
  createdAt: Generated<Date>;
  updatedAt: Generated<Date>;
};

/** An app's API key for the Run API: only the SHA-256 of its secret is stored (migration 0013). */
export type AppApiKeysTable = {
  id: string;
  appId: string;
  name: string;
  hash: string;
  /** The key's prefix and last four characters, to tell keys apart ("lft_…Ab3x"). */
  displayHint: string;
  createdBy: string | null;
  createdAt: Generated<Date>;
  lastUsedAt: Timestamp | null;
  revokedAt: Timestamp | null;
};

/** A data source of an app, and its ingest job (migration 0012). */
export type ContextItemsTable = {
  id: string;
  appId: string;
  name: string;
  type: string;
  source: string;
  status: "unsynced" | "pending" | "running" | "synced" | "error" | "usage_limit_reached";
  size: Generated<number>;
  provider: string;
  providerItemId: string | null;
  externalFileUrl: string | null;
  externalFileId: string | null;
  storageKey: string | null;
  contentType: string | null;
  sourceUrl: string | null;
  numOfChunks: Generated<number>;
  error: string | null;
  errorDetails: string | null;
  progress: JSONColumnType<Record<string, unknown> | null, string | null, string | null>;
  attempts: Generated<number>;
  generation: Generated<number>;
  indexedGeneration: number | null;
  runAfter: Generated<Date>;
  leaseUntil: Timestamp | null;
  lastSyncedAt: Timestamp | null;
  /** Whose connection a connector item is read with (migration 0014); null for our own items. */
  connectorUserId: Generated<string | null>;
  createdAt: Generated<Date>;
  updatedAt: Generated<Date>;
};

/** A builder's connection to a connector provider, tokens sealed (migration 0014). */
export type ConnectorAccountsTable = {
  id: string;
  userId: string;
  provider: string;
  accountName: string | null;
  workspaceId: string | null;
  /** AES-256-GCM sealed JSON of the OAuth tokens (features/connectors/seal-tokens.ts). */
  sealedTokens: string;
  expiresAt: Timestamp | null;
  createdAt: Generated<Date>;
  updatedAt: Generated<Date>;
};

/** One embedded chunk's vector as one sign bit per dimension (migration 0016). */
export type ContextChunkSignsTable = {
  chunkId: string;
  itemId: string;
  appId: string;
  generation: number;
  /** A bit string ('0101…'), one bit per dimension: 1 where the value is positive. */
  signs: string;
};

/** A searchable piece of a context item's text (migration 0012). */
export type ContextChunksTable = {
  id: string;
  itemId: string;
  appId: string;
  generation: number;
  position: number;
  start: number;
  end: number;
  locator: string | null;
  text: string;
  search: string;
  /** The embedding as real[] (searched by an exact scan) where the database has no pgvector. */
  embedding: number[] | null;
  /**
   * The embedding as a pgvector `vector`, where the database has pgvector (the embedded
   * database always; a server when the extension is installed). The column exists only
   * there: it is added at boot (apps/server prepare-vector-search.ts), not by a migration.
   */
  embeddingVec?: ColumnType<string | null, string | null | undefined, string | null>;
};

/** Runs per app, hashed client address and day or week window (the per-IP limits). */
export type RunCountersTable = {
  appId: string;
  ipHash: string;
  window: string;
  count: Generated<number>;
  expiresAt: Timestamp;
};

/** Remembered answers of 'memorize' fields, per end user. */
export type AppUserMemoriesTable = {
  appId: string;
  appUserId: string;
  fieldName: string;
  label: string;
  value: ColumnType<unknown, string, string>;
  updatedAt: Generated<Date>;
};

/** End users of one app (identities are scoped per app). */
export type AppUsersTable = {
  id: string;
  appId: string;
  email: string;
  name: Generated<string>;
  passwordHash: string;
  emailVerified: Generated<boolean>;
  role: Generated<string>;
  /** The generation current app tokens of this user carry (moved on by logout and reset). */
  tokenGeneration: Generated<number>;
  /** Set by the app's builder: no sign-in, and no token of this user counts. */
  disabled: Generated<boolean>;
  /** Last login or token use, kept to within a few minutes (touch-app-user-seen.ts). */
  lastSeenAt: Timestamp | null;
  data: JSONColumnType<Record<string, unknown>, string | undefined, string>;
  createdAt: Generated<Date>;
  updatedAt: Generated<Date>;
};

export type AppUserTokensTable = {
  id: string;
  appUserId: string;
  kind: "verify" | "reset";
  tokenHash: string;
  expiresAt: Timestamp;
  usedAt: Timestamp | null;
  createdAt: Generated<Date>;
};

export type StoredFilesTable = {
  id: string;
  appId: string | null;
  key: string;
  name: string;
  contentType: string;
  size: number;
  private: Generated<boolean>;
  createdBy: string | null;
  createdAt: Generated<Date>;
};

/** A builder chat message (spec section 3 "Chat message"); JSON columns hold domain shapes. */
export type ChatMessagesTable = {
  id: string;
  seq: Generated<string>;
  appId: string;
  userId: string | null;
  role: "user" | "assistant";
  content: Generated<string>;
  status: "in_progress" | "ready" | "failed";
  parts: JSONColumnType<unknown[], string | undefined, string>;
  actions: JSONColumnType<unknown[], string | undefined, string>;
  groups: JSONColumnType<unknown[], string | undefined, string>;
  annotations: JSONColumnType<Record<string, unknown>, string | undefined, string>;
  attachments: JSONColumnType<unknown[], string | undefined, string>;
  toolInvocations: JSONColumnType<unknown[], string | undefined, string>;
  leaseUntil: Timestamp | null;
  createdAt: Generated<Date>;
  updatedAt: Generated<Date>;
};

/** One model turn's usage record, kept for sums per app and account. */
export type ChatUsageTable = {
  id: string;
  appId: string;
  userId: string | null;
  messageId: string;
  record: JSONColumnType<Record<string, unknown>, string, string>;
  totalTokens: number;
  totalCost: number;
  createdAt: Generated<Date>;
};

/** Instance-wide settings changed at run time by an admin (key → JSON value). */
export type PlatformSettingsTable = {
  key: string;
  value: JSONColumnType<Record<string, unknown>, string, string>;
  updatedAt: Generated<Date>;
};

/** A builder's request for a plan, granted or declined by an admin (migration 0006). */
export type PlanRequestsTable = {
  id: string;
  userId: string;
  planId: string;
  status: ColumnType<"pending" | "granted" | "declined", "pending" | "granted" | "declined" | undefined>;
  createdAt: Generated<Date>;
  resolvedAt: Date | null;
  resolvedBy: string | null;
};

export type Database = {
  users: UsersTable;
  sessions: SessionsTable;
  auth_accounts: AuthAccountsTable;
  verifications: VerificationsTable;
  accounts: AccountsTable;
  apps: AppsTable;
  mails: MailsTable;
  login_attempts: LoginAttemptsTable;
  rate_limit_hits: RateLimitHitsTable;
  entity_schemas: EntitySchemasTable;
  entity_rows: EntityRowsTable;
  entity_changes: EntityChangesTable;
  app_blobs: AppBlobsTable;
  app_versions: AppVersionsTable;
  app_builds: AppBuildsTable;
  build_artifacts: BuildArtifactsTable;
  production_bundles: ProductionBundlesTable;
  saved_app_versions: SavedAppVersionsTable;
  app_users: AppUsersTable;
  app_user_tokens: AppUserTokensTable;
  stored_files: StoredFilesTable;
  chat_messages: ChatMessagesTable;
  chat_usage: ChatUsageTable;
  platform_settings: PlatformSettingsTable;
  plan_requests: PlanRequestsTable;
  tool_runs: ToolRunsTable;
  run_counters: RunCountersTable;
  app_user_memories: AppUserMemoriesTable;
  assistant_messages: AssistantMessagesTable;
  context_items: ContextItemsTable;
  context_chunks: ContextChunksTable;
  context_chunk_signs: ContextChunkSignsTable;
  connector_accounts: ConnectorAccountsTable;
  app_api_keys: AppApiKeysTable;
};
