import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { compileApp, detectAppIssues } from "@liftoff/compiler";
import { KIT_COMPONENTS } from "@liftoff/domain";
import { ensureVendorBuild } from "@liftoff/runtime/server";
import { describe, expect, it } from "vitest";
import { loadTemplates } from "./load-templates.ts";
import { resolveTemplatesDir } from "./resolve-templates-dir.ts";

// The real vendor set (built once, shared with the server), so an import the frame's
// import map would not resolve fails here as it would in the browser.
const { manifest: vendor } = await ensureVendorBuild();

const templatesDir = resolveTemplatesDir();
const templates = loadTemplates(templatesDir);

/** Names a kit module exports, read from its source in packages/runtime/src/kit. */
function kitExports(name: string): Set<string> | null {
  const file = join(templatesDir ?? "", "..", "packages", "runtime", "src", "kit", `${name}.ts`);
  if (!existsSync(file)) return null;
  const names = new Set<string>();
  const source = readFileSync(file, "utf8");
  for (const block of source.matchAll(/export\s*\{([^}]*)\}/g))
    for (const part of (block[1] ?? "").split(",")) {
      const exported = part
        .trim()
        .split(/\s+as\s+/)
        .pop()
        ?.trim();
      if (exported) names.add(exported);
    }
  for (const match of source.matchAll(/export\s+(?:const|function|class)\s+(\w+)/g))
    if (match[1]) names.add(match[1]);
  return names;
}

/** `import { A, B } from "@/components/ui/x"` in a file → [{module: "x", names}]. */
function kitImports(content: string): { module: string; names: string[] }[] {
  return [...content.matchAll(/import\s*\{([^}]*)\}\s*from\s*"@\/components\/ui\/([\w-]+)"/g)].map(
    (match) => ({
      module: match[2] ?? "",
      names: (match[1] ?? "")
        .split(",")
        .map((name) => name.trim())
        .filter(Boolean),
    }),
  );
}

describe("shipped templates compile", () => {
  it("finds all three templates", () => {
    expect(templates.map((template) => template.manifest.id).sort()).toEqual([
      "bookings",
      "small-crm",
      "task-board",
    ]);
  });

  for (const template of templates) {
    // The compiler cannot see inside vendor modules, so a misspelt kit name would only
    // fail in the browser; check every kit import against what the kit really exports.
    it(`${template.manifest.id} imports only what the kit exports`, () => {
      const problems: string[] = [];
      for (const [id, content] of Object.entries(template.files))
        for (const { module, names } of kitImports(content)) {
          if (!(KIT_COMPONENTS as readonly string[]).includes(module)) {
            problems.push(`${id}: no kit component '${module}'`);
            continue;
          }
          const exported = kitExports(module);
          if (!exported) continue;
          for (const name of names)
            if (!exported.has(name)) problems.push(`${id}: '${module}' has no export ${name}`);
        }
      expect(problems).toEqual([]);
    });

    // Issue 14: the templates are what builders start from, so they pass every validator,
    // the accessibility detectors included (labels, alt text, keyboard, button names).
    it(`${template.manifest.id} has no issue the validators find`, () => {
      const { issues } = detectAppIssues({
        files: template.files,
        entityNames: template.manifest.entities.map((entity) => entity.name),
        diagnostics: [],
        vendorExports: vendor.exports,
      });
      expect(issues.map((issue) => `${issue.fileId}:${issue.line} ${issue.message}`)).toEqual([]);
    });

    it(`${template.manifest.id} compiles without diagnostics`, async () => {
      const result = await compileApp(
        {
          files: template.files,
          entityNames: template.manifest.entities.map((entity) => entity.name),
          mainPage: template.manifest.mainPage,
        },
        { vendor },
      );
      expect(result.diagnostics).toEqual([]);
      expect(result.ok).toBe(true);
      expect(result.artifacts?.pages.sort()).toEqual([...template.pages].sort());
      expect(result.artifacts?.mainPage).toBe(template.manifest.mainPage);
      // The app's own Tailwind classes made it into the stylesheet.
      expect(result.artifacts?.css).toContain(".min-h-screen");
      // Theme tokens resolve, so utilities like bg-primary/10 are generated.
      expect(result.artifacts?.css).toMatch(/\.bg-primary\\\/10/);
    });
  }
});
