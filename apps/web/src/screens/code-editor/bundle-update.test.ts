import type { AppFilesBundle } from "@liftoff/domain";
import { describe, expect, it } from "vitest";
import { applyBundleChange } from "./bundle-update.ts";

const bundle: AppFilesBundle = {
  id: "a",
  versionId: "v1",
  slug: "s",
  name: "n",
  layout: { id: "layout.jsx", name: "layout", content: "L" },
  globals_css: null,
  pages: [{ id: "pages/Tasks.jsx", name: "Tasks", content: "T" }],
  components: [{ id: "components/Card.jsx", name: "Card", content: "C" }],
  services: [],
  entities: {},
  user_entity: null,
  mainPage: "Tasks",
};

describe("applyBundleChange", () => {
  it("rewrites, adds and removes files and moves to the new version", () => {
    const next = applyBundleChange(bundle, {
      versionId: "v2",
      upsert: [
        { id: "pages/Tasks.jsx", content: "T2" },
        { id: "pages/About.jsx", content: "A" },
        { id: "globals.css", content: "body{}" },
      ],
      remove: ["components/Card.jsx"],
    });
    expect(next.versionId).toBe("v2");
    expect(next.pages).toEqual([
      { id: "pages/About.jsx", name: "About", content: "A" },
      { id: "pages/Tasks.jsx", name: "Tasks", content: "T2" },
    ]);
    expect(next.globals_css?.content).toBe("body{}");
    expect(next.components).toEqual([]);
    expect(bundle.pages[0]?.content).toBe("T");
  });

  it("removes the layout", () => {
    expect(applyBundleChange(bundle, { versionId: "v3", remove: ["layout.jsx"] }).layout).toBeNull();
  });
});
