import type { Diagnostic } from "@liftoff/domain";
import { contentHash } from "./content-hash.ts";
import { cssErrorDiagnostic } from "./css-error-diagnostic.ts";
import { LruMap } from "./lru-map.ts";
import { compileTailwind, type TailwindCompiler } from "./tailwind-stylesheet.ts";

/** A compiled Tailwind instance and every candidate it has been given. */
type Instance = { compiler: TailwindCompiler; given: Set<string> };
type Compiled = { instance: Instance } | { error: unknown };

export type StylesheetCounters = { tailwindCompilers: number; tailwindBuilds: number; cssCacheHits: number };
export type StylesheetResult = { css: string; diagnostics: [] } | { css: null; diagnostics: Diagnostic[] };

/**
 * `@import url(...)` must come first in a stylesheet; Tailwind would put it after its
 * layers. The URL may hold semicolons (Google Fonts: `css2?family=Inter:wght@400;600`), so
 * a quoted or url(...) target is matched whole before the rule's own `;`.
 */
const URL_IMPORT =
  /^[ \t]*@import\s+(?:url\(\s*(?:"[^"\n]*"|'[^'\n]*'|[^)"'\n]*)\s*\)|"https?:[^"\n]*"|'https?:[^'\n]*')[^;\n]*;[ \t]*$/gm;

function splitUrlImports(globalsCss: string): { imports: string[]; rest: string } {
  const imports: string[] = [];
  // Blank the line instead of removing it: error positions stay those of the editor.
  const rest = globalsCss.replace(URL_IMPORT, (line) => {
    imports.push(line.trim());
    return "";
  });
  return { imports, rest };
}

/** Classes an app's instance may carry after its code stopped using them. */
export const STALE_CANDIDATES_MAX = 256;

/**
 * Builds app stylesheets, caching the expensive part: one Tailwind compiler per
 * (theme + globals.css), so a warm compile only calls `build(candidates)` — a fresh
 * instance's first build of the kit's ~900 classes costs several times a later one.
 * Tailwind's `build` accumulates candidates across calls (its dev-server behaviour), so:
 * - without a lineage, an instance is reused only when the new candidate set contains all
 *   it was given before, so the output is exactly that set's (same input, same stylesheet,
 *   whatever came before; nothing of one app ever shows in another's);
 * - with a lineage (one app's successive drafts), its own instance is reused while at most
 *   STALE_CANDIDATES_MAX classes it was given are no longer used: edits that replace a
 *   class stay fast, and a removed class lingers in the draft's stylesheet, harmlessly.
 */
export class AppStylesheets {
  readonly #instances = new LruMap<string, Promise<Compiled>>(16);
  readonly #stylesheets = new LruMap<string, string>(256);

  constructor(readonly counters: StylesheetCounters) {}

  async build(
    themeCss: string,
    globalsCss: string | null,
    candidates: Set<string>,
    lineage: string | null,
  ): Promise<StylesheetResult> {
    const { imports, rest } = splitUrlImports(globalsCss ?? "");
    const instanceKey = contentHash(`${themeCss}\u0000${rest}\u0000${lineage ?? ""}`);
    const sorted = [...candidates].sort();
    const cssKey = `${instanceKey}:${contentHash(sorted.join(" "))}:${contentHash(imports.join("\n"))}`;
    const cached = this.#stylesheets.get(cssKey);
    if (cached !== undefined) {
      this.counters.cssCacheHits += 1;
      return { css: cached, diagnostics: [] };
    }
    const staleMax = lineage === null ? 0 : STALE_CANDIDATES_MAX;
    const fits = (compiled: Compiled) => {
      if ("error" in compiled) return true;
      let stale = 0;
      for (const c of compiled.instance.given) if (!candidates.has(c) && ++stale > staleMax) return false;
      return true;
    };
    let compiled = await this.#instance(instanceKey, themeCss, rest, "shared");
    if (!fits(compiled)) compiled = await this.#instance(instanceKey, themeCss, rest, "replace");
    // A concurrent compile may have fed the replacement while we waited: use a private one.
    if (!fits(compiled)) compiled = await this.#instance(instanceKey, themeCss, rest, "private");
    let css: string;
    try {
      if ("error" in compiled) throw compiled.error;
      this.counters.tailwindBuilds += 1;
      for (const candidate of sorted) compiled.instance.given.add(candidate);
      css = compiled.instance.compiler.build(sorted);
    } catch (error) {
      const diagnostic = cssErrorDiagnostic(error, globalsCss);
      if (!diagnostic) throw new Error(`The platform theme CSS does not compile: ${String(error)}`);
      return { css: null, diagnostics: [diagnostic] };
    }
    const full = imports.length ? `${imports.join("\n")}\n${css}` : css;
    this.#stylesheets.set(cssKey, full);
    return { css: full, diagnostics: [] };
  }

  #instance(
    key: string,
    themeCss: string,
    globalsCss: string,
    mode: "shared" | "replace" | "private",
  ): Promise<Compiled> {
    const existing = mode === "shared" ? this.#instances.get(key) : undefined;
    if (existing) return existing;
    this.counters.tailwindCompilers += 1;
    const created = compileTailwind(themeCss, globalsCss).then(
      (compiler): Compiled => ({ instance: { compiler, given: new Set() } }),
      (error: unknown): Compiled => ({ error }),
    );
    if (mode !== "private") this.#instances.set(key, created);
    return created;
  }
}
