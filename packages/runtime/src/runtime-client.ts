import { type Client, createClient } from "@liftoff/sdk";
import { postToHost } from "./frame-bridge.ts";

export type RuntimeConfig = {
  appId: string;
  versionId?: string;
  /** The app's name from its settings (renaming the app renames it in the app, no code change). */
  appName?: string;
  /** The platform's origin; defaults to the frame document's own (see platformOrigin). */
  apiBase?: string;
};

type State = { config: RuntimeConfig | null; token: string | null; client: Client | null };
const state: State = { config: null, token: null, client: null };

/**
 * The platform origin seen from inside the frame. An opaque-origin frame reports "null"
 * for `self.origin`, but its document URL is still the platform's /runtime/frame.
 */
export function platformOrigin(doc: Document = document): string {
  return new URL(doc.baseURI).origin;
}

export function configureRuntime(config: RuntimeConfig): void {
  state.config = config;
  state.client = null;
}

/** The app's name as its settings hold it when this frame was served ("" before start). */
export function appName(): string {
  return state.config?.appName ?? "";
}

export function setToken(token: string | null): void {
  state.token = token;
}

export function currentToken(): string | null {
  return state.token;
}

/**
 * The SDK client, created on first use: app modules evaluate `entities.Task` at import
 * time, before `start` has the host's token, so every API object below delegates here
 * at call time instead of holding a client.
 */
export function runtimeClient(): Client {
  if (state.client) return state.client;
  const config = state.config;
  if (!config)
    throw new Error("The app runtime is not started yet: call start(app, {appId}) before using the client");
  state.client = createClient({
    baseUrl: (config.apiBase ?? platformOrigin()).replace(/\/+$/, ""),
    appId: config.appId,
    getToken: () => state.token,
    onLogout: () => {
      state.token = null;
    },
    // A password login or sign-up made by the app's own form: the frame keeps that token.
    onToken: (token) => {
      state.token = token;
    },
    // Inside the frame, navigating to the login page is the host's job.
    onRedirectToLogin: (nextUrl) => requestLogin(nextUrl),
  });
  return state.client;
}

/** The current in-app path, for login's `nextPath`; the router keeps it up to date. */
let currentPath = "/";
export function setCurrentPath(path: string): void {
  currentPath = path;
}
export function getCurrentPath(): string {
  return currentPath;
}

/**
 * Asks the host for its login page. Only in-app paths are passed on: apps often hand over
 * `window.location.href`, which inside the frame is the frame document, not a page.
 */
export function requestLogin(nextPath?: string): void {
  const next =
    typeof nextPath === "string" && nextPath.startsWith("/") && !nextPath.startsWith("//")
      ? nextPath
      : currentPath;
  postToHost({ type: "login", nextPath: next });
}
