import type { AuthUser, Client, EntityHandle, Integrations } from "@liftoff/sdk";

type SignupInput = Parameters<Client["auth"]["signup"]>[0];

import { postToHost } from "./frame-bridge.ts";
import { appName, requestLogin, runtimeClient } from "./runtime-client.ts";

/**
 * What the app knows about itself (`@/api/app`): its name comes from the app's settings,
 * so a template or generated layout shows the builder's name, never a hard-coded brand.
 * A getter, read at render time, since modules load before the runtime starts.
 */
export const appInfo = {
  get name(): string {
    return appName();
  },
};

/**
 * What the compiler's virtual modules import (`@/api/entities`, `@/api/integrations`,
 * `@/api/client`, `@/entities/User`). Each object delegates to the SDK client at call time,
 * so apps can take `entities.Task` at module level before the runtime has started.
 */
function lazyHandle(name: string): EntityHandle {
  return new Proxy({} as EntityHandle, {
    get(_target, property) {
      if (typeof property !== "string" || property === "then") return undefined;
      if (property === "name") return name;
      const handle = runtimeClient().entities[name] as Record<string, unknown> | undefined;
      const value = handle?.[property];
      return typeof value === "function" ? value.bind(handle) : value;
    },
  });
}

const handles = new Map<string, EntityHandle>();

export const entities: Record<string, EntityHandle> = new Proxy({} as Record<string, EntityHandle>, {
  get(_target, property) {
    if (typeof property !== "string" || property === "then") return undefined;
    if (property === "User") return User as unknown as EntityHandle;
    let handle = handles.get(property);
    if (!handle) {
      handle = lazyHandle(property);
      handles.set(property, handle);
    }
    return handle;
  },
});

type CoreCalls = Integrations["Core"];

/** `integrations.Core.InvokeLLM(...)`; also the bare names (`InvokeLLM`) the virtual module exports. */
export const Core: CoreCalls = new Proxy({} as CoreCalls, {
  get(_target, property) {
    if (typeof property !== "string" || property === "then") return undefined;
    // A wrapper, not the SDK's function: `InvokeLLM` is taken at import time, before start.
    return (params: Record<string, unknown>) =>
      runtimeClient().integrations.Core[property as keyof CoreCalls](params);
  },
});

export const integrations: Integrations = { Core };

/**
 * The signed-in end user. Going to the login page and signing out go through the host,
 * which owns the token and the browser URL; a password login or sign-up made by the app's
 * own form goes straight to the SDK, which hands the new token to the runtime.
 */
export const auth = {
  isAuthenticated: (): boolean => runtimeClient().auth.isAuthenticated(),
  me: (): Promise<AuthUser | null> => runtimeClient().auth.me(),
  updateMe: (data: Record<string, unknown>): Promise<AuthUser> => runtimeClient().auth.updateMe(data),
  async logout(redirectPath?: string): Promise<void> {
    // The SDK tells the server and forgets the token (onLogout); the host then forgets
    // its copy and shows the signed-out app.
    await runtimeClient().auth.logout();
    postToHost(redirectPath ? { type: "logout", redirectPath } : { type: "logout" });
  },
  async login(email?: string, password?: string): Promise<AuthUser | undefined> {
    if (typeof email === "string" && typeof password === "string")
      return runtimeClient().auth.login(email, password);
    requestLogin(email);
    return undefined;
  },
  signup: (input: SignupInput): Promise<AuthUser> => runtimeClient().auth.signup(input),
  redirectToLogin(nextPath?: string): void {
    requestLogin(nextPath);
  },
};

/** `User` from `@/entities/User` / `@/api/entities`: the auth calls under the entity-style name. */
export const User = auth;

export const client: Pick<Client, "entities" | "integrations"> & { auth: typeof auth } = {
  entities,
  integrations,
  auth,
};
