import { createHash } from "node:crypto";
import { describe, expect, test } from "vitest";
import { goodApp } from "./fixtures/good-app.ts";
import { outputImports } from "./fixtures/output-imports.ts";
import { testVendor } from "./fixtures/test-vendor.ts";
import { compileApp } from "./index.ts";

const vendor = testVendor();

describe("compileApp on a good app", () => {
  test("compiles to one ES module that imports only vendor specifiers", async () => {
    const result = await compileApp(
      { files: goodApp, entityNames: ["Task", "Project"], mainPage: null },
      { vendor },
    );
    expect(result.diagnostics).toEqual([]);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const { js } = result.artifacts;
    const { imports, exports } = await outputImports(js);
    expect(exports).toEqual(["Layout", "mainPage", "pages"]);
    for (const specifier of imports) expect(Object.keys(vendor.imports)).toContain(specifier);
    expect(imports).toEqual(
      expect.arrayContaining([
        "@liftoff/runtime",
        "@/components/ui/button",
        "@/components/ui/card",
        "@/components/ui/badge",
        "react",
        "react/jsx-runtime",
        "react-router-dom",
        "@tanstack/react-query",
        "date-fns",
      ]),
    );
    // The icons it names are inlined from their own files, not the 850 KB vendor module.
    expect(imports).not.toContain("lucide-react");
    expect(js).toContain('"layout-dashboard"');
    expect(js).toContain('"check"');
    // App code is inlined, virtual modules read the runtime: nothing points at '@/' app paths.
    expect(imports.filter((s) => s.startsWith("@/") && !s.startsWith("@/components/ui/"))).toEqual([]);
    expect(js).toContain('var mainPage = "Home"');
    expect(js).toMatch(/var pages = \{\s+"Home": Home,\s+"Tasks": Tasks\s+\}/);
    expect(js).toContain('entities["Task"]');
    expect(js).toContain("// app:components/tasks/TaskRow.jsx");
    expect(result.artifacts.pages).toEqual(["Home", "Tasks"]);
    expect(result.artifacts.mainPage).toBe("Home");
  });

  test("the stylesheet has the app's and the kit's utilities, the theme and globals.css", async () => {
    const result = await compileApp({ files: goodApp, entityNames: ["Task"], mainPage: null }, { vendor });
    if (!result.ok) throw new Error(JSON.stringify(result.diagnostics));
    const { css } = result.artifacts;
    for (const selector of [
      ".bg-indigo-600",
      ".hover\\:bg-indigo-700:hover",
      ".md\\:grid-cols-2",
      ".text-emerald-500",
      ".opacity-90",
      ".inline-flex", // a vendor candidate no app file uses
    ])
      expect(css).toContain(`${selector} {`);
    expect(css).toContain(":where(.space-y-6 > :not(:last-child))");
    expect(css).toContain("--color-primary: oklch(0.55 0.2 265)");
    // globals.css: a plain rule, and @apply with Tailwind utilities.
    expect(css).toMatch(/\.brand-title \{\s+color: var\(--color-primary\);/);
    expect(css).toMatch(
      /\.app-card \{[^}]*border-radius: var\(--radius-xl\);[^}]*background-color: var\(--color-white\);/,
    );
    expect(css).not.toContain(".bg-red-500 {");
  });

  test("hashes are the SHA-256 of the outputs", async () => {
    const result = await compileApp({ files: goodApp, entityNames: ["Task"], mainPage: null }, { vendor });
    if (!result.ok) throw new Error("compile failed");
    const sha = (text: string) => createHash("sha256").update(text).digest("hex").slice(0, 20);
    expect(result.artifacts.jsHash).toBe(sha(result.artifacts.js));
    expect(result.artifacts.cssHash).toBe(sha(result.artifacts.css));
  });

  test("the main page is the chosen one (any case), else Home, else the first page", async () => {
    const compile = async (files: Record<string, string>, mainPage: string | null) => {
      const result = await compileApp({ files, entityNames: ["Task"], mainPage }, { vendor });
      if (!result.ok) throw new Error(JSON.stringify(result.diagnostics));
      return result.artifacts;
    };
    expect((await compile(goodApp, "tasks")).mainPage).toBe("Tasks");
    expect((await compile(goodApp, "Gone")).mainPage).toBe("Home");
    const { "pages/Home.jsx": _home, ...withoutHome } = goodApp;
    const artifacts = await compile(withoutHome, null);
    expect(artifacts.mainPage).toBe("Tasks");
    expect(artifacts.js).toContain('var mainPage = "Tasks"');
  });

  test("an app without a layout exports Layout = null", async () => {
    const files = {
      "pages/Home.jsx": "export default function Home() { return <p className='p-2'>Hi</p>; }",
    };
    const result = await compileApp({ files, entityNames: [], mainPage: null }, { vendor });
    if (!result.ok) throw new Error(JSON.stringify(result.diagnostics));
    expect(result.artifacts.js).toContain("var Layout = null");
    expect((await outputImports(result.artifacts.js)).exports).toEqual(["Layout", "mainPage", "pages"]);
  });
});

describe("compileApp and lucide-react icons", () => {
  const page = (imports: string, body = "<Rocket />") => ({
    "pages/Home.jsx": `${imports}\nexport default function Home() { return <main>${body}</main>; }\n`,
  });
  const compile = async (files: Record<string, string>) => {
    const result = await compileApp({ files, entityNames: [], mainPage: null }, { vendor });
    if (!result.ok) throw new Error(JSON.stringify(result.diagnostics));
    return { js: result.artifacts.js, imports: (await outputImports(result.artifacts.js)).imports };
  };

  test("bundles only the named icons, aliases included, and keeps non-icon names on the vendor module", async () => {
    const { js, imports } = await compile(
      page(
        'import { Rocket, HomeIcon, LucideHouse as Roof, createLucideIcon } from "lucide-react";',
        "<Rocket /><HomeIcon /><Roof />{String(typeof createLucideIcon)}",
      ),
    );
    expect(js).toContain('"rocket"');
    expect(js).toContain('"house"');
    // 1,600 icons are not in it: one that was not named is absent.
    expect(js).not.toContain('"a-arrow-down"');
    // createLucideIcon is not an icon file: it still comes from the import map.
    expect(imports).toContain("lucide-react");
    expect(js).toMatch(/import \{[^}]*createLucideIcon[^}]*\} from "lucide-react"/);
  });

  test("a type-only name in a .tsx file is not re-exported (it would not exist at run time)", async () => {
    const { imports } = await compile({
      "pages/Home.tsx":
        'import { Rocket, type LucideIcon } from "lucide-react";\nconst Icon: LucideIcon = Rocket;\nexport default function Home() { return <Icon />; }\n',
    });
    expect(imports).not.toContain("lucide-react");
  });

  test("icons only: the bundle does not import the vendor module at all", async () => {
    const { js, imports } = await compile(page('import { Rocket } from "lucide-react";'));
    expect(imports).not.toContain("lucide-react");
    expect(imports).toContain("react");
    expect(js.length).toBeLessThan(20_000);
  });

  test("a namespace import needs the whole package: it stays the vendor module", async () => {
    const { imports } = await compile(page('import * as Icons from "lucide-react";', "<Icons.Rocket />"));
    expect(imports).toContain("lucide-react");
  });
});

describe("compileApp import forms", () => {
  test("relative and folder imports, kit paths with extensions, virtual modules, css imports", async () => {
    const files = {
      "pages/Home.jsx": `import "../globals.css";
import { Button } from "@/components/ui/button.jsx";
import { client } from "@/api/client";
import { Core, InvokeLLM } from "@/api/integrations";
import { User } from "@/entities/User";
import { Task } from "@/api/entities";
import { Field } from "@/components/forms";
import { label } from "../services/labels";
export default function Home() {
  return <Button onClick={() => InvokeLLM({ prompt: label("x") })}><Field name={User.name} />{String(!!client && !!Core && !!Task)}</Button>;
}
`,
      "components/forms/index.js": 'export { Field } from "./Field";\n',
      "components/forms/Field.tsx":
        'export function Field({ name }: { name: string }) {\n  return <input className="border" name={name} />;\n}\n',
      "services/labels.ts": "export const label = (s: string): string => s.toUpperCase();\n",
      "globals.css": "body { margin: 0; }\n",
    };
    const result = await compileApp({ files, entityNames: ["Task"], mainPage: null }, { vendor });
    expect(result.diagnostics).toEqual([]);
    if (!result.ok) return;
    const { imports } = await outputImports(result.artifacts.js);
    expect(imports).toEqual(["@/components/ui/button", "@liftoff/runtime", "react/jsx-runtime"]);
    expect(result.artifacts.js).toContain("integrations.Core.InvokeLLM(...args)");
    expect(result.artifacts.css).toMatch(/body \{\s+margin: 0;/);
  });

  test("an @import url(...) in globals.css goes to the top of the stylesheet", async () => {
    const globals =
      '@import url("https://fonts.googleapis.com/css2?family=Inter");\nbody { font-family: Inter; }\n';
    const files = { "pages/Home.jsx": HOME_PAGE, "globals.css": globals };
    const result = await compileApp({ files, entityNames: [], mainPage: null }, { vendor });
    if (!result.ok) throw new Error(JSON.stringify(result.diagnostics));
    expect(
      result.artifacts.css.startsWith('@import url("https://fonts.googleapis.com/css2?family=Inter");\n'),
    ).toBe(true);
    expect(result.artifacts.css.match(/@import url/g)).toHaveLength(1);
  });

  test("an @import whose URL holds semicolons (Google Fonts weights) moves whole", async () => {
    const fonts = "https://fonts.googleapis.com/css2?family=Inter:wght@400;600;700&display=swap";
    for (const rule of [`@import url('${fonts}');`, `@import url(${fonts});`, `@import "${fonts}" screen;`]) {
      const files = { "pages/Home.jsx": HOME_PAGE, "globals.css": `${rule}\nbody { font-family: Inter; }\n` };
      const result = await compileApp({ files, entityNames: [], mainPage: null }, { vendor });
      if (!result.ok) throw new Error(JSON.stringify(result.diagnostics));
      expect(result.artifacts.css.startsWith(`${rule}\n`), rule).toBe(true);
      expect(result.artifacts.css.split(fonts)).toHaveLength(2);
    }
  });
});

const HOME_PAGE = "export default function Home() {\n  return <p>Home</p>;\n}\n";
