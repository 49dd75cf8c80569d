import type { VendorManifest } from "@liftoff/domain";
import type { CompileInput, CompileOptions, CompileResult } from "./compiler-types.ts";
import { type Compiler, createCompiler } from "./create-compiler.ts";

/** One compiler (and so one set of caches) per vendor manifest object. */
const compilers = new WeakMap<VendorManifest, Compiler>();

/**
 * Compiles a version's files to one ES module and one stylesheet. Bad app code is a
 * result with diagnostics, never a throw. Caches are kept per `options.vendor` object:
 * pass the same manifest object each time (the server loads it once) to get warm compiles.
 */
export function compileApp(input: CompileInput, options: CompileOptions): Promise<CompileResult> {
  let compiler = compilers.get(options.vendor);
  if (!compiler) {
    compiler = createCompiler(options);
    compilers.set(options.vendor, compiler);
  }
  return compiler.compile(input);
}
