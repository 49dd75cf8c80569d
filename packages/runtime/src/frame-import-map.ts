import type { VendorManifest } from "@liftoff/domain";

/**
 * The frame's import map: every vendor specifier apps may import, plus every vendor file by
 * the bare specifier the vendor files import each other with (`chunks`, see build-vendor).
 */
export function frameImportMap(manifest: VendorManifest): { imports: Record<string, string> } {
  return { imports: { ...manifest.imports, ...manifest.chunks } };
}
