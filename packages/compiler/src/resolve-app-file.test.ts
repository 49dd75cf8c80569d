import { describe, expect, test } from "vitest";
import { resolveAppFile } from "./resolve-app-file.ts";

const files = new Set([
  "layout.jsx",
  "globals.css",
  "pages/Home.jsx",
  "components/tasks/TaskCard.jsx",
  "components/tasks/index.js",
  "components/forms/Field.tsx",
  "services/api.ts",
]);
const has = (id: string) => files.has(id);

describe("resolveAppFile", () => {
  test.each([
    ["@/layout", null, "layout.jsx"],
    ["@/pages/Home", null, "pages/Home.jsx"],
    ["@/pages/Home.jsx", null, "pages/Home.jsx"],
    ["@/components/tasks/TaskCard", null, "components/tasks/TaskCard.jsx"],
    ["@/components/tasks", null, "components/tasks/index.js"],
    ["@/components/tasks/", null, "components/tasks/index.js"],
    ["@/components/forms/Field", null, "components/forms/Field.tsx"],
    ["@/services/api", null, "services/api.ts"],
    ["./TaskCard", "components/tasks/index.js", "components/tasks/TaskCard.jsx"],
    ["../forms/Field", "components/tasks/TaskCard.jsx", "components/forms/Field.tsx"],
    ["../components/tasks/TaskCard.jsx", "pages/Home.jsx", "components/tasks/TaskCard.jsx"],
    ["../globals.css", "pages/Home.jsx", "globals.css"],
    ["../../layout", "components/tasks/TaskCard.jsx", "layout.jsx"],
  ])("%s from %s → %s", (specifier, importer, expected) => {
    expect(resolveAppFile(specifier, importer, has)).toBe(expected);
  });

  test.each([
    ["@/components/Missing", null],
    ["../../../etc/passwd", "pages/Home.jsx"],
    ["@/../secrets", null],
    ["react", "pages/Home.jsx"],
    ["/pages/Home.jsx", null],
  ])("%s from %s is not an app file", (specifier, importer) => {
    expect(resolveAppFile(specifier, importer, has)).toBeNull();
  });
});
