import type { AppFilesBundle } from "@liftoff/domain";
import { describe, expect, it } from "vitest";
import { bundleFiles, groupFiles, initialFileId, languageOf, pageNames } from "./file-tree.ts";

const file = (id: string, content = "") => ({ id, name: id, content });

const bundle: AppFilesBundle = {
  id: "app1",
  versionId: "v1",
  slug: "tasks",
  name: "Tasks",
  layout: file("layout.jsx"),
  globals_css: file("globals.css"),
  pages: [file("pages/Tasks.jsx"), file("pages/About.tsx")],
  components: [file("components/tasks/TaskCard.jsx"), file("components/Avatar.jsx")],
  services: [file("services/format.js")],
  entities: { Task: { schema: { name: "Task", type: "object", properties: {} } as never } },
  user_entity: null,
  mainPage: "Tasks",
};

describe("code editor file tree", () => {
  it("groups files in spec order with entities read-only", () => {
    const groups = groupFiles(bundleFiles(bundle));
    expect(groups.map((g) => g.label)).toEqual([
      "Layout",
      "Styles",
      "Pages",
      "Components",
      "Entities (Read-only)",
      "Services",
    ]);
    const byGroup = Object.fromEntries(groups.map((g) => [g.id, g.files.map((f) => f.label)]));
    expect(byGroup).toEqual({
      layout: ["layout.jsx"],
      styles: ["globals.css"],
      pages: ["About.tsx", "Tasks.jsx"],
      components: ["Avatar.jsx", "tasks/TaskCard.jsx"],
      entities: ["Task.json"],
      services: ["format.js"],
    });
    const entity = groups.find((g) => g.id === "entities")?.files[0];
    expect(entity).toMatchObject({ id: "entities/Task.json", readOnly: true, language: "json" });
    expect(JSON.parse(entity?.content ?? "")).toMatchObject({ name: "Task" });
  });

  it("keeps empty groups so the tree shows where files go", () => {
    const empty = {
      ...bundle,
      layout: null,
      globals_css: null,
      pages: [],
      components: [],
      services: [],
      entities: {},
    };
    expect(groupFiles(bundleFiles(empty)).every((g) => g.files.length === 0)).toBe(true);
  });

  it("picks languages from extensions", () => {
    expect(["a.jsx", "a.tsx", "a.js", "a.ts", "a.css", "a.json"].map(languageOf)).toEqual([
      "jsx",
      "tsx",
      "js",
      "ts",
      "css",
      "json",
    ]);
  });

  it("opens the wanted file, else the main page", () => {
    const files = bundleFiles(bundle);
    expect(initialFileId(files, "Tasks")).toBe("pages/Tasks.jsx");
    expect(initialFileId(files, "Tasks", "services/format.js")).toBe("services/format.js");
    expect(initialFileId(files, null, "missing.js")).toBe("pages/Tasks.jsx");
    expect(initialFileId([], null)).toBeNull();
    expect(pageNames(bundle)).toEqual(["Tasks", "About"]);
  });
});
