/**
 * bench/compile — compiling a 30-file space app (layout, 8 pages, 18 components,
 * 2 services, globals.css) with packages/compiler, side by side with `vite build` of the
 * same files (@vitejs/plugin-react + @tailwindcss/vite, vendor packages from node_modules).
 *   cold:  a fresh compiler per run (no caches; the process is warm)
 *   first: one compile in a new Node process, module loading included
 *   warm:  one compiler, one file changed per run (text only; or a new class)
 *   vite:  full builds, and watch-mode rebuilds after one changed file
 * Then the first render of a published app in headless Chromium (first-render.ts): the
 * production server, the same 30-file app and a template app, cold and warm.
 * Prints markdown tables (median / p90 ms) and saves them to bench/results/.
 * BENCH_RUNS (20) compiles per row; BENCH_VITE_RUNS (5) Vite builds and rebuilds;
 * BENCH_RENDER_RUNS (7) cold visits and reloads per app; BENCH_SKIP_RENDER=1 skips them.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { type CompileInput, createCompiler } from "@liftoff/compiler";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { build as viteBuild } from "vite";
import { markdownTable, ROOT } from "../support.ts";
import { benchVendor } from "./bench-vendor.ts";
import {
  type AppRender,
  measureFirstRender,
  milestones,
  THROTTLE,
  type Timing,
  timing,
  waterfallTable,
} from "./first-render.ts";
import { BENCH_ENTITIES, generateApp } from "./generate-app.ts";
import { viteAliases, writeViteProject } from "./vite-project.ts";

const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const VITE_RUNS = Number(process.env.BENCH_VITE_RUNS ?? 5);
const EDITED = "components/tasks/TaskCard.jsx";

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
  const loadBefore = loadAverage();
  const renders =
    process.env.BENCH_SKIP_RENDER === "1"
      ? []
      : await measureFirstRender(undefined, (line) => process.stderr.write(`[first render] ${line}\n`));

  const row = (what: string, t: Timing, note: string) => [what, t.runs, t.median, t.p90, note];
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  const { js, css } = ours.artifacts;
  const report = [
    `# bench/compile — ${new Date().toISOString()}`,
    "",
    `A generated 30-file app (${Object.keys(files).length} files: layout, 8 pages, 18 components, 2 services, globals.css; ` +
      `${Math.round(Object.values(files).join("").length / 1024)} KB of source). ` +
      `${cpus().length} cores shared with other work; load average at the end ${loadBefore}.`,
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
    ...firstRenderSection(renders, loadBefore),
    "",
    targets(ours.cold, ours.warmText, ours.warmClass, renders),
  ].join("\n");
  process.stdout.write(`${report}\n`);
  mkdirSync(join(ROOT, "bench/results"), { recursive: true });
  writeFileSync(
    join(ROOT, `bench/results/compile-${new Date().toISOString().slice(0, 10)}.md`),
    `${report}\n`,
  );
}

const loadAverage = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(" / ");

function firstRenderSection(renders: AppRender[], loadBefore: string): string[] {
  if (renders.length === 0) return [];
  const kb = (n: number) => `${Math.round(n / 1024)} KB`;
  const rows = renders.flatMap((r) =>
    (["cold", "warm", "throttled"] as const).map((visit) => {
      const v = r[visit];
      const name = {
        cold: "cold (new context)",
        warm: "warm (reload)",
        throttled: `cold, ${THROTTLE.label}`,
      }[visit];
      return [
        `${r.label}, ${name}`,
        v.rendered.runs,
        v.rendered.median,
        v.rendered.p90,
        v.painted.median,
        v.painted.p90,
        `${v.requests} (${v.cached} from cache)`,
        kb(v.bytes),
        `vendor files (pack or modules) from cache: ${v.vendor.cached} of ${v.vendor.requests}` +
          (v.errors.length > 0 ? `; app errors: ${v.errors.join(" / ")}` : ""),
      ];
    }),
  );
  const main = renders[0]!;
  const webBuild = readFileSync(join(ROOT, "apps/web/dist/host.html"), "utf8");
  return [
    "",
    "## First render of a published app (headless Chromium, localhost)",
    "",
    "Production server (PGlite), app published through the HTTP API, `/app/{slug}` opened in Debian's " +
      "Chromium. Times are ms from navigation start. *first render*: the host page receives the runtime's " +
      "`rendered` bridge message (posted from an effect once the first page and layout have committed). " +
      "*painted*: the app frame's first-contentful-paint (its `#root` is empty until React commits), on " +
      "the host's clock. Cold: a fresh browser context (empty HTTP cache); warm: a reload of the same page. " +
      "Requests and bytes (headers + encoded body over the wire, brotli where the server compresses) until " +
      "the network is quiet, the app's data included. " +
      `Load average before ${loadBefore}, after ${loadAverage()} (${cpus().length} cores shared: ` +
      "the browser, the server and other work compete for them, so these numbers are noisy).",
    ...(webBuild.includes("jsx-dev-runtime")
      ? [
          "",
          "**Warning:** apps/web/dist is a development build of the web app (jsx-dev-runtime); host times are pessimistic.",
        ]
      : []),
    "",
    markdownTable(
      [
        "app, visit",
        "runs",
        "first render median ms",
        "p90 ms",
        "painted median ms",
        "p90 ms",
        "requests",
        "transferred",
        "notes",
      ],
      rows,
    ),
    "",
    `Where the time goes, ${main.label}, median cold visit: ${milestones(main.waterfall)} ms. ` +
      `Median warm visit: ${milestones(main.warmWaterfall)} ms.`,
    "",
    markdownTable(
      [
        "requests (cold)",
        "count",
        "first start ms",
        "last end ms",
        "longest wait before sending ms",
        "transferred",
      ],
      waterfallTable(main.waterfall),
    ),
  ];
}

function targets(cold: Timing, warmText: Timing, warmClass: Timing, renders: AppRender[]): string {
  const mark = (value: number, limit: number) => `${value} ms ${value < limit ? "(met)" : "(missed)"}`;
  const kb = (bytes: number, limit: number) =>
    `${Math.round(bytes / 1024)} KB ${bytes < limit * 1024 ? "(met)" : "(missed)"}`;
  const render = renders.map(
    (r) =>
      `${r.label}: cold ${mark(r.cold.rendered.median, 1000)}, warm ${mark(r.warm.rendered.median, 1000)}, ` +
      `throttled ${mark(r.throttled.rendered.median, 2500)}, cold transfer ${kb(r.cold.bytes, 300)}`,
  );
  return [
    "Targets (issues 4 and 13): cold compile under 300 ms, warm under 50 ms, first render under 1 s " +
      `locally and under 2.5 s on ${THROTTLE.label}, a template app's page under 300 KB transferred cold.`,
    `Measured (medians): cold compile ${mark(cold.median, 300)}; warm compile ${mark(warmText.median, 50)} ` +
      `(a class replaced: ${mark(warmClass.median, 50)})` +
      (render.length > 0 ? `; first render — ${render.join("; ")}.` : "; first render not measured."),
  ].join("\n");
}

await main();
