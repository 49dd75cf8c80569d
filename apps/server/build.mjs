// Bundles the server into dist/main.js. Our workspace packages (TypeScript source) are
// bundled in; third-party packages stay external and load from node_modules.
import { build } from "esbuild";

await build({
  entryPoints: ["src/main.ts"],
  outfile: "dist/main.js",
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
});
