import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { KIT_COMPONENTS, VENDOR_SPECIFIERS, type VendorManifest } from "@liftoff/domain";
import { Scanner } from "@tailwindcss/oxide";
import { ROOT } from "../support.ts";

export const UI_DIR = join(ROOT, "packages/ui/src");

/**
 * A vendor manifest like the runtime's vendor build writes: the import map of the vendor
 * set and the kit, the kit's theme (packages/ui/src/styles.css) and the Tailwind
 * candidates of the kit's components, found with the same extractor the compiler uses.
 */
export function benchVendor(): VendorManifest {
  const imports: Record<string, string> = {};
  for (const specifier of VENDOR_SPECIFIERS)
    imports[specifier] = `/runtime/vendor/${specifier.replace(/[@/]/g, "_")}.js`;
  for (const name of KIT_COMPONENTS) imports[`@/components/ui/${name}`] = `/runtime/vendor/ui_${name}.js`;
  const candidates = new Set<string>();
  for (const file of readdirSync(join(UI_DIR, "components"))) {
    const content = readFileSync(join(UI_DIR, "components", file), "utf8");
    for (const c of new Scanner({}).scanFiles([{ content, extension: "tsx" }])) candidates.add(c);
  }
  const themeCss = readFileSync(join(UI_DIR, "styles.css"), "utf8").replace(/^@source .*$/m, "");
  return { imports, candidates: [...candidates].sort(), themeCss };
}
