import type { BackoffOptions } from "./backoff-delay.ts";
import { type Auth, createAuth } from "./create-auth.ts";
import { createEntitiesProxy } from "./create-entities-proxy.ts";
import { createEntityHandle, type EntityHandle } from "./create-entity-handle.ts";
import { createHttpClient, type FetchLike } from "./create-http-client.ts";
import { createIntegrations, type Integrations } from "./create-integrations.ts";
import { invalidArgument } from "./invalid-argument.ts";

export type ClientOptions = {
  /** The platform's origin ('https://apps.example.com'), or '' for the page's own origin. */
  baseUrl: string;
  appId: string;
  /** The current bearer token; asked on every call, so a sign-in takes effect at once. */
  getToken?: () => string | null | undefined;
  /** Called by `auth.logout()` once the session is ended: forget the token here. */
  onLogout?: () => void;
  /** Called with the new app token after `auth.login(email, password)` or `auth.signup()`: keep it here. */
  onToken?: (token: string) => void;
  /** Replaces `auth.redirectToLogin`'s navigation (a sandboxed frame asks its host instead). */
  onRedirectToLogin?: (nextUrl: string | undefined) => void;
  /** Replaces the global fetch (tests, server-side rendering, an in-process server). */
  fetch?: FetchLike;
  /** Reconnection of `subscribe` streams; defaults 1 s doubling up to 30 s. */
  realtime?: Partial<BackoffOptions>;
};

export type Client<EntityName extends string = string> = {
  entities: Record<EntityName, EntityHandle>;
  auth: Auth;
  integrations: Integrations;
};

/**
 * The object a generated app talks to the platform through, in the call shapes of apps
 * exported from the leading app builder (`client.entities.Task.filter({done: false})`,
 * `client.auth.me()`, `client.integrations.Core.InvokeLLM({prompt})`), because those are
 * the shapes models already write fluently. Pass entity names as the type parameter
 * (`createClient<"Task" | "Note">`) to get non-optional `entities.Task` under
 * `noUncheckedIndexedAccess`.
 */
export function createClient<EntityName extends string = string>(options: ClientOptions): Client<EntityName> {
  if (typeof options?.baseUrl !== "string")
    throw invalidArgument("createClient needs baseUrl: the platform's origin, or '' for this page's origin");
  if (typeof options.appId !== "string" || options.appId === "")
    throw invalidArgument("createClient needs the app's id as appId");
  const http = createHttpClient({
    baseUrl: options.baseUrl,
    getToken: options.getToken,
    fetch: options.fetch,
  });
  const backoff: BackoffOptions = {
    initialDelayMs: options.realtime?.initialDelayMs ?? 1000,
    maxDelayMs: options.realtime?.maxDelayMs ?? 30_000,
  };
  return {
    entities: createEntitiesProxy<EntityName>((name) =>
      createEntityHandle({ http, appId: options.appId, name, backoff }),
    ),
    auth: createAuth({
      http,
      baseUrl: options.baseUrl,
      appId: options.appId,
      onLogout: options.onLogout,
      onToken: options.onToken,
      onRedirectToLogin: options.onRedirectToLogin,
    }),
    integrations: createIntegrations({ http, appId: options.appId }),
  };
}
