import type { Diagnostic } from "@liftoff/domain";
import { AppStylesheets } from "./app-stylesheets.ts";
import { bundleAppJs } from "./bundle-app-js.ts";
import { CandidateScanner } from "./candidate-scanner.ts";
import type { CompileInput, CompileOptions, CompileResult, CompilerStats } from "./compiler-types.ts";
import { contentHash } from "./content-hash.ts";
import { appShape, chooseMainPage, entryModuleSource } from "./entry-module.ts";
import { LruMap } from "./lru-map.ts";

export type Compiler = {
  compile(input: CompileInput): Promise<CompileResult>;
  readonly stats: Readonly<CompilerStats>;
};

function inputKey(input: CompileInput): string {
  const files = Object.keys(input.files)
    .sort()
    .map((id) => [id, contentHash(input.files[id]!)]);
  // cacheKey too: a lineage's stylesheet may carry its own history, which no other app may see.
  return contentHash(
    JSON.stringify([files, [...input.entityNames].sort(), input.mainPage, input.cacheKey ?? null]),
  );
}

function byPosition(a: Diagnostic, b: Diagnostic): number {
  return a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column;
}

/**
 * A compiler for one vendor manifest, with its caches: whole results by input hash,
 * class candidates by file content, Tailwind compilers by theme + globals.css and
 * stylesheets by candidate set. Results are frozen because the cache shares them.
 */
export function createCompiler(options: CompileOptions): Compiler {
  const { vendor } = options;
  const stats: CompilerStats = {
    compiles: 0,
    resultCacheHits: 0,
    tailwindCompilers: 0,
    tailwindBuilds: 0,
    cssCacheHits: 0,
  };
  const results = new LruMap<string, Promise<CompileResult>>(64);
  const scanner = new CandidateScanner();
  const stylesheets = new AppStylesheets(stats);
  const externals = new Set(Object.keys(vendor.imports));

  async function run(input: CompileInput): Promise<CompileResult> {
    const shape = appShape(Object.keys(input.files));
    const pageNames = shape.pages.map(([name]) => name);
    const mainPage = chooseMainPage(pageNames, input.mainPage);
    const diagnostics: Diagnostic[] = [];
    if (!mainPage)
      diagnostics.push({
        file: "pages",
        line: 1,
        column: 1,
        message: "The app has no pages: add a page such as pages/Home.jsx",
        severity: "error",
        detectorId: "no-pages",
      });
    const candidates = scanner.candidatesOf(input.files);
    for (const candidate of vendor.candidates) candidates.add(candidate);
    const [bundle, styles] = await Promise.all([
      bundleAppJs({
        files: input.files,
        entityNames: input.entityNames,
        entrySource: entryModuleSource(shape, mainPage ?? ""),
        externals,
      }),
      stylesheets.build(
        vendor.themeCss,
        input.files["globals.css"] ?? null,
        candidates,
        input.cacheKey ?? null,
      ),
    ]);
    diagnostics.push(...bundle.diagnostics, ...styles.diagnostics);
    diagnostics.sort(byPosition);
    const failed = diagnostics.some((d) => d.severity === "error");
    if (failed || bundle.js === null || styles.css === null || !mainPage)
      return Object.freeze({ ok: false, artifacts: null, diagnostics });
    const artifacts = Object.freeze({
      js: bundle.js,
      css: styles.css,
      jsHash: contentHash(bundle.js),
      cssHash: contentHash(styles.css),
      pages: pageNames,
      mainPage,
    });
    return Object.freeze({ ok: true, artifacts, diagnostics });
  }

  return {
    stats,
    compile(input) {
      stats.compiles += 1;
      const key = inputKey(input);
      const cached = results.get(key);
      if (cached) {
        stats.resultCacheHits += 1;
        return cached;
      }
      const pending = run(input);
      results.set(key, pending);
      // An unexpected failure (a platform bug) must not be cached as the answer.
      pending.catch(() => results.delete(key));
      return pending;
    },
  };
}
