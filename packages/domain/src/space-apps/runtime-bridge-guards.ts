import type { AppRuntimeError, HostMessage } from "./runtime-bridge.ts";

// The frame's side of the bridge (packages/runtime, in every app's frame) uses these. They
// are written without zod on purpose: a module holding zod schemas brings all of zod into
// the frame (~77 KB brotli, most of what it loaded). runtime-bridge-guards.test.ts checks
// them against the schemas in runtime-bridge.ts, which stay the contract.

export const APP_ERROR_SCOPES = ["render", "uncaught", "unhandledrejection", "module", "network"] as const;

/** App errors are the same error when title and component match (spec section 8). */
export function appErrorKey(error: Pick<AppRuntimeError, "title" | "componentName">): string {
  return `${error.componentName}\u0000${error.title}`;
}

const isString = (value: unknown): value is string => typeof value === "string";
const isStringOrNull = (value: unknown): value is string | null => value === null || isString(value);

function stringRecord(value: unknown): Record<string, string> | null {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
  const out: Record<string, string> = {};
  for (const [key, item] of Object.entries(value)) {
    if (!isString(item)) return null;
    out[key] = item;
  }
  return out;
}

/** A host message (hostMessageSchema) with only its own fields, or null when it is not one. */
export function parseHostMessage(data: unknown): HostMessage | null {
  if (typeof data !== "object" || data === null) return null;
  const message = data as Record<string, unknown>;
  if (message.source !== "liftoff-host") return null;
  switch (message.type) {
    case "init": {
      const storage = stringRecord(message.storage);
      if (!isStringOrNull(message.token) || !isString(message.path) || !storage) return null;
      if (typeof message.preview !== "boolean") return null;
      return {
        source: "liftoff-host",
        type: "init",
        token: message.token,
        path: message.path,
        storage,
        preview: message.preview,
      };
    }
    case "navigate":
      return isString(message.path) ? { source: "liftoff-host", type: "navigate", path: message.path } : null;
    case "token":
      return isStringOrNull(message.token)
        ? { source: "liftoff-host", type: "token", token: message.token }
        : null;
    default:
      return null;
  }
}
