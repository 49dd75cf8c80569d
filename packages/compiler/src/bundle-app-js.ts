import type { Diagnostic } from "@liftoff/domain";
import { type BuildOptions, build, type Message } from "esbuild";
import { appResolverPlugin, type BundleSource } from "./app-resolver-plugin.ts";
import { checkFileSyntax } from "./check-file-syntax.ts";
import { APP_NAMESPACE, esbuildDiagnostic } from "./esbuild-diagnostic.ts";
import { externalImportDiagnostics } from "./external-import-diagnostics.ts";

export type BundleResult = { js: string | null; diagnostics: Diagnostic[] };

/** esbuild options of an app bundle. */
export function bundleOptions(source: BundleSource): BuildOptions {
  return {
    entryPoints: ["liftoff:entry"],
    bundle: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    write: false,
    outfile: "app.js",
    jsx: "automatic",
    jsxImportSource: "react",
    // Readable output: component names stay intact for error reports, and esbuild's
    // "// app:pages/Home.jsx" module comments say where code came from.
    minify: false,
    legalComments: "none",
    charset: "utf8",
    define: { "process.env.NODE_ENV": '"production"' },
    logLevel: "silent",
    logLimit: 0,
    // Vendor specifiers stay imports, for the frame's import map. esbuild also lets their
    // subpaths and any `@/components/ui/*` through; externalImportDiagnostics rejects
    // those the map does not have.
    external: [
      ...[...source.externals].filter((s) => !s.startsWith("@/components/ui/")),
      "@/components/ui/*",
    ],
    metafile: true,
    plugins: [appResolverPlugin(source)],
  };
}

/** Messages (errors, then warnings) → diagnostics on app files, deduplicated. */
export function bundleDiagnostics(errors: Message[], warnings: Message[]): Diagnostic[] {
  const seen = new Set<string>();
  const out: Diagnostic[] = [];
  for (const [list, severity] of [
    [errors, "error"],
    [warnings, "warning"],
  ] as const) {
    for (const message of list) {
      const diagnostic = esbuildDiagnostic(message, severity);
      if (!diagnostic) continue;
      const key = `${diagnostic.file}:${diagnostic.line}:${diagnostic.column}:${diagnostic.message}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(diagnostic);
    }
  }
  return out;
}

/**
 * Syntax diagnostics of the script files the bundle did not parse: `parsed` are the
 * bundle's inputs when it succeeded; after a failure, files with an error are skipped.
 */
async function unbundledDiagnostics(
  source: BundleSource,
  parsed: Set<string> | null,
  reported: Diagnostic[],
): Promise<Diagnostic[]> {
  const withErrors = new Set(reported.filter((d) => d.severity === "error").map((d) => d.file));
  const rest = Object.keys(source.files).filter(
    (id) => !id.endsWith(".css") && !(parsed ? parsed.has(id) : withErrors.has(id)),
  );
  const found = await Promise.all(rest.map((id) => checkFileSyntax(id, source.files[id]!)));
  return found.flat();
}

/**
 * Bundles an app in one esbuild build: a failed bundle is diagnostics, never a throw.
 * A fresh build each time: a reused esbuild context saved only ~5 of ~20 ms here (plugin
 * callbacks run on every rebuild anyway) and would keep esbuild's process referenced.
 */
export async function bundleAppJs(source: BundleSource): Promise<BundleResult> {
  let js: string | null = null;
  let diagnostics: Diagnostic[];
  let parsed: Set<string> | null = null;
  try {
    const result = await build(bundleOptions(source));
    diagnostics = bundleDiagnostics([], result.warnings);
    const outside = externalImportDiagnostics(result.metafile!, source.files, source.externals);
    diagnostics.push(...outside);
    js = outside.length ? null : (result.outputFiles?.[0]?.text ?? "");
    const prefix = `${APP_NAMESPACE}:`;
    parsed = new Set(
      Object.keys(result.metafile?.inputs ?? {})
        .filter((input) => input.startsWith(prefix))
        .map((input) => input.slice(prefix.length)),
    );
  } catch (error) {
    const failure = error as { errors?: Message[]; warnings?: Message[] };
    if (!Array.isArray(failure.errors)) throw error;
    diagnostics = bundleDiagnostics(failure.errors, failure.warnings ?? []);
  }
  diagnostics.push(...(await unbundledDiagnostics(source, parsed, diagnostics)));
  return { js, diagnostics };
}
