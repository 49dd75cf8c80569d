/**
 * @liftoff/compiler — a space app version's files → browser ES module + Tailwind CSS.
 *
 *   compileApp({ files, entityNames, mainPage }, { vendor }) → Promise<CompileResult>
 *     files:       file id (`pages/Home.jsx`, `layout.jsx`, `globals.css`, …) → content
 *     entityNames: the app's entities (`@/entities/<Name>`, `@/api/entities`)
 *     mainPage:    the chosen main page; falls back to Home, then the first page
 *     cacheKey?:   the app's id for its successive drafts: keeps class edits fast (the
 *                  stylesheet may then keep up to 256 classes the app stopped using)
 *     vendor:      the VendorManifest of packages/runtime's vendor build
 *   → { ok: true, artifacts: { js, css, jsHash, cssHash, pages, mainPage }, diagnostics }
 *   | { ok: false, artifacts: null, diagnostics }
 *
 *   createCompiler({ vendor }) → { compile(input), stats }: the same with caches you own.
 *   compileApp keeps one such compiler per vendor manifest object.
 *
 * `js` is one ES module exporting `pages` (name → component), `Layout` (or null) and
 * `mainPage`; its only imports are the vendor specifiers of `vendor.imports` (resolved by
 * the frame's import map). `css` is Tailwind v4 with the classes the app and the kit use,
 * the theme, and globals.css (where @apply and theme tokens work). Hashes are the first 20
 * hex characters of the SHA-256 of each output. Diagnostics carry the app file id and a
 * 1-based line and column; detectorId is one of 'syntax', 'unresolved-import',
 * 'unknown-entity', 'missing-default-export', 'missing-export', 'no-pages', 'css' (or an
 * esbuild warning id). Compile failures are results; only platform bugs throw.
 */
export { compileApp } from "./compile-app.ts";
export type {
  CompileArtifacts,
  CompileInput,
  CompileOptions,
  CompileResult,
  CompilerStats,
} from "./compiler-types.ts";
export { type Compiler, createCompiler } from "./create-compiler.ts";
export * from "./validate/index.ts";
