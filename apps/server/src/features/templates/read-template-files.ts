import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { APP_FILE_ID_PATTERN } from "@liftoff/domain";

/**
 * The app source files of a template folder, as file id → content. Ids are the paths
 * relative to the folder (`layout.jsx`, `pages/Board.jsx`, …); template.json and the
 * preview image are not app files and anything else not matching the file-id rules is
 * refused, so a template can never carry a file the editor could not show.
 */
export function readTemplateFiles(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (current: string) => {
    for (const entry of readdirSync(current).sort()) {
      const path = join(current, entry);
      if (statSync(path).isDirectory()) {
        walk(path);
        continue;
      }
      const id = relative(dir, path).split(sep).join("/");
      if (id === "template.json" || /^preview\.(svg|png)$/.test(id)) continue;
      if (!APP_FILE_ID_PATTERN.test(id)) throw new Error(`${id} is not a valid app file path`);
      files[id] = readFileSync(path, "utf8");
    }
  };
  walk(dir);
  return files;
}
