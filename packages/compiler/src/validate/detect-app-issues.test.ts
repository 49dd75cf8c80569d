import { describe, expect, it } from "vitest";
import { detectAppIssues } from "./detect-app-issues.ts";
import { parseAppModule } from "./parse-app-module.ts";
import { repairAppIssues } from "./repair-app-issues.ts";

const VENDOR_EXPORTS = {
  "lucide-react": ["Plus", "PlusIcon", "LucidePlus", "Trash2", "Check"],
  "@/components/ui/button": ["Button", "buttonVariants"],
  "@/components/ui/card": ["Card", "CardContent", "CardHeader", "CardTitle"],
  "@/components/ui/badge": ["Badge", "badgeVariants"],
  "react-router-dom": ["Link", "useNavigate"],
};

function detect(files: Record<string, string>, entityNames: string[] = ["Task"]) {
  return detectAppIssues({ files, entityNames, diagnostics: [], vendorExports: VENDOR_EXPORTS });
}

describe("detectAppIssues", () => {
  it("finds nothing wrong in a good page", () => {
    const { issues, detectors } = detect({
      "pages/Tasks.jsx": `import { useState } from "react";
import { Plus } from "lucide-react";
import { Task, User } from "@/api/entities";
import { Button } from "@/components/ui/button";
import Row from "@/components/Row";
function Local({ icon: Icon, ...rest }) { return <Icon {...rest} />; }
export default function Tasks() {
  const [items] = useState([]);
  Task.list("-createdAt", 20); User.me();
  return <div><Button aria-label="Add task"><Plus /></Button><Local icon={Plus} />{items.map((t) => <Row key={t.id} />)}<React.Fragment /></div>;
}`,
    });
    expect(issues).toEqual([]);
    expect(detectors.map((d) => d.id)).toEqual([
      "compile-error",
      "unresolved-import",
      "unknown-icon",
      "missing-default-export",
      "unknown-entity",
      "undefined-component",
      "unknown-sdk-method",
      "compile-warning",
      "unlabelled-control",
      "image-without-alt",
      "click-without-keyboard",
      "unnamed-button",
      "dialog-without-title",
    ]);
  });

  it("reports unknown icons, missing default exports, unknown entities, undefined components and SDK methods, with lines", () => {
    const { issues } = detect({
      "pages/Broken.jsx": `import { Plus, Sparklez } from "lucide-react";
import { Project } from "@/api/entities";
import { Task } from "@/entities/Task";
export function Broken() {
  Task.findAll();
  return <Card><CardHeader /><Plus /></Card>;
}`,
    });
    const summary = issues.map((i) => [i.detectorId, i.line, i.componentName, i.fileId]);
    expect(summary).toEqual([
      ["missing-default-export", 1, "Broken", "pages/Broken.jsx"],
      ["unknown-icon", 1, "Broken", "pages/Broken.jsx"],
      ["unknown-entity", 2, "Broken", "pages/Broken.jsx"],
      ["undefined-component", 6, "Broken", "pages/Broken.jsx"],
      ["undefined-component", 6, "Broken", "pages/Broken.jsx"],
      ["unknown-sdk-method", 5, "Broken", "pages/Broken.jsx"],
    ]);
    expect(issues.find((i) => i.detectorId === "unknown-icon")?.message).toContain("Sparklez");
    expect(issues.find((i) => i.detectorId === "unknown-sdk-method")?.message).toContain("Task.findAll()");
  });

  it("maps the compile's diagnostics to their detectors; warnings stay warnings", () => {
    const { issues } = detectAppIssues({
      files: {},
      entityNames: [],
      vendorExports: undefined,
      diagnostics: [
        {
          file: "pages/A.jsx",
          line: 3,
          column: 1,
          message: "Unexpected }",
          severity: "error",
          detectorId: "syntax",
        },
        {
          file: "pages/A.jsx",
          line: 1,
          column: 1,
          message: "Cannot resolve 'left-pad'",
          severity: "error",
          detectorId: "unresolved-import",
        },
        { file: "pages/A.jsx", line: 9, column: 1, message: "just a warning", severity: "warning" },
      ],
    });
    expect(issues.map((i) => [i.detectorId, i.line, i.severity])).toEqual([
      ["compile-error", 3, "error"],
      ["unresolved-import", 1, "error"],
      ["compile-warning", 9, "warning"],
    ]);
  });

  it("skips files that do not parse (the compile reports them) and non-script files", () => {
    expect(detect({ "pages/A.jsx": "export default function A( {", "globals.css": "<Card>" }).issues).toEqual(
      [],
    );
    expect(parseAppModule("export default function A( {")).toBeNull();
  });

  it("without vendor exports, named imports are not checked", () => {
    const result = detectAppIssues({
      files: { "pages/A.jsx": `import { Nope } from "lucide-react";\nexport default () => <Nope />;` },
      entityNames: [],
      diagnostics: [],
    });
    expect(result.issues).toEqual([]);
  });
});

describe("repairAppIssues", () => {
  it("adds the one certain import for kit parts and icons, and leaves ambiguous names alone", () => {
    const files = {
      "pages/A.jsx": `export default function A() {\n  return <Card><CardHeader><Check /></CardHeader><Mystery /></Card>;\n}\n`,
    };
    const { issues } = detect(files);
    const { changed, repairedFiles } = repairAppIssues(files, issues, VENDOR_EXPORTS);
    expect(repairedFiles).toEqual([{ fileId: "pages/A.jsx", issuesFixed: 3 }]);
    const repaired = changed.get("pages/A.jsx") as string;
    expect(repaired.split("\n").slice(0, 2)).toEqual([
      'import { Card, CardHeader } from "@/components/ui/card";',
      'import { Check } from "lucide-react";',
    ]);
    const after = detect({ "pages/A.jsx": repaired }).issues;
    expect(after.map((i) => i.message)).toEqual(["<Mystery> is used but never imported or defined"]);
  });

  it("repairs nothing without vendor exports", () => {
    const files = { "pages/A.jsx": "export default () => <Card />;" };
    expect(repairAppIssues(files, detect(files).issues, undefined).repairedFiles).toEqual([]);
  });
});
