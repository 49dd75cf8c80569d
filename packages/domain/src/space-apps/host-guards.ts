import type { AppUserAuthResponse } from "./app-users.ts";
import type { HostBoot } from "./host-boot-schema.ts";
import type { AppRuntimeError, FrameMessage } from "./runtime-bridge.ts";
import { APP_ERROR_SCOPES } from "./runtime-bridge-guards.ts";
import type { RuntimeBundle } from "./runtime-bundle.ts";

// The published app's host page (apps/web/src/host, what every visitor loads first) reads
// these without zod on purpose, as the frame does (runtime-bridge-guards.ts): a module
// holding zod schemas brings all of zod along (~77 KB brotli of a page whose budget is
// 300 KB in all). host-guards.test.ts checks each against its zod schema, which stays the
// contract (runtime-bridge.ts, host-boot.ts, runtime-bundle.ts, app-users.ts).

type Fields = Record<string, unknown>;
const isObject = (value: unknown): value is Fields =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === "string";
const isBoundedString = (value: unknown, max: number, min = 0): value is string =>
  isString(value) && value.length >= min && value.length <= max;
const isStringOrNull = (value: unknown): value is string | null => value === null || isString(value);

function appError(value: unknown): AppRuntimeError | null {
  if (!isObject(value)) return null;
  const { title, details, componentName, scope } = value;
  if (!isBoundedString(title, 500) || !isBoundedString(details, 10_000)) return null;
  if (!isBoundedString(componentName, 200)) return null;
  if (!(APP_ERROR_SCOPES as readonly unknown[]).includes(scope)) return null;
  return { title, details, componentName, scope: scope as AppRuntimeError["scope"] };
}

/**
 * A message from an app's frame (frameMessageSchema) with only its own fields, or null when
 * it is not one. The frame runs untrusted code: every field is checked, lengths included.
 */
export function parseFrameMessage(data: unknown): FrameMessage | null {
  if (!isObject(data) || data.source !== "liftoff-frame") return null;
  const source = "liftoff-frame" as const;
  switch (data.type) {
    case "ready":
      return { source, type: "ready" };
    case "rendered":
      return isString(data.page) ? { source, type: "rendered", page: data.page } : null;
    case "error": {
      const error = appError(data.error);
      return error ? { source, type: "error", error } : null;
    }
    case "navigate":
      return isBoundedString(data.path, 2000) ? { source, type: "navigate", path: data.path } : null;
    case "login":
      return isBoundedString(data.nextPath, 2000) ? { source, type: "login", nextPath: data.nextPath } : null;
    case "logout":
      if (data.redirectPath === undefined) return { source, type: "logout" };
      return isBoundedString(data.redirectPath, 2000)
        ? { source, type: "logout", redirectPath: data.redirectPath }
        : null;
    case "storage":
      if (!isBoundedString(data.key, 200)) return null;
      if (!(data.value === null || isBoundedString(data.value, 100_000))) return null;
      return { source, type: "storage", key: data.key, value: data.value };
    case "open":
      return isBoundedString(data.url, 4000) ? { source, type: "open", url: data.url } : null;
    default:
      return null;
  }
}

// Same-origin /runtime/ paths only (frameRelaySchema): segments never start with a dot.
const RUNTIME_PATH = /^\/runtime(?:\/[A-Za-z0-9_~-][A-Za-z0-9._~-]*)+$/;
const isRuntimePath = (value: unknown, max: number): value is string =>
  isBoundedString(value, max) && RUNTIME_PATH.test(value);

/** The server's boot data in a host page (hostBootSchema), or null when it is not that. */
export function parseHostBoot(data: unknown): HostBoot | null {
  if (!isObject(data)) return null;
  const { appId, slug, versionId, channel, name, icon, showWatermark, relay } = data;
  if (!isBoundedString(appId, 100, 1) || !isBoundedString(slug, 100, 1)) return null;
  if (!isBoundedString(versionId, 100, 1) || channel !== "published") return null;
  if (!isBoundedString(name, 500) || !(icon === null || isBoundedString(icon, 100_000))) return null;
  if (typeof showWatermark !== "boolean") return null;
  const boot: HostBoot = { appId, slug, versionId, channel, name, icon, showWatermark };
  if (relay === undefined) return boot;
  if (!isObject(relay)) return null;
  if (!isRuntimePath(relay.pack, 4000) || !isRuntimePath(relay.css, 200)) return null;
  if (relay.js !== undefined && !isRuntimePath(relay.js, 200)) return null;
  const js = relay.js === undefined ? {} : { js: relay.js };
  return { ...boot, relay: { pack: relay.pack, ...js, css: relay.css } };
}

const APP_STRING_FIELDS = [
  "id",
  "slug",
  "name",
  "description",
  "termsOfServiceLink",
  "privacyPolicyLink",
  "supportEmail",
] as const;

/** The public details of an app (runtimeBundleSchema's `app`), each field checked when present. */
export function parsePublicAppInfo(data: unknown): Partial<RuntimeBundle["app"]> | null {
  if (!isObject(data)) return null;
  const out: Fields = {};
  for (const key of APP_STRING_FIELDS) {
    if (data[key] === undefined) continue;
    if (!isString(data[key])) return null;
    out[key] = data[key];
  }
  for (const key of ["icon", "mainPage"] as const) {
    if (data[key] === undefined) continue;
    if (!isStringOrNull(data[key])) return null;
    out[key] = data[key];
  }
  for (const key of ["isSignupEnabled", "showWatermark"] as const) {
    if (data[key] === undefined) continue;
    if (typeof data[key] !== "boolean") return null;
    out[key] = data[key];
  }
  return out as Partial<RuntimeBundle["app"]>;
}

/**
 * GET /runtime/bundle's answer (runtimeBundleSchema), or null. The host checks every field
 * it reads itself; the entity schemas and packages pass through as the server sent them
 * (objects and arrays checked, their insides not): the answer comes from the platform's
 * own origin, and the frame that uses them checks what it reads.
 */
export function parseRuntimeBundle(data: unknown): RuntimeBundle | null {
  if (!isObject(data)) return null;
  const app = parsePublicAppInfo(data.app);
  if (!app || Object.keys(app).length !== APP_STRING_FIELDS.length + 4) return null;
  const { versionId, channel, frameGrant, assets, pages, entities, installed_packages } = data;
  if (!isString(versionId) || (channel !== "published" && channel !== "draft")) return null;
  if (frameGrant !== undefined && !isString(frameGrant)) return null;
  if (!isObject(assets) || !isStringOrNull(assets.js) || !isStringOrNull(assets.css)) return null;
  if (!Array.isArray(pages) || !pages.every(isString)) return null;
  if (!isObject(entities) || !Object.values(entities).every((e) => isObject(e) && isObject(e.schema))) {
    return null;
  }
  if (!(data.user_entity === null || isObject(data.user_entity))) return null;
  if (!Array.isArray(installed_packages) || !installed_packages.every(isObject)) return null;
  const diagnostics = data.diagnostics;
  if (!Array.isArray(diagnostics)) return null;
  for (const d of diagnostics) {
    if (!isObject(d) || !isString(d.file) || !isString(d.message)) return null;
    if (typeof d.line !== "number" || typeof d.column !== "number") return null;
  }
  return {
    app: app as RuntimeBundle["app"],
    versionId,
    channel,
    ...(frameGrant === undefined ? {} : { frameGrant }),
    assets: { js: assets.js, css: assets.css },
    pages,
    entities: entities as RuntimeBundle["entities"],
    user_entity: data.user_entity as RuntimeBundle["user_entity"],
    installed_packages: installed_packages as RuntimeBundle["installed_packages"],
    diagnostics: diagnostics as RuntimeBundle["diagnostics"],
  };
}

const USER_STRING_FIELDS = ["id", "email", "full_name", "name", "role", "createdAt"] as const;

/** An end user's sign-up, sign-in or verify answer (appUserAuthResponseSchema), or null. */
export function parseAppUserAuthResponse(data: unknown): AppUserAuthResponse | null {
  if (!isObject(data) || !isString(data.token) || !isObject(data.user)) return null;
  const user = data.user;
  if (!USER_STRING_FIELDS.every((key) => isString(user[key]))) return null;
  if (typeof user.emailVerified !== "boolean") return null;
  // The app's own user fields come along (the schema's catchall).
  return { token: data.token, user: { ...user } as AppUserAuthResponse["user"] };
}

/** `{ok: true}` (okSchema), or null. */
export function parseOk(data: unknown): { ok: true } | null {
  return isObject(data) && data.ok === true ? { ok: true } : null;
}
