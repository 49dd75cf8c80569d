// The client SDK of generated apps. Runs in browsers: imports nothing but relative files
// and @liftoff/domain (for shared types and the identifier rule). The exports are the
// deliberate public surface; the helpers behind them stay private so they can change.
export type { BackoffOptions } from "./backoff-delay.ts";
export type { Auth, AuthUser } from "./create-auth.ts";
export { type Client, type ClientOptions, createClient } from "./create-client.ts";
export type { EntityHandle } from "./create-entity-handle.ts";
export type { FetchLike } from "./create-http-client.ts";
export {
  CORE_INTEGRATIONS,
  type CoreIntegrationName,
  type IntegrationCall,
  type Integrations,
} from "./create-integrations.ts";
export { createSseParser, type SseEvent, type SseParser } from "./create-sse-parser.ts";
export type { EntityFilter, EntitySort } from "./entity-query-params.ts";
export type { EntityChangeEvent, EntityData, EntityRecord, EntitySchemaInfo } from "./entity-record.ts";
export { NAMED_PARAMETERS_MESSAGE } from "./integration-request.ts";
export { SdkError, type SdkErrorInit } from "./sdk-error.ts";
export type { SubscribeOptions } from "./subscribe-to-entity.ts";
