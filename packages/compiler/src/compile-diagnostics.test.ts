import type { Diagnostic } from "@liftoff/domain";
import { describe, expect, test } from "vitest";
import { testVendor } from "./fixtures/test-vendor.ts";
import { compileApp } from "./index.ts";

const vendor = testVendor();
const HOME = 'export default function Home() {\n  return <div className="p-4">Home</div>;\n}\n';

async function diagnosticsOf(files: Record<string, string>, entityNames: string[] = ["Task"]) {
  const result = await compileApp({ files, entityNames, mainPage: null }, { vendor });
  return result;
}

function only(result: { ok: boolean; diagnostics: Diagnostic[] }): Diagnostic {
  expect(result.ok).toBe(false);
  expect(result.diagnostics).toHaveLength(1);
  return result.diagnostics[0]!;
}

describe("compileApp diagnostics", () => {
  test("a JSX syntax error points at the file, line and column", async () => {
    const page = [
      "export default function Tasks() {",
      "  return (",
      "    <section>",
      "      <h1>Tasks</h2>",
      "    </section>",
      "  );",
      "}",
    ].join("\n");
    const result = await diagnosticsOf({ "pages/Home.jsx": HOME, "pages/Tasks.jsx": page });
    expect(only(result)).toEqual({
      file: "pages/Tasks.jsx",
      line: 4,
      column: 18,
      message: 'Unexpected closing "h2" tag does not match opening "h1" tag',
      severity: "error",
      detectorId: "syntax",
    });
  });

  test("columns count characters, not UTF-8 bytes", async () => {
    const page = 'export default function Home() {\n  const s = "héllo wörld"; return <p>{s}</b>;\n}\n';
    const result = await diagnosticsOf({ "pages/Home.jsx": page });
    expect(only(result)).toMatchObject({ file: "pages/Home.jsx", line: 2, column: 43, detectorId: "syntax" });
  });

  test("a package that is not in the vendor set is an unresolved import", async () => {
    const page = `import React from "react";\nimport leftPad from "left-pad";\n${HOME}`;
    expect(only(await diagnosticsOf({ "pages/Home.jsx": page }))).toEqual({
      file: "pages/Home.jsx",
      line: 2,
      column: 21,
      message: "Cannot resolve 'left-pad': not an app file or an available package",
      severity: "error",
      detectorId: "unresolved-import",
    });
  });

  test("a missing app file is an unresolved import in the importing file", async () => {
    const layout =
      'import Nav from "@/components/Missing";\nexport default function Layout({ children }) {\n  return <Nav>{children}</Nav>;\n}\n';
    expect(only(await diagnosticsOf({ "pages/Home.jsx": HOME, "layout.jsx": layout }))).toEqual({
      file: "layout.jsx",
      line: 1,
      column: 17,
      message: "Cannot resolve '@/components/Missing': not an app file or an available package",
      severity: "error",
      detectorId: "unresolved-import",
    });
  });

  test("a kit component that does not exist is unresolved", async () => {
    const page = `import { Fancy } from "@/components/ui/fancy";\n${HOME}`;
    expect(only(await diagnosticsOf({ "pages/Home.jsx": page }))).toEqual({
      file: "pages/Home.jsx",
      line: 1,
      column: 23,
      message: "Cannot resolve '@/components/ui/fancy': not an app file or an available package",
      severity: "error",
      detectorId: "unresolved-import",
    });
  });

  test("a vendor subpath that is not in the import map is unresolved", async () => {
    const service =
      "import { format } from 'date-fns';\nimport get from 'lodash/get';\nexport const f = (o) => get(o, 'a') + format(new Date(), 'd');\n";
    const page = `import { f } from "@/services/util";\n${HOME}`;
    expect(only(await diagnosticsOf({ "pages/Home.jsx": page, "services/util.js": service }))).toEqual({
      file: "services/util.js",
      line: 2,
      column: 17,
      message: "Cannot resolve 'lodash/get': not an app file or an available package",
      severity: "error",
      detectorId: "unresolved-import",
    });
  });

  test("an @/ path outside the app's folders is unresolved", async () => {
    const page = `import x from "@/hooks/useThing";\n${HOME}`;
    expect(only(await diagnosticsOf({ "pages/Home.jsx": page }))).toMatchObject({
      line: 1,
      column: 15,
      message: "Cannot resolve '@/hooks/useThing': not an app file or an available package",
      detectorId: "unresolved-import",
    });
  });

  test("an unknown entity is reported at its import", async () => {
    const component =
      'import { Invoice } from "@/entities/Invoice";\nexport const load = () => Invoice.list();\n';
    const page = `import { load } from "@/services/invoices";\n${HOME}`;
    const result = await diagnosticsOf({ "pages/Home.jsx": page, "services/invoices.js": component });
    expect(only(result)).toEqual({
      file: "services/invoices.js",
      line: 1,
      column: 25,
      message: "Unknown entity 'Invoice' in '@/entities/Invoice'",
      severity: "error",
      detectorId: "unknown-entity",
    });
  });

  test("an unknown entity imported from @/api/entities", async () => {
    const page = `import { Task, Invoice } from "@/api/entities";\n${HOME}`;
    expect(only(await diagnosticsOf({ "pages/Home.jsx": page }))).toEqual({
      file: "pages/Home.jsx",
      line: 1,
      column: 16,
      message: "Unknown entity 'Invoice' in '@/api/entities'",
      severity: "error",
      detectorId: "unknown-entity",
    });
  });

  test("a page without a default export", async () => {
    const about = "export function About() {\n  return <p>About</p>;\n}\n";
    expect(only(await diagnosticsOf({ "pages/Home.jsx": HOME, "pages/About.jsx": about }))).toEqual({
      file: "pages/About.jsx",
      line: 1,
      column: 1,
      message: "A page must have a default export (export default function About() {…})",
      severity: "error",
      detectorId: "missing-default-export",
    });
  });

  test("a layout without a default export", async () => {
    const layout = "export const Layout = ({ children }) => <main>{children}</main>;\n";
    expect(only(await diagnosticsOf({ "pages/Home.jsx": HOME, "layout.jsx": layout }))).toEqual({
      file: "layout.jsx",
      line: 1,
      column: 1,
      message: "The layout must have a default export (export default function Layout() {…})",
      severity: "error",
      detectorId: "missing-default-export",
    });
  });

  test("esbuild warnings in app code are warnings; the app still compiles", async () => {
    const page = "export default function Home({ n }) {\n  return <p>{n === NaN ? 'never' : 'ok'}</p>;\n}\n";
    const result = await diagnosticsOf({ "pages/Home.jsx": page });
    expect(result.ok).toBe(true);
    expect(result.diagnostics).toEqual([
      expect.objectContaining({
        file: "pages/Home.jsx",
        line: 2,
        severity: "warning",
        detectorId: "equals-nan",
      }),
    ]);
  });

  test("a named import that a component does not export", async () => {
    const card = "export default function Card() {\n  return <div />;\n}\n";
    const page = `import { CardTitle } from "@/components/Card";\n${HOME}`;
    const d = only(await diagnosticsOf({ "pages/Home.jsx": page, "components/Card.jsx": card }));
    expect(d).toMatchObject({ file: "pages/Home.jsx", line: 1, column: 10, detectorId: "missing-export" });
    expect(d.message).toContain('No matching export in "components/Card.jsx" for import "CardTitle"');
  });

  test("an app without pages", async () => {
    const layout = "export default function Layout({ children }) {\n  return <main>{children}</main>;\n}\n";
    expect(only(await diagnosticsOf({ "layout.jsx": layout }))).toEqual({
      file: "pages",
      line: 1,
      column: 1,
      message: "The app has no pages: add a page such as pages/Home.jsx",
      severity: "error",
      detectorId: "no-pages",
    });
  });

  test("an unclosed rule in globals.css", async () => {
    const globals = ".card {\n  color: red;\n}\n\n.broken {\n  color: blue;\n";
    expect(only(await diagnosticsOf({ "pages/Home.jsx": HOME, "globals.css": globals }))).toEqual({
      file: "globals.css",
      line: 5,
      column: 1,
      message: "Missing closing } at .broken",
      severity: "error",
      detectorId: "css",
    });
  });

  test("@apply of an unknown class in globals.css", async () => {
    const globals = ".card {\n  @apply rounded-lg shadow-fancy;\n}\n";
    expect(only(await diagnosticsOf({ "pages/Home.jsx": HOME, "globals.css": globals }))).toEqual({
      file: "globals.css",
      line: 2,
      column: 21,
      message: "Cannot apply unknown utility class `shadow-fancy`",
      severity: "error",
      detectorId: "css",
    });
  });

  test("errors in several files are reported together, sorted by file and position", async () => {
    const files = {
      "pages/Home.jsx": `import x from "left-pad";\n${HOME}`,
      "pages/Tasks.jsx": "export default function Tasks() {\n  return <div>x</span>;\n}\n",
      "globals.css": ".a {",
    };
    const result = await diagnosticsOf(files);
    expect(result.ok).toBe(false);
    expect(result.diagnostics.map((d) => [d.file, d.line, d.detectorId])).toEqual([
      ["globals.css", 1, "css"],
      ["pages/Home.jsx", 1, "unresolved-import"],
      ["pages/Tasks.jsx", 2, "syntax"],
    ]);
  });

  test("a broken file no page imports is a warning; the app still compiles", async () => {
    const files = {
      "pages/Home.jsx": HOME,
      "components/Draft.jsx": "export default function Draft() {\n  return <div>\n}\n",
    };
    const result = await diagnosticsOf(files);
    expect(result.ok).toBe(true);
    expect(result.diagnostics).toHaveLength(1);
    expect(result.diagnostics[0]).toMatchObject({
      file: "components/Draft.jsx",
      severity: "warning",
      detectorId: "syntax",
    });
  });
});
