import { describe, expect, it } from "vitest";
import { newFileError, newFileId, starterContent } from "./new-file.ts";

describe("new files", () => {
  it("builds ids per group and adds the extension", () => {
    expect(newFileId("pages", "Dashboard")).toBe("pages/Dashboard.jsx");
    expect(newFileId("pages", "Dashboard.tsx")).toBe("pages/Dashboard.tsx");
    expect(newFileId("components", "/tasks/TaskCard/")).toBe("components/tasks/TaskCard.jsx");
    expect(newFileId("services", "format")).toBe("services/format.js");
    expect(newFileId("layout", "whatever")).toBe("layout.jsx");
    expect(newFileId("styles", "")).toBe("globals.css");
  });

  it("validates paths with the file id rules and refuses duplicates", () => {
    expect(newFileError("pages/Dashboard.jsx", [])).toBeNull();
    expect(newFileError("pages/dashboard.jsx", [])).toMatch(/capital letter/);
    expect(newFileError("components/ui/button.jsx", [])).toMatch(/File path must be/);
    expect(newFileError("components/a b.jsx", [])).toMatch(/File path must be/);
    expect(newFileError("pages/Tasks.jsx", ["pages/tasks.jsx"])).toBe("A file with this path already exists");
  });

  it("gives each group a starter that exports what the compiler expects", () => {
    expect(starterContent("pages/Dashboard.jsx")).toContain("export default function Dashboard()");
    expect(starterContent("layout.jsx")).toContain("export default function Layout({ children");
    expect(starterContent("components/tasks/TaskCard.jsx")).toContain("export default function TaskCard(");
    expect(starterContent("services/format.js")).toContain("export function format()");
    expect(starterContent("globals.css")).toMatch(/^\/\*/);
  });
});
