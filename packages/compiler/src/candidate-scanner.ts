import { Scanner } from "@tailwindcss/oxide";
import { contentHash } from "./content-hash.ts";
import { LruMap } from "./lru-map.ts";

/**
 * Tailwind class candidates of app files, with Tailwind's own extractor (oxide), cached
 * per file content so a warm compile scans only the changed file. A fresh Scanner per
 * file: a Scanner remembers what it has seen and returns only new candidates.
 */
export class CandidateScanner {
  readonly #byContent = new LruMap<string, string[]>(5000);

  candidatesOf(files: Record<string, string>): Set<string> {
    const all = new Set<string>();
    for (const [id, content] of Object.entries(files)) {
      if (id.endsWith(".css")) continue;
      const extension = id.slice(id.lastIndexOf(".") + 1);
      const key = `${extension}:${contentHash(content)}`;
      let found = this.#byContent.get(key);
      if (!found) {
        found = new Scanner({}).scanFiles([{ content, extension }]);
        this.#byContent.set(key, found);
      }
      for (const candidate of found) all.add(candidate);
    }
    return all;
  }
}
