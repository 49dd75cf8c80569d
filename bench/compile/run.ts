/**
 * bench/compile — compiling a 30-file space app (layout, 8 pages, 18 components,
 * 2 services, globals.css) with packages/compiler, side by side with `vite build` of the
 * same files (@vitejs/plugin-react + @tailwindcss/vite, vendor packages from node_modules).
 *   cold:  a fresh compiler per run (no caches; the process is warm)
 *   first: one compile in a new Node process, module loading included
 *   warm:  one compiler, one file changed per run (text only; or a new class)
 *   vite:  full builds, and watch-mode rebuilds after one changed file
 * Prints a markdown table (median / p90 ms) and saves it to bench/results/.
 * BENCH_RUNS (20) compiles per row; BENCH_VITE_RUNS (5) Vite builds and rebuilds.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { type CompileInput, createCompiler } from "@liftoff/compiler";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { build as viteBuild } from "vite";
import { markdownTable, ROOT } from "../support.ts";
import { benchVendor } from "./bench-vendor.ts";
import { BENCH_ENTITIES, generateApp } from "./generate-app.ts";
import { viteAliases, writeViteProject } from "./vite-project.ts";

const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const VITE_RUNS = Number(process.env.BENCH_VITE_RUNS ?? 5);
const EDITED = "components/tasks/TaskCard.jsx";

type Timing = { median: number; p90: number; runs: number };

function timing(samples: number[]): Timing {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
  return { median: Math.round(at(0.5) * 10) / 10, p90: Math.round(at(0.9) * 10) / 10, runs: sorted.length };
}

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await fn();
  return performance.now() - started;
}

const files = generateApp();
const input = (changed: Record<string, string> = {}, cacheKey?: string): CompileInput => ({
  files: { ...files, ...changed },
  entityNames: BENCH_ENTITIES,
  mainPage: "Home",
  ...(cacheKey ? { cacheKey } : {}),
});
/** One file changed: different text each time, so no result cache can answer. */
const editedText = (n: number) => ({
  [EDITED]: files[EDITED]!.replace('aria-label="More"', `aria-label="More ${n}"`),
});
/** One page changed, a class replaced by one no file used before: Tailwind builds again. */
const editedClass = (n: number) => ({
  "pages/Tasks.jsx": files["pages/Tasks.jsx"]!.replace(
    "fade-in space-y-6",
    `fade-in space-y-6 mt-[${n + 1}px]`,
  ),
});

async function measureCompiler() {
  const vendor = benchVendor();
  const cold: number[] = [];
  let artifacts: { js: string; css: string } | null = null;
  for (let i = 0; i < RUNS; i++) {
    const compiler = createCompiler({ vendor });
    cold.push(
      await timed(async () => {
        const result = await compiler.compile(input());
        if (!result.ok) throw new Error(`bench app does not compile: ${JSON.stringify(result.diagnostics)}`);
        artifacts = result.artifacts;
      }),
    );
  }
  // The code editor's saves: one app's drafts, so with its id as cacheKey.
  const compiler = createCompiler({ vendor });
  await compiler.compile(input({}, "bench-app"));
  const warmText: number[] = [];
  const warmClass: number[] = [];
  const identical: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    warmText.push(await timed(() => compiler.compile(input(editedText(i), "bench-app"))));
    warmClass.push(await timed(() => compiler.compile(input(editedClass(i), "bench-app"))));
    identical.push(await timed(() => compiler.compile(input(editedClass(i), "bench-app"))));
  }
  // Without a cacheKey the stylesheet is exact, so a replaced class needs a fresh instance.
  const exact = createCompiler({ vendor });
  await exact.compile(input());
  const exactClass: number[] = [];
  for (let i = 0; i < RUNS; i++) exactClass.push(await timed(() => exact.compile(input(editedClass(i)))));
  return {
    cold: timing(cold),
    warmText: timing(warmText),
    warmClass: timing(warmClass),
    exactClass: timing(exactClass),
    identical: timing(identical),
    stats: compiler.stats,
    artifacts: artifacts as unknown as { js: string; css: string },
  };
}

/** A new process: import the compiler, compile once (what a server's first compile pays). */
function measureFirstCompile(): Timing {
  const samples: number[] = [];
  for (let i = 0; i < Math.min(5, RUNS); i++) {
    const script = new URL("./first-compile.ts", import.meta.url).pathname;
    const child = spawnSync(process.execPath, ["--import", "tsx", script], { cwd: ROOT, encoding: "utf8" });
    const ms = Number(/first-compile-ms=([\d.]+)/.exec(child.stdout)?.[1]);
    if (!Number.isFinite(ms)) throw new Error(`first compile failed: ${child.stdout}${child.stderr}`);
    samples.push(ms);
  }
  return timing(samples);
}

async function measureVite() {
  const project = writeViteProject(files, BENCH_ENTITIES);
  const config = (watch: boolean) => ({
    root: project.dir,
    configFile: false as const,
    logLevel: "silent" as const,
    plugins: [react(), tailwindcss()],
    resolve: { alias: viteAliases(project) },
    build: { outDir: join(project.dir, "dist"), emptyOutDir: true, watch: watch ? {} : null },
  });
  try {
    const builds: number[] = [];
    let bytes = { js: 0, jsGzip: 0, css: 0 };
    for (let i = 0; i < VITE_RUNS; i++) {
      let output: unknown;
      builds.push(
        await timed(async () => {
          output = await viteBuild(config(false));
        }),
      );
      bytes = outputBytes(output);
    }
    const rebuilds = await measureViteRebuilds(project.srcDir, config(true));
    return { build: timing(builds), rebuild: timing(rebuilds), bytes };
  } finally {
    rmSync(project.dir, { recursive: true, force: true });
  }
}

function outputBytes(output: unknown): { js: number; jsGzip: number; css: number } {
  const chunks = (Array.isArray(output) ? output : [output]).flatMap(
    (o) =>
      (o as { output: { type: string; fileName: string; code?: string; source?: string | Uint8Array }[] })
        .output,
  );
  let js = "";
  let css = 0;
  for (const chunk of chunks) {
    if (chunk.type === "chunk") js += chunk.code ?? "";
    else if (chunk.fileName.endsWith(".css")) css += String(chunk.source).length;
  }
  return { js: js.length, jsGzip: gzipSync(js).length, css };
}

type Watcher = {
  on(event: "event", fn: (e: { code: string; duration?: number; error?: unknown }) => void): void;
  close(): Promise<void>;
};

/** Watch mode: time from BUNDLE_START to BUNDLE_END of the rebuild one edit triggers. */
async function measureViteRebuilds(srcDir: string, config: object): Promise<number[]> {
  const watcher = (await viteBuild(config)) as unknown as Watcher;
  const samples: number[] = [];
  let waiting: ((ms: number) => void) | null = null;
  let started = 0;
  watcher.on("event", (event) => {
    if (event.code === "BUNDLE_START") started = performance.now();
    if (event.code === "BUNDLE_END") waiting?.(performance.now() - started);
    if (event.code === "ERROR") process.stderr.write(`vite watch error: ${String(event.error)}\n`);
  });
  const next = () => new Promise<number>((resolve) => (waiting = resolve));
  await next(); // the initial build
  for (let i = 0; i < VITE_RUNS; i++) {
    const done = next();
    writeFileSync(join(srcDir, EDITED), editedText(1000 + i)[EDITED]!);
    samples.push(await done);
  }
  await watcher.close();
  return samples;
}

async function main(): Promise<void> {
  process.stderr.write("[liftoff] compiling\n");
  const ours = await measureCompiler();
  process.stderr.write("[liftoff] first compile in new processes\n");
  const first = measureFirstCompile();
  process.stderr.write("[vite] building\n");
  const vite = await measureVite();

  const row = (what: string, t: Timing, note: string) => [what, t.runs, t.median, t.p90, note];
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  const { js, css } = ours.artifacts;
  const report = [
    `# bench/compile — ${new Date().toISOString()}`,
    "",
    `A generated 30-file app (${Object.keys(files).length} files: layout, 8 pages, 18 components, 2 services, globals.css; ` +
      `${Math.round(Object.values(files).join("").length / 1024)} KB of source). ` +
      `${cpus().length} cores shared with other work; load average at the end ${loadavg()
        .map((l) => l.toFixed(1))
        .join(" / ")}.`,
    "",
    markdownTable(
      ["what", "runs", "median ms", "p90 ms", "notes"],
      [
        row(
          "Liftoff compile, cold (fresh compiler)",
          ours.cold,
          "esbuild bundle + Tailwind compile and build",
        ),
        row(
          "Liftoff compile, first in a new process",
          first,
          "includes loading esbuild, Tailwind, oxide (and tsx transpiling TS)",
        ),
        row("Liftoff compile, warm: one file's text changed", ours.warmText, "JS bundle; CSS from cache"),
        row(
          "Liftoff compile, warm: a class replaced in one file",
          ours.warmClass,
          "with cacheKey: JS + Tailwind build()",
        ),
        row(
          "Liftoff compile, warm: a class replaced, exact CSS",
          ours.exactClass,
          "no cacheKey: JS + fresh Tailwind instance",
        ),
        row("Liftoff compile, identical input", ours.identical, "result cache"),
        row("vite build (same files)", vite.build, "vendor bundled from node_modules"),
        row("vite build --watch, one file changed", vite.rebuild, "rebuild only"),
      ],
    ),
    "",
    markdownTable(
      ["output", "JS", "JS gzip", "CSS"],
      [
        [
          "Liftoff (vendor via import map, not included)",
          kb(js.length),
          kb(gzipSync(js).length),
          kb(css.length),
        ],
        ["vite build (vendor bundled in)", kb(vite.bytes.js), kb(vite.bytes.jsGzip), kb(vite.bytes.css)],
      ],
    ),
    "",
    `Warm compiler counters: ${JSON.stringify(ours.stats)}.`,
    "Targets (issue 4): cold compile under 300 ms, warm under 50 ms.",
  ].join("\n");
  process.stdout.write(`${report}\n`);
  mkdirSync(join(ROOT, "bench/results"), { recursive: true });
  writeFileSync(
    join(ROOT, `bench/results/compile-${new Date().toISOString().slice(0, 10)}.md`),
    `${report}\n`,
  );
}

await main();
