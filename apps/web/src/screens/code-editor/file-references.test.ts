import { describe, expect, it } from "vitest";
import { referencesToUpdate, removeImportsOf, specifierTargets } from "./file-references.ts";

describe("file references", () => {
  it("matches alias and relative specifiers, with or without extension", () => {
    const target = "components/tasks/TaskCard.jsx";
    expect(specifierTargets("pages/Tasks.jsx", "@/components/tasks/TaskCard", target)).toBe(true);
    expect(specifierTargets("pages/Tasks.jsx", "@/components/tasks/TaskCard.jsx", target)).toBe(true);
    expect(specifierTargets("pages/Tasks.jsx", "../components/tasks/TaskCard", target)).toBe(true);
    expect(specifierTargets("components/tasks/List.jsx", "./TaskCard", target)).toBe(true);
    expect(specifierTargets("pages/Tasks.jsx", "@/components/tasks/TaskCardList", target)).toBe(false);
    expect(specifierTargets("pages/Tasks.jsx", "react", target)).toBe(false);
    expect(specifierTargets("pages/Tasks.jsx", "@/layout", "layout.jsx")).toBe(true);
  });

  it("removes whole import statements of the deleted file, including multi-line ones", () => {
    const content = [
      'import React from "react";',
      'import TaskCard from "@/components/tasks/TaskCard";',
      "import {",
      "  a,",
      "  b,",
      "} from '../components/tasks/TaskCard.jsx';",
      'import { Button } from "@/components/ui/button";',
      "",
      "export default function Tasks() { return <TaskCard />; }",
    ].join("\n");
    expect(removeImportsOf("pages/Tasks.jsx", content, "components/tasks/TaskCard.jsx")).toBe(
      [
        'import React from "react";',
        'import { Button } from "@/components/ui/button";',
        "",
        "export default function Tasks() { return <TaskCard />; }",
      ].join("\n"),
    );
    expect(removeImportsOf("pages/Tasks.jsx", content, "components/Other.jsx")).toBeNull();
  });

  it("lists only the files that import the deleted one", () => {
    const files = [
      {
        id: "pages/Tasks.jsx",
        content: 'import Card from "@/components/Card";\nexport default () => null;\n',
      },
      { id: "pages/About.jsx", content: "export default () => null;\n" },
      { id: "components/Card.jsx", content: "export default () => null;\n" },
      { id: "entities/Card.json", content: '"@/components/Card"' },
    ];
    expect(referencesToUpdate(files, "components/Card.jsx")).toEqual([
      { path: "pages/Tasks.jsx", content: "export default () => null;\n" },
    ]);
  });
});
