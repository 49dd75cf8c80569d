import type { Diagnostic } from "@liftoff/domain";
import type { Metafile } from "esbuild";
import { APP_NAMESPACE } from "./esbuild-diagnostic.ts";
import { unresolvedMessage } from "./unresolved-message.ts";

function positionOf(content: string, specifier: string): { line: number; column: number } {
  let index = -1;
  for (const quote of ['"', "'", "`"]) {
    const at = content.indexOf(`${quote}${specifier}${quote}`);
    if (at >= 0 && (index < 0 || at < index)) index = at;
  }
  if (index < 0) return { line: 1, column: 1 };
  const lines = content.slice(0, index).split("\n");
  return { line: lines.length, column: lines[lines.length - 1]!.length + 1 };
}

/**
 * External imports the import map cannot serve. esbuild's `external` option also lets
 * through subpaths of a vendor package (`lodash/get`), so the bundle's metafile is checked
 * against the exact specifiers of the map; the position is that of the quoted specifier.
 */
export function externalImportDiagnostics(
  metafile: Metafile,
  files: Record<string, string>,
  externals: Set<string>,
): Diagnostic[] {
  const prefix = `${APP_NAMESPACE}:`;
  const out: Diagnostic[] = [];
  for (const [input, { imports }] of Object.entries(metafile.inputs)) {
    if (!input.startsWith(prefix)) continue;
    const file = input.slice(prefix.length);
    for (const imported of imports) {
      if (!imported.external || externals.has(imported.path)) continue;
      out.push({
        file,
        ...positionOf(files[file] ?? "", imported.original ?? imported.path),
        message: unresolvedMessage(imported.path),
        severity: "error",
        detectorId: "unresolved-import",
      });
    }
  }
  return out;
}
