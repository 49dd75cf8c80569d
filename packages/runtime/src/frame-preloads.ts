import type { VendorManifest } from "@liftoff/domain";

/** `import … from "x"`, `export … from "x"` and `import "x"` in esbuild's ESM output. */
const STATIC_IMPORT = /(?:^|[;\n}])\s*(?:import|export)\s*(?:[^'";]*?\sfrom\s*)?["']([^"']+)["']/g;

/** The bare specifiers an app module imports statically (its vendor imports). */
export function bareImportsOf(js: string): string[] {
  const found = new Set<string>();
  for (const match of js.matchAll(STATIC_IMPORT)) {
    const specifier = match[1] as string;
    if (!specifier.startsWith(".") && !specifier.startsWith("/") && !/^[a-z]+:/.test(specifier))
      found.add(specifier);
  }
  return [...found].sort();
}

/**
 * Every module the frame will load before the app renders, as URLs: the runtime and the
 * app's vendor imports with their shared chunks (the vendor manifest's static closures),
 * and the app module itself. Listed as modulepreload links, the whole graph is fetched at
 * once instead of one import level at a time (three dependent waves without them).
 */
export function framePreloads(manifest: VendorManifest, appJs: string, appJsUrl: string): string[] {
  const urls = new Set<string>();
  for (const specifier of ["@liftoff/runtime", ...bareImportsOf(appJs)]) {
    const url = manifest.imports[specifier];
    if (!url) continue;
    urls.add(url);
    for (const dep of manifest.staticDeps?.[specifier] ?? []) urls.add(dep);
  }
  urls.add(appJsUrl);
  return [...urls];
}
