import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

export const TEST_PLATFORM_PAGE = "<!doctype html><html><head></head><body>platform</body></html>";
export const TEST_HOST_PAGE =
  "<!doctype html><html><head><title>App</title></head><body>host page</body></html>";

/**
 * A stand-in for the built web app (tests only): a temporary directory with index.html,
 * host.html and any other files given (path → content), for `createTestPlatform(env, { webDist })`.
 */
export function makeWebDist(files: Record<string, string> = {}): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), "liftoff-web-"));
  const all = { "index.html": TEST_PLATFORM_PAGE, "host.html": TEST_HOST_PAGE, ...files };
  for (const [path, content] of Object.entries(all)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
