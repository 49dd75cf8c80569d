import { posix } from "node:path";

const EXTENSIONS = [".jsx", ".tsx", ".js", ".ts"];

/**
 * The app file an import names, or null. `@/x` is rooted at the app (`@/layout` is the
 * layout file); `./x` and `../x` are relative to the importing file. Like the bundlers
 * apps are written for, the extension is optional and a folder means its `index` file.
 */
export function resolveAppFile(
  specifier: string,
  importer: string | null,
  hasFile: (id: string) => boolean,
): string | null {
  let base: string;
  if (specifier.startsWith("@/")) {
    base = posix.normalize(specifier.slice(2));
  } else if (specifier.startsWith("./") || specifier.startsWith("../")) {
    base = posix.join(importer ? posix.dirname(importer) : ".", specifier);
  } else {
    return null;
  }
  if (base.startsWith("../") || base.startsWith("/") || base === "..") return null;
  if (base.endsWith("/")) base = base.slice(0, -1);
  if (hasFile(base)) return base;
  for (const ext of EXTENSIONS) if (hasFile(base + ext)) return base + ext;
  for (const ext of EXTENSIONS) if (hasFile(`${base}/index${ext}`)) return `${base}/index${ext}`;
  return null;
}
