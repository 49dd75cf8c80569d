import { describe, expect, test } from "vitest";
import { goodApp } from "./fixtures/good-app.ts";
import { testVendor } from "./fixtures/test-vendor.ts";
import { createCompiler } from "./index.ts";

const input = (files: Record<string, string>) => ({ files, entityNames: ["Task"], mainPage: null });

async function artifactsOf(compiler: ReturnType<typeof createCompiler>, files: Record<string, string>) {
  const result = await compiler.compile(input(files));
  if (!result.ok) throw new Error(JSON.stringify(result.diagnostics));
  return result.artifacts;
}

describe("createCompiler caches", () => {
  test("an identical input is served from the result cache with the same hashes", async () => {
    const compiler = createCompiler({ vendor: testVendor() });
    const first = await artifactsOf(compiler, goodApp);
    const second = await artifactsOf(compiler, { ...goodApp });
    expect(second.jsHash).toBe(first.jsHash);
    expect(second.cssHash).toBe(first.cssHash);
    expect(compiler.stats).toMatchObject({ compiles: 2, resultCacheHits: 1, tailwindCompilers: 1 });
  });

  test("a warm compile reuses the Tailwind compiler and only builds", async () => {
    const compiler = createCompiler({ vendor: testVendor() });
    const cold = await artifactsOf(compiler, goodApp);

    // Same classes, different code: new JS, the stylesheet straight from the CSS cache.
    const sameClasses = {
      ...goodApp,
      "components/dashboard/StatCard.jsx": goodApp["components/dashboard/StatCard.jsx"]!.replace(
        "{label}",
        "{label}:",
      ),
    };
    const edited = await artifactsOf(compiler, sameClasses);
    expect(edited.jsHash).not.toBe(cold.jsHash);
    expect(edited.cssHash).toBe(cold.cssHash);
    expect(compiler.stats).toMatchObject({ tailwindCompilers: 1, tailwindBuilds: 1, cssCacheHits: 1 });

    // A new class: the same Tailwind instance builds once more.
    const newClass = {
      ...sameClasses,
      "pages/Home.jsx": goodApp["pages/Home.jsx"]!.replace("text-3xl", "text-3xl tracking-tight"),
    };
    const grown = await artifactsOf(compiler, newClass);
    expect(grown.css).toContain(".tracking-tight {");
    expect(compiler.stats).toMatchObject({ tailwindCompilers: 1, tailwindBuilds: 2 });
  });

  test("a removed class leaves the stylesheet: output depends on the input only, not on history", async () => {
    const warm = createCompiler({ vendor: testVendor() });
    await artifactsOf(warm, goodApp);
    const fewer = { ...goodApp, "pages/Home.jsx": goodApp["pages/Home.jsx"]!.replace("bg-indigo-600 ", "") };
    const afterEdit = await artifactsOf(warm, fewer);
    expect(afterEdit.css).not.toContain(".bg-indigo-600 {");
    // Tailwind instances accumulate classes, so a shrinking set gets a fresh instance.
    expect(warm.stats.tailwindCompilers).toBe(2);

    const cold = await artifactsOf(createCompiler({ vendor: testVendor() }), fewer);
    expect(afterEdit.cssHash).toBe(cold.cssHash);
    expect(afterEdit.jsHash).toBe(cold.jsHash);
  });

  test("a changed globals.css compiles a new Tailwind instance", async () => {
    const compiler = createCompiler({ vendor: testVendor() });
    await artifactsOf(compiler, goodApp);
    const restyled = await artifactsOf(compiler, {
      ...goodApp,
      "globals.css": ".brand-title { @apply text-primary; }\n",
    });
    expect(restyled.css).toMatch(/\.brand-title \{\s+color: var\(--color-primary\);/);
    expect(restyled.css).not.toContain(".app-card {");
    expect(compiler.stats.tailwindCompilers).toBe(2);
  });

  test("concurrent compiles of different apps give each its own classes", async () => {
    const compiler = createCompiler({ vendor: testVendor() });
    const page = (cls: string) => ({
      "pages/Home.jsx": `export default function Home() {\n  return <p className="${cls}">x</p>;\n}\n`,
    });
    const [a, b] = await Promise.all([
      artifactsOf(compiler, page("bg-red-500")),
      artifactsOf(compiler, page("bg-blue-500")),
    ]);
    expect(a.css).toContain(".bg-red-500 {");
    expect(a.css).not.toContain(".bg-blue-500 {");
    expect(b.css).toContain(".bg-blue-500 {");
    expect(b.css).not.toContain(".bg-red-500 {");
  });
});

describe("createCompiler with a cacheKey (one app's drafts)", () => {
  const page = (classes: string) => ({
    "pages/Home.jsx": `export default function Home() {\n  return <p className="${classes}">x</p>;\n}\n`,
  });
  const draft = (classes: string, cacheKey: string) => ({ ...input(page(classes)), cacheKey });

  test("a replaced class reuses the app's Tailwind instance; the old class lingers", async () => {
    const compiler = createCompiler({ vendor: testVendor() });
    await compiler.compile(draft("p-4 bg-red-500", "app-1"));
    const next = await compiler.compile(draft("p-4 bg-blue-500", "app-1"));
    if (!next.ok) throw new Error(JSON.stringify(next.diagnostics));
    expect(next.artifacts.css).toContain(".bg-blue-500 {");
    expect(next.artifacts.css).toContain(".bg-red-500 {");
    expect(compiler.stats.tailwindCompilers).toBe(1);
  });

  test("apps never share an instance or a result, even with identical files", async () => {
    const compiler = createCompiler({ vendor: testVendor() });
    await compiler.compile(draft("content-['secret-of-app-1']", "app-1"));
    await compiler.compile(draft("p-4", "app-1"));
    const other = await compiler.compile(draft("p-4", "app-2"));
    const exact = await compiler.compile(input(page("p-4")));
    for (const result of [other, exact]) {
      if (!result.ok) throw new Error(JSON.stringify(result.diagnostics));
      expect(result.artifacts.css).not.toContain("secret-of-app-1");
    }
    expect(compiler.stats.resultCacheHits).toBe(0);
  });

  test("too many stale classes renew the instance", async () => {
    const compiler = createCompiler({ vendor: testVendor() });
    const many = Array.from({ length: 300 }, (_, i) => `mt-[${i + 1}px]`).join(" ");
    await compiler.compile(draft(`p-4 ${many}`, "app-1"));
    const trimmed = await compiler.compile(draft("p-4", "app-1"));
    if (!trimmed.ok) throw new Error(JSON.stringify(trimmed.diagnostics));
    expect(trimmed.artifacts.css).not.toContain("mt-\\[1px\\]");
    expect(compiler.stats.tailwindCompilers).toBe(2);
  });
});
