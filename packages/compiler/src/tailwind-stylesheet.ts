import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { compile } from "tailwindcss";

const require = createRequire(import.meta.url);
const TAILWIND_DIR = dirname(require.resolve("tailwindcss/package.json"));

/** Tailwind's own stylesheets (`tailwindcss`, `tailwindcss/theme.css`, …), read once. */
const packageCss = new Map<string, string>();
function tailwindPackageCss(id: string): { path: string; content: string } | null {
  const file = id === "tailwindcss" ? "index.css" : /^tailwindcss\/([a-z-]+\.css)$/.exec(id)?.[1];
  if (!file) return null;
  const path = join(TAILWIND_DIR, file);
  let content = packageCss.get(path);
  if (content === undefined) {
    content = readFileSync(path, "utf8");
    packageCss.set(path, content);
  }
  return { path, content };
}

export const THEME_ID = "liftoff-theme.css";
export const GLOBALS_ID = "globals.css";

export type TailwindCompiler = Awaited<ReturnType<typeof compile>>;

/**
 * A Tailwind v4 compiler for one theme + globals.css. The theme and globals.css are
 * separate stylesheets imported after Tailwind, so @apply and theme tokens work in
 * globals.css and an error's location is an offset into globals.css itself.
 */
export function compileTailwind(themeCss: string, globalsCss: string): Promise<TailwindCompiler> {
  const input = `@import "tailwindcss";\n@import "${THEME_ID}";\n@import "${GLOBALS_ID}";\n`;
  return compile(input, {
    base: "/",
    from: "app.css",
    async loadStylesheet(id) {
      if (id === THEME_ID) return { path: THEME_ID, base: "/", content: themeCss };
      if (id === GLOBALS_ID) return { path: GLOBALS_ID, base: "/", content: globalsCss };
      const found = tailwindPackageCss(id);
      if (found) return { path: found.path, base: TAILWIND_DIR, content: found.content };
      throw new Error(`Cannot import '${id}': only "tailwindcss" and url(...) imports are available`);
    },
  });
}
