import type { Diagnostic, VendorManifest } from "@liftoff/domain";

/** What one compile reads: a version's files (file id → content) and its entity names. */
export type CompileInput = {
  files: Record<string, string>;
  entityNames: string[];
  /** The app's chosen main page; falls back to Home, then the first page. */
  mainPage: string | null;
  /**
   * Optional: the app's id, for the successive drafts of one app (the code editor's saves).
   * Its compiles then share a Tailwind instance even when classes are replaced, which keeps
   * warm compiles fast; classes removed since stay in the stylesheet (at most 256, like
   * Tailwind's dev server). Leave it out for exact output (e.g. when publishing).
   */
  cacheKey?: string;
};

export type CompileOptions = { vendor: VendorManifest };

export type CompileArtifacts = {
  /** One ES module exporting `pages` (name → component), `Layout` (or null) and `mainPage`. */
  js: string;
  /** Tailwind v4 utilities of the app and the kit, the theme and globals.css. */
  css: string;
  /** First 20 hex characters of the SHA-256 of `js` / `css`. */
  jsHash: string;
  cssHash: string;
  /** Page names (from pages/<Name>.jsx), sorted. */
  pages: string[];
  mainPage: string;
};

export type CompileResult =
  | { ok: true; artifacts: CompileArtifacts; diagnostics: Diagnostic[] }
  | { ok: false; artifacts: null; diagnostics: Diagnostic[] };

/** Counters of a compiler's caches (benchmarks and tests read them). */
export type CompilerStats = {
  compiles: number;
  /** Whole results served from the cache of identical inputs. */
  resultCacheHits: number;
  /** Tailwind compiler instances created (theme + globals.css parsed). */
  tailwindCompilers: number;
  /** Stylesheets produced by an already compiled Tailwind instance (build only). */
  tailwindBuilds: number;
  /** Stylesheets served from the cache of identical candidate sets. */
  cssCacheHits: number;
};
