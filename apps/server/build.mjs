// Bundles the server into dist/main.js. Our workspace packages (TypeScript source) are
// bundled in; third-party packages stay external and load from node_modules. The options
// are exported so bench/entities/profile.ts bundles exactly what production runs.
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
