import { describe, expect, it } from "vitest";
import { APP_CHUNK_PREFIX, bundleAppForProduction } from "../scripts/bundle-app.mjs";

const RUNTIME_URL = "/runtime/vendor/liftoff-runtime-TEST.js";

describe("bundleAppForProduction", () => {
  it("bundles the app with the runtime and keeps every import outside the vendor set external", async () => {
    // What a hostile or broken app module could name: a Node built-in, a file of the
    // server, an absolute path, a URL. None may be read into a public bundle.
    const appJs = [
      `import { jsx } from "react/jsx-runtime";`,
      `import { HeartIcon } from "lucide-react";`,
      `import fs from "node:fs";`,
      `import pkg from "../../../package.json";`,
      `import secret from "/etc/hostname";`,
      `import remote from "https://evil.example/x.js";`,
      `export const pages = { Home: () => jsx(HeartIcon, {}) };`,
      `export const leak = [fs, pkg, secret, remote];`,
    ].join("\n");
    const pack = await bundleAppForProduction({ appJs, runtimeUrl: RUNTIME_URL });
    const code = Object.values(pack.modules).join("\n");
    expect(pack.modules[RUNTIME_URL]).toMatch(/export\s*\{[^}]*\bstart\b/);
    for (const specifier of [
      "node:fs",
      "../../../package.json",
      "/etc/hostname",
      "https://evil.example/x.js",
    ])
      expect(code).toContain(JSON.stringify(specifier));
    expect(code).not.toContain('"name":"liftoff"');
    expect(code).not.toContain('"name": "liftoff"');
    // The app is a chunk of its own (evaluated only when the runtime imports it), mapped by the pack.
    const { "@liftoff/runtime": entry, ...rest } = pack.imports;
    expect(entry).toBe(RUNTIME_URL);
    const chunks = Object.keys(rest);
    expect(chunks.length).toBeGreaterThan(0);
    for (const chunk of chunks) expect(chunk.startsWith(APP_CHUNK_PREFIX)).toBe(true);
    expect(pack.modules[RUNTIME_URL]).toMatch(/import\("@liftoff\/app\/chunk-[A-Z0-9]+\.js"\)/);
  }, 60_000);
});
