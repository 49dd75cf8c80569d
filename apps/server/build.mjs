// Bundles the server into dist/main.js. Our workspace packages (TypeScript source) are
// bundled in; third-party packages stay external and load from node_modules. The options
// are exported so bench/entities/profile.ts bundles exactly what production runs.
//
// Worker threads are separate entry files, found next to the bundle by the same relative
// URL as next to their source (new URL("./pglite-host.mjs", import.meta.url)).
const WORKER_FILES = [
  fileURLToPath(new URL("../../packages/db/src/pglite-host.mjs", import.meta.url)),
  fileURLToPath(new URL("../../packages/knowledge/src/extract/parser-thread.mjs", import.meta.url)),
];

import { copyFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

export function serverBuildOptions({ entry = "src/main.ts", outfile = "dist/main.js" } = {}) {
  return {
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    sourcemap: true,
    logLevel: "warning",
    plugins: [
      {
        name: "copy-worker-files",
        setup(b) {
          b.onEnd(() => {
            for (const file of WORKER_FILES) copyFileSync(file, join(dirname(outfile), basename(file)));
          });
        },
      },
      {
        name: "external-node-modules",
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) => {
            if (args.path.startsWith("@liftoff/")) return undefined;
            return { path: args.path, external: true };
          });
        },
      },
    ],
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await build(serverBuildOptions());
