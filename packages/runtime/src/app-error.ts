import { type AppRuntimeError, appErrorKey } from "@liftoff/domain";

type Scope = AppRuntimeError["scope"];

/**
 * The component an error happened in, from React's component stack ("\n    at Broken
 * (http://…)\n    at div\n    at Page …"): the innermost PascalCase name, since host
 * elements (div) and anonymous frames say nothing to the person fixing the app.
 */
export function componentNameFromStack(componentStack: string | null | undefined): string {
  for (const line of (componentStack ?? "").split("\n")) {
    const match = /^\s*(?:at\s+)?([A-Za-z_$][\w$.]*)/.exec(line);
    const name = match?.[1]?.split(".").pop();
    if (name && /^[A-Z]/.test(name) && !INTERNAL_COMPONENTS.has(name)) return name;
  }
  return "";
}

// The runtime's own wrappers show up in component stacks; they are never the culprit.
const INTERNAL_COMPONENTS = new Set([
  "PageErrorBoundary",
  "RootErrorBoundary",
  "AppShell",
  "AppRoot",
  "RouteSync",
  "RenderedSignal",
  "QueryClientProvider",
  "TooltipProvider",
  "MemoryRouter",
  "Router",
]);

/**
 * The innermost PascalCase function in an Error's stack ("at Broken (…)" or "Broken@…")
 * that is app code: frames from the vendor modules are skipped, since minified names
 * there ("Xo") would point at React or the kit rather than the app's component.
 */
function componentFromErrorStack(stack: string | undefined): string {
  for (const line of (stack ?? "").split("\n")) {
    if (line.includes("/runtime/vendor/")) continue;
    const match =
      /^\s*at\s+(?:new\s+)?([A-Za-z_$][\w$.]*)\s+\(/.exec(line) ?? /^([A-Za-z_$][\w$.]*)@/.exec(line);
    const name = match?.[1]?.split(".").pop();
    if (name && /^[A-Z]/.test(name)) return name;
  }
  return "";
}

/** Any thrown value as an App error (title = the message, details = the stack). */
export function toAppError(
  error: unknown,
  scope: Scope,
  options: { componentName?: string; componentStack?: string | null } = {},
): AppRuntimeError {
  const isError = error instanceof Error;
  const message = isError ? error.message || error.name : describe(error);
  const stack = isError ? (error.stack ?? "") : "";
  const componentName =
    options.componentName ||
    componentNameFromStack(options.componentStack) ||
    (isError ? componentFromErrorStack(stack) : "") ||
    "App";
  const details = [
    stack || message,
    options.componentStack ? `Component stack:${options.componentStack}` : "",
  ]
    .filter(Boolean)
    .join("\n\n");
  // Within appErrorSchema's limits by construction (checked in app-error.test.ts).
  return {
    title: clip(message || "Unknown error", 500),
    details: clip(details, 10_000),
    componentName: clip(componentName, 200),
    scope,
  };
}

function describe(value: unknown): string {
  if (typeof value === "string") return value;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** Sends each distinct App error once (same title and component = same error). */
export function createErrorReporter(send: (error: AppRuntimeError) => void) {
  const seen = new Set<string>();
  return (error: AppRuntimeError): boolean => {
    const key = appErrorKey(error);
    if (seen.has(key)) return false;
    seen.add(key);
    send(error);
    return true;
  };
}
