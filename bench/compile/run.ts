/**
 * bench/compile — compiling a 30-file space app (layout, 8 pages, 18 components,
 * 2 services, globals.css) with packages/compiler, side by side with `vite build` of the
 * same files (@vitejs/plugin-react + @tailwindcss/vite, vendor packages from node_modules).
 *   cold:  a fresh compiler per run (no caches; the process is warm)
 *   first: one compile in a new Node process, module loading included
 *   warm:  one compiler, one file changed per run (text only; or a new class)
 *   vite:  full builds, and watch-mode rebuilds after one changed file
 * Then the first render in headless Chromium (first-render.ts): the production server with
 * the same 30-file app and a template app published, and the Vite build of the 30-file app
 * served statically with compression (vite-static.ts); cold, warm and on a throttled network.
 * Prints markdown tables (median / p90 ms) and saves them to bench/results/.
 * BENCH_RUNS (20) compiles per row; BENCH_VITE_RUNS (5) Vite builds and rebuilds;
 * BENCH_RENDER_RUNS (7) cold visits and reloads per app; BENCH_SKIP_RENDER=1 skips them;
 * BENCH_SKIP_COMPILE=1 skips the compile timings (only the first render runs).
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
  type SignInRender,
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

async function measureCompile() {
  process.stderr.write("[liftoff] compiling\n");
  const ours = await measureCompiler();
  process.stderr.write("[liftoff] first compile in new processes\n");
  const first = measureFirstCompile();
  process.stderr.write("[vite] building\n");
  const vite = await measureVite();
  return { ours, first, vite };
}

type Compile = Awaited<ReturnType<typeof measureCompile>>;

function compileSection({ ours, first, vite }: Compile): string[] {
  const row = (what: string, t: Timing, note: string) => [what, t.runs, t.median, t.p90, note];
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  const { js, css } = ours.artifacts;
  return [
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
  ];
}

async function main(): Promise<void> {
  const compile = process.env.BENCH_SKIP_COMPILE === "1" ? null : await measureCompile();
  const loadBefore = loadAverage();
  const measured =
    process.env.BENCH_SKIP_RENDER === "1"
      ? null
      : await measureFirstRender(undefined, (line) => process.stderr.write(`[first render] ${line}\n`));
  const renders = measured?.apps ?? [];

  const report = [
    `# bench/compile — ${new Date().toISOString()}`,
    "",
    `A generated 30-file app (${Object.keys(files).length} files: layout, 8 pages, 18 components, 2 services, globals.css; ` +
      `${Math.round(Object.values(files).join("").length / 1024)} KB of source). ` +
      `${cpus().length} cores shared with other work; load average ${compile ? "after compiling" : "at the start"} ` +
      `${loadBefore}.` +
      (compile ? "" : " Compile timings skipped (BENCH_SKIP_COMPILE=1)."),
    ...(compile ? compileSection(compile) : []),
    ...firstRenderSection(renders, loadBefore),
    ...(measured ? signInSection(measured.signIn) : []),
    "",
    targets(compile, renders, measured?.signIn ?? null),
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

function signInSection(signIn: SignInRender): string[] {
  return [
    "",
    `## The app's own sign-in page (cold, new context; it starts no frame)`,
    "",
    markdownTable(
      ["page", "runs", "form shown median ms", "p90 ms", "requests", "transferred"],
      [
        [
          signIn.label,
          signIn.shown.runs,
          signIn.shown.median,
          signIn.shown.p90,
          signIn.requests,
          `${Math.round(signIn.bytes / 1024)} KB`,
        ],
      ],
    ),
  ];
}

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
      const cachedFiles =
        r.kind === "vite"
          ? `hashed /assets/ files from cache: ${v.vendor.cached} of ${v.vendor.requests}`
          : `vendor files (pack or modules) from cache: ${v.vendor.cached} of ${v.vendor.requests}`;
      return [
        `${r.label}, ${name}`,
        v.rendered.runs,
        v.rendered.median,
        v.rendered.p90,
        v.painted.median,
        v.painted.p90,
        `${v.requests} (${v.cached} from cache)`,
        kb(v.bytes),
        cachedFiles +
          (v.failed > 0 ? `; ${v.failed} more visit(s) did not render within 30 s (left out)` : "") +
          (v.errors.length > 0 ? `; app errors: ${v.errors.join(" / ")}` : ""),
      ];
    }),
  );
  const webBuild = readFileSync(join(ROOT, "apps/web/dist/host.html"), "utf8");
  const waterfalls = renders.flatMap((r) => [
    "",
    `Where the time goes, ${r.label}, median cold visit: ${milestones(r.waterfall, r.kind)} ms. ` +
      `Median warm visit: ${milestones(r.warmWaterfall, r.kind)} ms.`,
    "",
    markdownTable(
      [
        `requests (cold), ${r.kind === "vite" ? "Vite" : "Liftoff"}`,
        "count",
        "first start ms",
        "last end ms",
        "longest wait before sending ms",
        "transferred",
        "encoding",
      ],
      waterfallTable(r.waterfall, r.kind),
    ),
  ]);
  return [
    "",
    "## First render: Liftoff's published app and the Vite build of the same app (headless Chromium, localhost)",
    "",
    "Liftoff: production server (PGlite), apps published through the HTTP API, `/app/{slug}` opened in " +
      "Debian's Chromium. Vite: the same generated 30-file app built with `vite build` (one JS chunk with " +
      "the vendor packages, one CSS file), served by a small Node static server in the bench " +
      "(bench/compile/vite-static.ts): every text file precompressed with brotli quality 11 (gzip 9 " +
      "when the browser does not accept br), hashed /assets/ files `immutable` for a year, index.html " +
      "`no-cache` with an ETag. Its SDK reads the same records from the same Liftoff server: the static " +
      "server forwards `/live_api/` there (a static host's API rewrite), so both pages make the same " +
      "data request over the wire, and the Vite page has no platform, login or sandbox around it. " +
      "Same browser, same visits: cold is a fresh browser context (empty HTTP cache), warm a reload " +
      `of the same page, throttled a cold visit under Chromium's network emulation (${THROTTLE.label}). ` +
      "Times are ms from navigation start of the page the visitor opened. *first render*: the first DOM " +
      "mutation that gives the app's `#root` an element child (React's first commit of layout and page), " +
      "seen by a MutationObserver that an init script installs in every document: for Vite the page " +
      "itself, for Liftoff the sandboxed app frame (moved onto the host's clock with both documents' " +
      "performance.timeOrigin). *painted*: the first-contentful-paint of the document holding `#root` " +
      "(empty until React commits, so the first paint of app content). Requests and bytes (headers + " +
      "encoded body over the wire) until the network is quiet, the app's data included. The app's " +
      "globals.css `@import url(fonts.googleapis.com…)`: Vite drops it (an `@import` after rules); " +
      "Liftoff's compiler moves it to the top, so the browser asks for the font, which fails at once " +
      "here (no network): that request is left out of the tables, and Liftoff's bytes are without " +
      "the font a real visitor would get. " +
      `Load average before ${loadBefore}, after ${loadAverage()} (${cpus().length} cores shared: ` +
      "the browser, the servers and other work compete for them, so times are noisy; bytes are not).",
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
    ...waterfalls,
  ];
}

function targets(compile: Compile | null, renders: AppRender[], signIn: SignInRender | null): string {
  const mark = (value: number, limit: number) => `${value} ms ${value < limit ? "(met)" : "(not met)"}`;
  const kb = (bytes: number, limit: number) =>
    `${Math.round(bytes / 1024)} KB ${bytes < limit * 1024 ? "(met)" : "(not met)"}`;
  const lines = [
    "Targets (issues 4 and 13): cold compile under 300 ms, warm under 50 ms; a template app's page " +
      "under 300 KB transferred cold and at most 1.2x the Vite build's bytes; first render under 1 s " +
      `cold on localhost and under 2.5 s on ${THROTTLE.label}. The issue names a template app's ` +
      "sign-in page (measured below); the bench also opens the bookings template's first page " +
      "(Services) as an anonymous visitor, which loads the app itself and its data.",
  ];
  if (signIn)
    lines.push(
      `Sign-in page, ${signIn.label} (medians, cold): ${kb(signIn.bytes, 300)} in ${signIn.requests} ` +
        `requests, form shown at ${mark(signIn.shown.median, 1000)}.`,
    );
  if (compile) {
    const { ours } = compile;
    lines.push(
      `Compile (medians): cold ${mark(ours.cold.median, 300)}; warm ${mark(ours.warmText.median, 50)} ` +
        `(a class replaced: ${mark(ours.warmClass.median, 50)}).`,
    );
  }
  const vites = renders.filter((r) => r.kind === "vite");
  const liftoff = renders.filter((r) => r.kind === "liftoff");
  if (liftoff.length === 0) return [...lines, "First render not measured."].join("\n");
  const twinOf = (r: AppRender) => vites.find((v) => v.label === r.viteTwin);
  lines.push(
    ...liftoff.map((r) => {
      const twin = twinOf(r);
      const ratio = twin ? r.cold.bytes / twin.cold.bytes : Number.NaN;
      return (
        `First render, ${r.label} (medians): cold ${mark(r.cold.rendered.median, 1000)}, ` +
        `throttled ${mark(r.throttled.rendered.median, 2500)} (warm ${r.warm.rendered.median} ms); ` +
        `cold transfer ${kb(r.cold.bytes, 300)} (${(r.cold.bytes / 1024).toFixed(1)} KB)` +
        (twin
          ? `, ${ratio.toFixed(3)}x its Vite build's ${(twin.cold.bytes / 1024).toFixed(1)} KB ` +
            `${ratio <= 1.2 ? "(met)" : "(not met)"}`
          : "") +
        "."
      );
    }),
  );
  for (const vite of vites)
    lines.push(
      `For reference, ${vite.label}: cold ${vite.cold.rendered.median} ms, throttled ` +
        `${vite.throttled.rendered.median} ms, warm ${vite.warm.rendered.median} ms, ` +
        `${Math.round(vite.cold.bytes / 1024)} KB cold in ${vite.cold.requests} requests.`,
    );
  return lines.join("\n");
}

await main();
