import type { Diagnostic } from "./app-files-bundle.ts";

/**
 * One rule for what a version's compile diagnostics mean, read by every place that decides
 * whether a version runs: publish, the host page and its boot data, the runtime bundle, the
 * frame, custom hosts, validate-repair and the builder's publish control.
 *
 * - Only errors block a version. A warning (a duplicate JSX attribute, a duplicate key in an
 *   object literal: code models write every day) leaves a working bundle behind, so the
 *   version is served; before this rule one warning showed visitors "This app is being
 *   updated" forever while the builder's preview ran the app.
 * - Warnings are for the builder (issue panel, validation results, with file and line) and
 *   never reach visitors; a visitor's bundle carries the blocking errors only.
 */
type Severity = Pick<Diagnostic, "severity">;

/** Whether a diagnostic keeps its version from running. */
export function blocksVersion(diagnostic: Severity): boolean {
  return diagnostic.severity === "error";
}

/** The diagnostics that keep a version from running (errors), in their order. */
export function blockingDiagnostics<T extends Severity>(diagnostics: readonly T[]): T[] {
  return diagnostics.filter(blocksVersion);
}

/** The diagnostics that are only advice for the builder (warnings). */
export function warningDiagnostics<T extends Severity>(diagnostics: readonly T[]): T[] {
  return diagnostics.filter((d) => !blocksVersion(d));
}

/**
 * Whether a build can be served to visitors: it produced its bundle (`ok`) and no
 * diagnostic blocks it. Publish refuses exactly the builds this refuses.
 */
export function isServableBuild(build: { ok: boolean; diagnostics: readonly Severity[] }): boolean {
  return build.ok && !build.diagnostics.some(blocksVersion);
}

/** The diagnostics a visitor's runtime bundle carries: the blocking ones, without severity. */
export function diagnosticsForVisitors(
  diagnostics: readonly Diagnostic[],
): { file: string; line: number; column: number; message: string }[] {
  return blockingDiagnostics(diagnostics).map(({ file, line, column, message }) => ({
    file,
    line,
    column,
    message,
  }));
}

/**
 * Why a build cannot be served, in one line for the builder (the first blocking error with
 * its place), or null when it can.
 */
export function unservableReason(build: { ok: boolean; diagnostics: readonly Diagnostic[] }): string | null {
  if (isServableBuild(build)) return null;
  const [first, ...rest] = blockingDiagnostics(build.diagnostics);
  if (!first) return "The version did not build.";
  const where = first.file ? `${first.file}:${first.line}: ` : "";
  const more = rest.length > 0 ? ` (and ${rest.length} more ${rest.length === 1 ? "error" : "errors"})` : "";
  return `${where}${first.message}${more}`;
}

/**
 * Whether the host page can start the app of a runtime bundle: the server built it and
 * sent no blocking error (its `diagnostics` hold only those, see diagnosticsForVisitors).
 */
export function canRunBundle(bundle: {
  assets: { js: string | null; css: string | null };
  diagnostics: readonly unknown[];
}): boolean {
  return bundle.assets.js !== null && bundle.assets.css !== null && bundle.diagnostics.length === 0;
}
