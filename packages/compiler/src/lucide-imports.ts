import { dirname } from "node:path";
import { lucideIconFiles } from "./lucide-icon-files.ts";

/** The generated module that stands for "lucide-react" in one app bundle. */
export type LucideModule = { source: string; resolveDir: string };

const ANY_LUCIDE = /["']lucide-react["']/;
const NAMED_IMPORT = /\bimport\s*\{([^}]*)\}\s*from\s*["']lucide-react["']/g;

/**
 * Apps import icons from "lucide-react" by name. As a vendor module it is one 850 KB file
 * holding all 1,600+ icons, which every app using one icon downloaded (issue 13). When all
 * of an app's imports of it are plain named imports, the bundle takes instead a module
 * that re-exports just those icons from their own files, so the app's JS carries the few
 * it uses (about 1 KB each) and the frame never loads the rest. Names that are not icons
 * (createLucideIcon, LucideProvider, types) still come from the vendor module. Any other
 * form — a namespace or default import, a re-export, a dynamic import — needs the whole
 * package: null, and "lucide-react" stays the vendor module as before.
 */
export function lucideModule(files: Record<string, string>): LucideModule | null {
  const names = new Set<string>();
  for (const [id, content] of Object.entries(files)) {
    if (id.endsWith(".css") || !ANY_LUCIDE.test(content)) continue;
    const mentions = content.match(/["']lucide-react["']/g)?.length ?? 0;
    let named = 0;
    for (const match of content.matchAll(NAMED_IMPORT)) {
      named += 1;
      for (const part of match[1]!.split(",")) {
        const clause = part.trim();
        // `type LucideIcon` is erased from the app's code; re-exporting it would fail.
        if (clause.startsWith("type ")) continue;
        const name = clause.split(/\s+as\s+/)[0]?.trim();
        if (name) names.add(name);
      }
    }
    if (named !== mentions) return null;
  }
  if (names.size === 0) return null;
  const icons = lucideIconFiles();
  const lines: string[] = [];
  const rest: string[] = [];
  let resolveDir = "";
  for (const name of [...names].sort()) {
    const file = icons.get(name);
    if (file) {
      lines.push(`export { default as ${name} } from ${JSON.stringify(file)};`);
      resolveDir = dirname(file);
    } else rest.push(name);
  }
  if (rest.length > 0) lines.push(`export { ${rest.join(", ")} } from "lucide-react";`);
  return { source: `${lines.join("\n")}\n`, resolveDir };
}
