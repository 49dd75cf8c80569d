import { describe, expect, it } from "vitest";
import type { Diagnostic } from "./app-files-bundle.ts";
import {
  blockingDiagnostics,
  blocksVersion,
  canRunBundle,
  diagnosticsForVisitors,
  isServableBuild,
  unservableReason,
  warningDiagnostics,
} from "./build-rules.ts";

const warning: Diagnostic = {
  file: "pages/Home.jsx",
  line: 3,
  column: 30,
  message: 'Duplicate "className" attribute in JSX element',
  severity: "warning",
};
const error: Diagnostic = {
  file: "pages/Home.jsx",
  line: 2,
  column: 12,
  message: 'Unexpected ";"',
  severity: "error",
};
const error2: Diagnostic = { ...error, file: "pages/Tasks.jsx", line: 9 };

describe("build rules", () => {
  it("blocks a version on errors only", () => {
    expect(blocksVersion(error)).toBe(true);
    expect(blocksVersion(warning)).toBe(false);
    expect(blockingDiagnostics([warning, error, error2])).toEqual([error, error2]);
    expect(warningDiagnostics([warning, error])).toEqual([warning]);
  });

  it("serves a build that produced its bundle, warnings or not", () => {
    expect(isServableBuild({ ok: true, diagnostics: [] })).toBe(true);
    expect(isServableBuild({ ok: true, diagnostics: [warning, warning] })).toBe(true);
    expect(isServableBuild({ ok: true, diagnostics: [error] })).toBe(false);
    expect(isServableBuild({ ok: false, diagnostics: [] })).toBe(false);
  });

  it("gives visitors the blocking errors only, without severity", () => {
    expect(diagnosticsForVisitors([warning])).toEqual([]);
    expect(diagnosticsForVisitors([warning, error])).toEqual([
      { file: error.file, line: error.line, column: error.column, message: error.message },
    ]);
  });

  it("says why a build cannot be served, with the first error's place", () => {
    expect(unservableReason({ ok: true, diagnostics: [warning] })).toBeNull();
    expect(unservableReason({ ok: false, diagnostics: [warning, error] })).toBe(
      'pages/Home.jsx:2: Unexpected ";"',
    );
    expect(unservableReason({ ok: false, diagnostics: [error, error2] })).toBe(
      'pages/Home.jsx:2: Unexpected ";" (and 1 more error)',
    );
    expect(unservableReason({ ok: false, diagnostics: [] })).toBe("The version did not build.");
  });

  it("runs a bundle with both assets and no blocking error", () => {
    const assets = { js: "/runtime/assets/a.js", css: "/runtime/assets/b.css" };
    expect(canRunBundle({ assets, diagnostics: [] })).toBe(true);
    expect(canRunBundle({ assets, diagnostics: diagnosticsForVisitors([error]) })).toBe(false);
    expect(canRunBundle({ assets: { js: null, css: null }, diagnostics: [] })).toBe(false);
  });
});
