import type { Diagnostic } from "@liftoff/domain";
import { type Message, transform } from "esbuild";
import { loaderOf } from "./app-resolver-plugin.ts";
import { contentHash } from "./content-hash.ts";
import { APP_NAMESPACE, esbuildDiagnostic } from "./esbuild-diagnostic.ts";
import { LruMap } from "./lru-map.ts";

/** Parse results by file id + content: a pure function of both, so safe to share. */
const checked = new LruMap<string, Promise<Diagnostic[]>>(2000);

/**
 * Syntax errors of a file the bundle did not parse (no page imports it, or its importer
 * failed first). Reported as warnings: such a file does not stop the app from running,
 * but the editor still shows what is wrong with it.
 */
export function checkFileSyntax(fileId: string, content: string): Promise<Diagnostic[]> {
  const key = `${fileId}:${contentHash(content)}`;
  let found = checked.get(key);
  if (!found) {
    found = transform(content, {
      loader: loaderOf(fileId),
      jsx: "automatic",
      sourcefile: `${APP_NAMESPACE}:${fileId}`,
      logLevel: "silent",
      logLimit: 0,
    }).then(
      () => [],
      (error: { errors?: Message[] }) =>
        (error.errors ?? [])
          .map((message) => esbuildDiagnostic(message, "warning"))
          .filter((d): d is Diagnostic => d !== null),
    );
    checked.set(key, found);
  }
  return found;
}
