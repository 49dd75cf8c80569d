import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

let cached: ReadonlyMap<string, string> | null = null;

/**
 * Every icon name lucide-react exports (with its aliases: `Home`, `HomeIcon`, `House`,
 * `LucideHouse`…) → the absolute path of the icon's own ES module. Read once per process
 * from the package's ES index, whose icon lines are `export { default as A, default as
 * AIcon, … } from './icons/a.mjs';`, so aliases resolve exactly as the package does.
 */
export function lucideIconFiles(): ReadonlyMap<string, string> {
  if (cached) return cached;
  const require = createRequire(import.meta.url);
  const root = dirname(require.resolve("lucide-react/package.json"));
  const esm = join(root, "dist/esm");
  const index = readFileSync(join(esm, "lucide-react.mjs"), "utf8");
  const files = new Map<string, string>();
  for (const line of index.matchAll(/^export \{ ([^}]+) \} from '\.\/icons\/([a-z0-9-]+\.mjs)';$/gm)) {
    const file = join(esm, "icons", line[2]!);
    for (const part of line[1]!.split(",")) {
      const alias = /^\s*default as ([A-Za-z0-9_$]+)\s*$/.exec(part)?.[1];
      if (alias) files.set(alias, file);
    }
  }
  cached = files;
  return files;
}
