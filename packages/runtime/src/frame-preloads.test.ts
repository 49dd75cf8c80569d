import type { VendorManifest } from "@liftoff/domain";
import { describe, expect, it } from "vitest";
import { bareImportsOf, framePreloads } from "./frame-preloads.ts";

const MANIFEST: VendorManifest = {
  imports: {
    "@liftoff/runtime": "/runtime/vendor/runtime-A.js",
    react: "/runtime/vendor/react-B.js",
    "react/jsx-runtime": "/runtime/vendor/jsx-C.js",
    "lucide-react": "/runtime/vendor/lucide-D.js",
    "@/components/ui/button": "/runtime/vendor/button-E.js",
  },
  staticDeps: {
    "@liftoff/runtime": ["/runtime/vendor/chunk-1.js", "/runtime/vendor/chunk-2.js"],
    "lucide-react": ["/runtime/vendor/chunk-2.js", "/runtime/vendor/chunk-3.js"],
  },
  candidates: [],
  themeCss: "",
};

// What esbuild emits for an app: bare vendor imports on their own statements.
const APP_JS = `import { jsx, jsxs } from "react/jsx-runtime";
import { useState } from "react";
import { Plus } from "lucide-react";
import { Button } from "@/components/ui/button";
import "./side-effect.css";
const text = 'import { x } from "not-a-real-import"';
export { pages };
`;

describe("frame preloads", () => {
  it("finds the app's bare imports, not relative ones or strings", () => {
    expect(bareImportsOf(APP_JS)).toEqual([
      "@/components/ui/button",
      "lucide-react",
      "react",
      "react/jsx-runtime",
    ]);
  });

  it("lists the runtime and the app's vendor modules with their chunks once, then the app module", () => {
    expect(framePreloads(MANIFEST, APP_JS, "/runtime/assets/app.js")).toEqual([
      "/runtime/vendor/runtime-A.js",
      "/runtime/vendor/chunk-1.js",
      "/runtime/vendor/chunk-2.js",
      "/runtime/vendor/button-E.js",
      "/runtime/vendor/lucide-D.js",
      "/runtime/vendor/chunk-3.js",
      "/runtime/vendor/react-B.js",
      "/runtime/vendor/jsx-C.js",
      "/runtime/assets/app.js",
    ]);
  });

  it("without static closures in the manifest, preloads the entries only", () => {
    const { staticDeps: _none, ...older } = MANIFEST;
    expect(framePreloads(older, 'import "react";', "/a.js")).toEqual([
      "/runtime/vendor/runtime-A.js",
      "/runtime/vendor/react-B.js",
      "/a.js",
    ]);
  });
});
