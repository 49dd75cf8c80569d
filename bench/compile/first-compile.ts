/**
 * One compile in a fresh Node process, module loading included (what a server's first
 * compile after boot pays). Only dynamic imports, so the clock starts before any of them.
 * Prints `first-compile-ms=<ms>`; run by bench/compile/run.ts.
 */
const started = performance.now();
const { compileApp } = await import("@liftoff/compiler");
const { benchVendor } = await import("./bench-vendor.ts");
const { BENCH_ENTITIES, generateApp } = await import("./generate-app.ts");
const result = await compileApp(
  { files: generateApp(), entityNames: BENCH_ENTITIES, mainPage: "Home" },
  { vendor: benchVendor() },
);
if (!result.ok) throw new Error(JSON.stringify(result.diagnostics));
process.stdout.write(`first-compile-ms=${(performance.now() - started).toFixed(1)}\n`);

export {};
