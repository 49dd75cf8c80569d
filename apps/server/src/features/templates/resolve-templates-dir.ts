import { existsSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The templates/ folder at the repository root. Unlike the web build (a fixed
 * `../../web/dist` from both src/main.ts and dist/main.js), this module sits at a
 * different depth in source (src/features/templates/) than in the bundle (dist/main.js),
 * so it walks up from wherever it runs until it finds the folder beside the workspace's
 * package.json. Tests (from source) and `npm start` (from the bundle) find the same one.
 */
export function resolveTemplatesDir(from: string = fileURLToPath(import.meta.url)): string | null {
  let dir = dirname(from);
  for (;;) {
    const candidate = join(dir, "templates");
    if (existsSync(join(dir, "package.json")) && existsSync(candidate) && statSync(candidate).isDirectory())
      return candidate;
    const parent = dirname(dir);
    if (parent === dir) return null;
    dir = parent;
  }
}
