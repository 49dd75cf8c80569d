// Builds the vendor set every space app imports through its frame's import map: the
// packages of VENDOR_SPECIFIERS, the runtime itself (@liftoff/runtime) and the kit
// (@/components/ui/<name>), in ONE esbuild build with code splitting, so React and the
// code they share exist exactly once. Output: dist/vendor/<name>-<hash>.js, shared
// chunks, and manifest.json (VendorManifest: import map, Tailwind candidates, theme CSS).
//
// Plain Node ESM so `npm start` and the server can run it without a TypeScript runtime;
// esbuild reads the TS sources itself. Safe when two processes build at once: each builds
// into its own temp dir, then moves content-hashed files in (same name = same bytes) and
// renames manifest.json last, so a reader sees either the old or the new manifest, whole.
import { randomBytes } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

// This file also runs bundled into the server (apps/server/dist/main.js), where
// import.meta.url is the bundle's: find the package through node_modules then.
function findPackageDir() {
  const beside = join(dirname(fileURLToPath(import.meta.url)), "..");
  const manifest = join(beside, "package.json");
  if (existsSync(manifest) && JSON.parse(readFileSync(manifest, "utf8")).name === "@liftoff/runtime")
    return beside;
  return dirname(createRequire(import.meta.url).resolve("@liftoff/runtime/package.json"));
}

const packageDir = findPackageDir();
const root = join(packageDir, "../..");
export const vendorDir = join(packageDir, "dist/vendor");
export const manifestPath = join(vendorDir, "manifest.json");
const URL_PREFIX = "/runtime/vendor/";
/** How vendor files import each other (see the rewrite in buildVendor). */
const CHUNK_SPECIFIER_PREFIX = "@liftoff/vendor/";

/** Every file whose change makes the vendor set stale. */
export function vendorSources() {
  return [
    join(packageDir, "src"),
    join(packageDir, "scripts"),
    join(root, "packages/ui/src"),
    join(root, "packages/sdk/src"),
    join(root, "packages/domain/src"),
    join(root, "package-lock.json"),
  ];
}

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name === "dist" || /\.test\.tsx?$/.test(entry.name)) continue;
    newest = Math.max(newest, newestMtime(join(path, entry.name)));
  }
  return newest;
}

export function isVendorBuildStale() {
  if (!existsSync(manifestPath)) return true;
  const built = statSync(manifestPath).mtimeMs;
  return vendorSources().some((source) => newestMtime(source) > built);
}

// The list lives in packages/domain (TypeScript); read it without a TS runtime.
async function loadContracts(esbuild) {
  const result = await esbuild.build({
    entryPoints: [join(root, "packages/domain/src/space-apps/vendor-specifiers.ts")],
    bundle: true,
    write: false,
    format: "esm",
    platform: "node",
  });
  const code = result.outputFiles[0].text;
  const mod = await import(`data:text/javascript;base64,${Buffer.from(code).toString("base64")}`);
  return {
    specifiers: [...mod.VENDOR_SPECIFIERS],
    kit: [...mod.KIT_COMPONENTS],
    routerExports: [...mod.ROUTER_EXPORTS],
  };
}

// CommonJS packages: `export * from "react"` gives an ES module no static named exports,
// so their entries list the names (read from the package in Node) explicitly.
const COMMONJS = new Set(["react", "react/jsx-runtime", "react-dom", "react-dom/client", "lodash"]);
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

function entrySource(specifier, requireFromRoot, contracts) {
  if (specifier === "@liftoff/runtime") return 'export * from "./src/index.ts";';
  const quoted = JSON.stringify(specifier);
  // Only the client-side API (ROUTER_EXPORTS): the rest of React Router is dropped.
  if (specifier === "react-router-dom")
    return `export { ${contracts.routerExports.join(", ")} } from ${quoted};\n`;
  if (COMMONJS.has(specifier)) {
    const names = Object.keys(requireFromRoot(specifier)).filter(
      (name) => IDENTIFIER.test(name) && name !== "default" && name !== "__esModule",
    );
    return `import mod from ${quoted};\nexport const { ${names.join(", ")} } = mod;\nexport default mod;\n`;
  }
  // ES modules: re-export everything; `default` is passed on when the package has one
  // (undefined otherwise, which is also what a bundler's interop would give).
  return `import * as ns from ${quoted};\nexport * from ${quoted};\nexport default ns.default;\n`;
}

function fileStem(specifier) {
  return specifier
    .replace(/^@\/components\/ui\//, "ui-")
    .replace(/^@/, "")
    .replace(/[^A-Za-z0-9-]+/g, "-");
}

/** The kit's and the runtime's Tailwind classes, so every app's CSS styles them. */
async function scanCandidates() {
  const { Scanner } = await import("@tailwindcss/oxide");
  const sources = [join(root, "packages/ui/src/components"), join(packageDir, "src")].map((base) => ({
    base,
    pattern: "**/*.{ts,tsx}",
    negated: false,
  }));
  const scanner = new Scanner({ sources });
  const candidates = scanner.scan();
  return [...new Set(candidates)].sort();
}

/**
 * The theme apps start from: the kit's styles.css (tokens, keyframes, base layer) without
 * its `@source` lines, which point at the builder's files; plus the chart colours shadcn
 * code uses (`var(--color-chart-1)`), which the builder has no use for.
 */
function themeCss() {
  const css = readFileSync(join(root, "packages/ui/src/styles.css"), "utf8");
  const withoutSources = css.replace(/^@source\s+[^;]+;\s*$/gm, "").trimStart();
  return `${withoutSources.trimEnd()}

@theme {
  --color-chart-1: var(--color-brand-500);
  --color-chart-2: oklch(0.696 0.17 162.48);
  --color-chart-3: oklch(0.769 0.188 70.08);
  --color-chart-4: oklch(0.645 0.246 16.439);
  --color-chart-5: oklch(0.627 0.265 303.9);
}
`;
}

/**
 * The kit imports Radix and icons through barrels (`import { Dialog } from "radix-ui"`,
 * `import { XIcon } from "lucide-react"`), and both barrels hold namespace objects
 * (`import * as index`). With code splitting esbuild then keeps every member alive for
 * every module touching the barrel, so a Button would load Select, Menu, Accordion and
 * all 1,600 icons. This rewrites those imports in our own sources to the very modules the
 * barrels re-export (resolved from the barrel's own directory, so the same instances).
 */
function perModuleImportsPlugin() {
  const radixDir = join(root, "node_modules/radix-ui");
  const iconsDir = join(root, "node_modules/lucide-react/dist/esm/icons");
  const kebab = (name) => name.replace(/([a-z0-9])([A-Z])/g, "$1-$2").toLowerCase();
  const names = (list) =>
    list
      .split(",")
      .map((name) => name.trim())
      .filter(Boolean)
      .map((name) => {
        const [original, alias = original] = name.split(/\s+as\s+/);
        return { original, alias };
      });
  const iconFile = (name) => join(iconsDir, `${kebab(name.replace(/^Lucide/, "").replace(/Icon$/, ""))}.mjs`);
  return {
    name: "per-module-imports",
    setup(build) {
      build.onLoad({ filter: /[\\/]packages[\\/](ui|runtime)[\\/]src[\\/].*\.tsx?$/ }, (args) => {
        const source = readFileSync(args.path, "utf8");
        if (!source.includes('from "radix-ui"') && !source.includes('from "lucide-react"')) return undefined;
        const contents = source
          .replace(/import\s*\{([^}]*)\}\s*from\s*"radix-ui";?/g, (_match, list) =>
            names(list)
              .map(({ original, alias }) => `import * as ${alias} from "radix-primitive:${kebab(original)}";`)
              .join("\n"),
          )
          .replace(/import\s*\{([^}]*)\}\s*from\s*"lucide-react";?/g, (match, list) => {
            const icons = names(list);
            // Anything that is not a plain icon (types, helpers) keeps the barrel.
            if (!icons.every(({ original }) => existsSync(iconFile(original)))) return match;
            return icons
              .map(({ original, alias }) => `import ${alias} from ${JSON.stringify(iconFile(original))};`)
              .join("\n");
          });
        return { contents, loader: args.path.endsWith(".tsx") ? "tsx" : "ts" };
      });
      build.onResolve({ filter: /^radix-primitive:/ }, (args) =>
        build.resolve(`@radix-ui/react-${args.path.slice("radix-primitive:".length)}`, {
          kind: "import-statement",
          resolveDir: radixDir,
        }),
      );
    },
  };
}

/**
 * Every vendor module's entry source by specifier (packages, the runtime, the kit), and the
 * esbuild plugins that load them as `vendor-entry:<specifier>`: shared by the vendor set
 * (one build with code splitting) and by the production bundle of one app (bundle-app.mjs).
 */
export async function vendorEntries(esbuild) {
  const requireFromRoot = createRequire(join(root, "package.json"));
  const contracts = await loadContracts(esbuild);
  const { specifiers, kit } = contracts;
  const entries = new Map();
  // List CommonJS names from the production builds, the ones that get bundled (set and
  // restored with no await between, so a server's other work never sees the change).
  const previousEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = "production";
  try {
    for (const specifier of specifiers)
      entries.set(specifier, entrySource(specifier, requireFromRoot, contracts));
  } finally {
    if (previousEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = previousEnv;
  }
  for (const name of kit) {
    const file = ["ts", "tsx"].map((ext) => join(packageDir, `src/kit/${name}.${ext}`)).find(existsSync);
    if (!file)
      throw new Error(`build-vendor: no kit entry for "${name}" (packages/runtime/src/kit/${name}.ts)`);
    entries.set(
      `@/components/ui/${name}`,
      `export * from ${JSON.stringify(`./${relative(packageDir, file)}`)};`,
    );
  }

  const entryPlugin = {
    name: "vendor-entries",
    setup(build) {
      build.onResolve({ filter: /^vendor-entry:/ }, (args) => ({
        path: args.path.slice("vendor-entry:".length),
        namespace: "vendor-entry",
      }));
      build.onLoad({ filter: /.*/, namespace: "vendor-entry" }, (args) => ({
        contents: entries.get(args.path),
        resolveDir: packageDir,
        loader: "ts",
      }));
    },
  };
  return { entries, plugins: [entryPlugin, perModuleImportsPlugin()] };
}

/** The esbuild options every vendor build shares (production React, modern browsers). */
export const VENDOR_BUILD_OPTIONS = {
  bundle: true,
  format: "esm",
  minify: true,
  platform: "browser",
  target: "es2022",
  jsx: "automatic",
  define: { "process.env.NODE_ENV": '"production"' },
  legalComments: "none",
  logLevel: "silent",
  logOverride: { "import-is-undefined": "silent" },
};

export async function buildVendor({ log = () => {} } = {}) {
  const started = performance.now();
  const esbuild = await import("esbuild");
  const { entries, plugins } = await vendorEntries(esbuild);

  mkdirSync(join(packageDir, "dist"), { recursive: true });
  const temp = join(packageDir, "dist", `.vendor-${process.pid}-${randomBytes(4).toString("hex")}`);
  try {
    const result = await esbuild.build({
      entryPoints: [...entries.keys()].map((specifier) => ({
        in: `vendor-entry:${specifier}`,
        out: fileStem(specifier),
      })),
      ...VENDOR_BUILD_OPTIONS,
      plugins,
      splitting: true,
      outdir: temp,
      entryNames: "[name]-[hash]",
      chunkNames: "chunk-[hash]",
      metafile: true,
    });

    const urlOf = (file) => `${URL_PREFIX}${relative(temp, join(root, file)).split("\\").join("/")}`;
    const imports = {};
    const exportNames = {};
    for (const [file, output] of Object.entries(result.metafile.outputs)) {
      if (!output.entryPoint) continue;
      const specifier = output.entryPoint.replace(/^vendor-entry:/, "");
      if (output.exports.length === 0) throw new Error(`build-vendor: ${specifier} has no exports`);
      imports[specifier] = urlOf(file);
      // What each module exports: the validators check named imports (icon names, kit parts).
      exportNames[specifier] = [...output.exports].sort();
    }
    const missing = [...entries.keys()].filter((specifier) => !imports[specifier]);
    if (missing.length) throw new Error(`build-vendor: no output for ${missing.join(", ")}`);

    // Each entry's static import closure (its chunks), as URLs: the frame lists them as
    // modulepreload links so the browser fetches the whole graph at once instead of
    // discovering it one import level at a time.
    const closure = (file, seen = new Set()) => {
      for (const dep of result.metafile.outputs[file]?.imports ?? []) {
        if (dep.kind !== "import-statement" || dep.external || seen.has(dep.path)) continue;
        seen.add(dep.path);
        closure(dep.path, seen);
      }
      return seen;
    };
    const staticDeps = {};
    for (const [file, output] of Object.entries(result.metafile.outputs)) {
      if (!output.entryPoint) continue;
      const specifier = output.entryPoint.replace(/^vendor-entry:/, "");
      staticDeps[specifier] = [...closure(file)].map(urlOf).sort();
    }
    // Every file imports its chunks by bare specifier (`@liftoff/vendor/<file>`, mapped to its
    // URL by the frame's import map) instead of esbuild's "./<file>": a module the published
    // app's host relays into the frame as a blob: URL has no base URL a relative path could
    // be resolved against (docs/space-apps.md "Relayed modules"). Deterministic, so equal
    // names still mean equal bytes.
    const outputNames = new Set(
      Object.keys(result.metafile.outputs)
        .filter((file) => file.endsWith(".js"))
        .map((file) => file.split("/").pop()),
    );
    const chunks = {};
    for (const name of [...outputNames].sort()) {
      chunks[`${CHUNK_SPECIFIER_PREFIX}${name}`] = `${URL_PREFIX}${name}`;
      const path = join(temp, name);
      const code = readFileSync(path, "utf8");
      const rewritten = code.replace(/(["'])\.\/([\w.-]+\.js)\1/g, (match, quote, file) =>
        outputNames.has(file) ? `${quote}${CHUNK_SPECIFIER_PREFIX}${file}${quote}` : match,
      );
      if (rewritten !== code) writeFileSync(path, rewritten);
    }
    const sortedImports = Object.fromEntries(Object.entries(imports).sort(([a], [b]) => a.localeCompare(b)));
    const sortedExports = Object.fromEntries(
      Object.entries(exportNames).sort(([a], [b]) => a.localeCompare(b)),
    );
    const manifest = {
      imports: sortedImports,
      exports: sortedExports,
      chunks,
      staticDeps: Object.fromEntries(Object.entries(staticDeps).sort(([a], [b]) => a.localeCompare(b))),
      candidates: await scanCandidates(),
      themeCss: themeCss(),
    };
    writeFileSync(join(temp, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);

    mkdirSync(vendorDir, { recursive: true });
    for (const name of readdirSync(temp)) {
      if (name === "manifest.json") continue;
      renameSync(join(temp, name), join(vendorDir, name));
    }
    renameSync(join(temp, "manifest.json"), manifestPath);
    // Kept beside (not inside) the served dir, for size analysis (esbuild's analyzer reads it).
    writeFileSync(join(packageDir, "dist/vendor-meta.json"), JSON.stringify(result.metafile));
    pruneOldFiles();
    const files = Object.keys(result.metafile.outputs).length;
    log(`vendor set: ${files} files in ${Math.round(performance.now() - started)} ms`);
    return manifest;
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
}

// Every file of this build was just written (moved in with a fresh mtime); older ones
// belong to earlier builds. They stay an hour, since a page may still be loading them.
function pruneOldFiles() {
  const cutoff = Date.now() - 60 * 60 * 1000;
  for (const name of readdirSync(vendorDir)) {
    const path = join(vendorDir, name);
    if (name !== "manifest.json" && statSync(path).mtimeMs < cutoff) rmSync(path, { force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}` && process.argv[1]?.endsWith("build-vendor.mjs")) {
  const force = process.argv.includes("--force");
  if (force || isVendorBuildStale()) {
    await buildVendor({ log: (line) => process.stderr.write(`liftoff: ${line}\n`) });
  }
}
