// The production bundle of one published app: its compiled module, the runtime and exactly
// the vendor code they use, in ONE esbuild build with tree shaking — what a Vite build of
// the app would ship. The vendor set (build-vendor.mjs) holds whole libraries so that any
// app can import anything from its import map at once (the builder's preview); a visitor
// of a published app should download only what that app uses (lucide-react alone is
// 208 KB gzip whole, a few hundred bytes per icon used).
//
// The bundle's entry exports `start` with the runtime's signature, so it stands in for
// `@liftoff/runtime` in a relayed frame's import map: the frame's own start script passes
// its app module loader, which the bundle ignores for the app it carries. The app is a
// dynamic import split into its own chunk, so it is evaluated only after the host's
// `init` (seeded storage, the token), as `start` requires, and a throw while evaluating it
// is reported by the runtime like a module that failed to load. (Without splitting,
// esbuild would wrap the app and everything it reaches in lazy initialisers, which keeps
// whole barrels alive: 245 instead of about 140 KB brotli for the bench's app.)
//
// Chunks import each other by bare specifier (`@liftoff/app/<file>`), listed in the
// pack's `imports`: relayed as blob: URLs, they have no base a "./chunk.js" could be
// resolved against (the vendor set does the same, docs/space-apps.md "Relayed modules").
import { VENDOR_BUILD_OPTIONS, vendorEntries } from "./build-vendor.mjs";

let shared = null;

/** The vendor entries and plugins, computed once per process. */
function sharedEntries(esbuild) {
  if (!shared)
    shared = vendorEntries(esbuild).catch((error) => {
      shared = null;
      throw error;
    });
  return shared;
}

/** The bare specifier prefix of the bundle's chunks in the frame's import map. */
export const APP_CHUNK_PREFIX = "@liftoff/app/";

/**
 * Bundles `appJs` (a build's app module, whose imports are bare vendor specifiers) with
 * the runtime, as a relay pack: `modules` by URL or specifier (the entry under
 * `runtimeUrl`, the runtime's own URL in the vendor import map), and `imports`, the
 * relayed frame's whole import map: `@liftoff/runtime` → the entry, and the chunks. Only specifiers of the vendor set resolve:
 * anything else the app module names (a relative path, a file, a URL, a Node built-in)
 * stays an external import that fails in the browser as it would have in the frame —
 * never a file of this server read into a public bundle.
 */
export async function bundleAppForProduction({ appJs, runtimeUrl }) {
  const esbuild = await import("esbuild");
  const { entries, plugins } = await sharedEntries(esbuild);
  const appPlugin = {
    name: "liftoff-app",
    setup(build) {
      build.onResolve({ filter: /^liftoff-(app|entry):main$/ }, (args) => ({
        path: "main",
        namespace: args.path.slice(0, args.path.indexOf(":")),
      }));
      build.onLoad({ filter: /.*/, namespace: "liftoff-entry" }, () => ({ contents: ENTRY, loader: "js" }));
      build.onLoad({ filter: /.*/, namespace: "liftoff-app" }, () => ({ contents: appJs, loader: "js" }));
      // Every import of the app module: a vendor specifier or an external.
      build.onResolve({ filter: /.*/, namespace: "liftoff-app" }, (args) =>
        entries.has(args.path)
          ? { path: args.path, namespace: "vendor-entry" }
          : { path: args.path, external: true },
      );
    },
  };
  const result = await esbuild.build({
    ...VENDOR_BUILD_OPTIONS,
    entryPoints: [{ in: "liftoff-entry:main", out: "start" }],
    plugins: [appPlugin, ...plugins],
    splitting: true,
    outdir: "/liftoff-app",
    entryNames: "[name]-[hash]",
    chunkNames: "chunk-[hash]",
    write: false,
  });
  const files = new Map(result.outputFiles.map((file) => [file.path.split("/").pop(), file.text]));
  const entryName = [...files.keys()].find((name) => name.startsWith("start-"));
  if (!entryName) throw new Error("bundle-app: esbuild produced no entry");
  const modules = {};
  // The frame's start script imports "@liftoff/runtime": the entry stands in for it.
  const imports = { "@liftoff/runtime": runtimeUrl };
  for (const [name, code] of [...files].sort(([a], [b]) => a.localeCompare(b))) {
    const rewritten = code.replace(/(["'])\.\/([\w.-]+\.js)\1/g, (match, quote, file) =>
      files.has(file) ? `${quote}${APP_CHUNK_PREFIX}${file}${quote}` : match,
    );
    if (name === entryName) modules[runtimeUrl] = rewritten;
    else {
      modules[`${APP_CHUNK_PREFIX}${name}`] = rewritten;
      imports[`${APP_CHUNK_PREFIX}${name}`] = `${APP_CHUNK_PREFIX}${name}`;
    }
  }
  return { modules, imports };
}

const ENTRY = `import { start as startRuntime } from "vendor-entry:@liftoff/runtime";
export function start(_source, config) {
  return startRuntime(() => import("liftoff-app:main"), config);
}
`;
