import type { Diagnostic } from "@liftoff/domain";
import type { Message } from "esbuild";
import { unresolvedMessage } from "./unresolved-message.ts";

export const APP_NAMESPACE = "app";
export const ENTRY_NAMESPACE = "liftoff-entry";

/** esbuild columns count UTF-8 bytes; the editor counts characters. */
function characterColumn(lineText: string, byteColumn: number): number {
  return Buffer.from(lineText, "utf8").subarray(0, byteColumn).toString("utf8").length;
}

const NOT_RESOLVED = /^Could not resolve "(.+)"$/;

function detectorOf(message: Message): string {
  if (NOT_RESOLVED.test(message.text)) return "unresolved-import";
  if (UNKNOWN_ENTITY_EXPORT.test(message.text)) return "unknown-entity";
  if (typeof message.detail === "string" && /^[a-z-]+$/.test(message.detail)) return message.detail;
  if (message.text.startsWith("No matching export")) return "missing-export";
  return message.id || "syntax";
}

const MISSING_DEFAULT = /^No matching export in "(?:[a-z-]+:)?([^"]+)" for import "default"$/;

/**
 * An esbuild error or warning as a diagnostic on an app file (file id, 1-based line and
 * column), or null when it is not about app code. The entry module's "no default export"
 * errors are moved onto the page or layout they are about.
 */
export function esbuildDiagnostic(message: Message, severity: Diagnostic["severity"]): Diagnostic | null {
  const location = message.location;
  // esbuild reports a plugin namespace as a "namespace:" prefix of `file`.
  if (location?.file.startsWith(`${ENTRY_NAMESPACE}:`)) {
    const missing = MISSING_DEFAULT.exec(message.text);
    if (!missing) return null;
    const file = missing[1]!;
    const what = file.startsWith("pages/") ? "A page" : "The layout";
    return {
      file,
      line: 1,
      column: 1,
      message: `${what} must have a default export (export default function ${componentName(file)}() {…})`,
      severity: "error",
      detectorId: "missing-default-export",
    };
  }
  const prefix = `${APP_NAMESPACE}:`;
  if (!location?.file.startsWith(prefix)) {
    // Only reachable through a compiler bug; still reported, never thrown.
    return severity === "error"
      ? { file: "", line: 1, column: 1, message: message.text, severity, detectorId: detectorOf(message) }
      : null;
  }
  const file = location.file.slice(prefix.length);
  return {
    file,
    line: location.line,
    column: characterColumn(location.lineText, location.column) + 1,
    message: messageText(message),
    severity,
    detectorId: detectorOf(message),
  };
}

/** `import { Invoice } from "@/api/entities"` when the app has no entity Invoice. */
const UNKNOWN_ENTITY_EXPORT =
  /^No matching export in "liftoff-virtual:(@\/api\/entities)" for import "(.+)"$/;

/** esbuild's messages about app code in our words (file ids, not virtual paths). */
function messageText(message: Message): string {
  const unresolved = NOT_RESOLVED.exec(message.text);
  if (unresolved) return unresolvedMessage(unresolved[1]!);
  const entity = UNKNOWN_ENTITY_EXPORT.exec(message.text);
  if (entity) return `Unknown entity '${entity[2]}' in '${entity[1]}'`;
  return message.text.replace(/"app:([^"]+)"/g, '"$1"').replace(/"liftoff-virtual:([^"]+)"/g, '"$1"');
}

function componentName(file: string): string {
  const base = file.slice(file.lastIndexOf("/") + 1);
  const name = base.slice(0, base.indexOf("."));
  return name === "layout" ? "Layout" : name;
}
