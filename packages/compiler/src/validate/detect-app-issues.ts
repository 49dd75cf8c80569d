import { blocksVersion, type Diagnostic } from "@liftoff/domain";
import { type AppIssue, componentNameOf, DETECTORS, type DetectorId } from "./app-issue.ts";
import { findAccessibilityProblems } from "./find-accessibility-problems.ts";
import { parseAppModule } from "./parse-app-module.ts";
import { ENTITY_METHODS, USER_METHODS } from "./sdk-methods.ts";

export type DetectInput = {
  /** File id → content of the version. */
  files: Readonly<Record<string, string>>;
  entityNames: readonly string[];
  /** The compile's diagnostics of the same files. */
  diagnostics: readonly Diagnostic[];
  /** Vendor module → exported names (the vendor manifest's `exports`), when known. */
  vendorExports?: Readonly<Record<string, readonly string[]>> | undefined;
};

export type DetectResult = {
  issues: AppIssue[];
  detectors: { id: DetectorId; name: string; issues: number }[];
};

const ENTITY_MODULE = "@/api/entities";
const ENTITY_FILE_MODULE = /^@\/entities\/([A-Za-z_][\w]*)$/;
/** Globals a JSX tag may name without importing it. */
const JSX_GLOBALS = new Set(["React", "Fragment"]);

/** Maps a compile diagnostic to the detector that owns it. */
function detectorOfDiagnostic(diagnostic: Diagnostic): DetectorId {
  switch (diagnostic.detectorId) {
    case "unresolved-import":
      return "unresolved-import";
    case "unknown-entity":
      return "unknown-entity";
    case "missing-default-export":
      return "missing-default-export";
    default:
      return "compile-error";
  }
}

/**
 * Runs every detector over a version: the compile's own diagnostics (syntax, unresolved
 * imports, unknown entities, pages without a default export) plus source checks the
 * bundler cannot make, because vendor imports stay bare and JSX names are just variables:
 * unknown lucide icons, components used but never imported or defined, SDK calls of
 * methods that do not exist, and (as warnings) the accessibility failures visible in the
 * JSX. Deterministic: the same files give the same issues.
 */
export function detectAppIssues(input: DetectInput): DetectResult {
  const issues: AppIssue[] = [];
  const seen = new Set<string>();
  const add = (issue: AppIssue) => {
    const key = `${issue.detectorId}|${issue.fileId}|${issue.line}|${issue.message}`;
    if (seen.has(key)) return;
    seen.add(key);
    issues.push(issue);
  };

  for (const d of input.diagnostics) {
    const blocking = blocksVersion(d);
    add({
      detectorId: blocking ? detectorOfDiagnostic(d) : "compile-warning",
      message: d.message,
      fileId: d.file || null,
      componentName: componentNameOf(d.file || null),
      line: d.line || null,
      severity: blocking ? "error" : "warning",
    });
  }

  const entities = new Set(input.entityNames);
  const icons = input.vendorExports?.["lucide-react"];
  const iconSet = icons ? new Set(icons) : null;
  for (const [fileId, source] of Object.entries(input.files).sort(([a], [b]) => a.localeCompare(b))) {
    if (!/\.(jsx?|tsx?)$/.test(fileId)) continue;
    const facts = parseAppModule(source);
    if (!facts) continue; // a syntax error: the compile's diagnostic says where
    const componentName = componentNameOf(fileId);
    const at = (detectorId: DetectorId, message: string, line: number, name?: string) =>
      add({ detectorId, message, fileId, componentName, line, severity: "error", ...(name ? { name } : {}) });

    if (fileId.startsWith("pages/") && !facts.hasDefaultExport)
      at("missing-default-export", `${fileId} has no default export, so the page cannot be shown`, 1);

    const entityLocals = new Map<string, string>();
    for (const imp of facts.imports) {
      if (imp.source === "lucide-react" && iconSet && imp.imported !== "*" && imp.imported !== "default") {
        if (!iconSet.has(imp.imported))
          at("unknown-icon", `lucide-react has no icon named ${imp.imported}`, imp.line, imp.imported);
      }
      if (imp.source === ENTITY_MODULE && imp.imported !== "*" && imp.imported !== "default") {
        if (imp.imported !== "User" && !entities.has(imp.imported))
          at("unknown-entity", `Entity ${imp.imported} does not exist`, imp.line, imp.imported);
        entityLocals.set(imp.local, imp.imported);
      }
      const fileEntity = ENTITY_FILE_MODULE.exec(imp.source)?.[1];
      if (fileEntity) entityLocals.set(imp.local, fileEntity);
    }

    for (const [name, line] of facts.jsxNames) {
      if (!facts.bound.has(name) && !JSX_GLOBALS.has(name))
        at("undefined-component", `<${name}> is used but never imported or defined`, line, name);
    }

    for (const problem of findAccessibilityProblems(facts))
      add({
        detectorId: problem.detectorId,
        message: problem.message,
        fileId,
        componentName,
        line: problem.line,
        severity: "warning",
      });

    for (const call of facts.memberCalls) {
      const entity = entityLocals.get(call.object);
      if (!entity) continue;
      const allowed = entity === "User" ? USER_METHODS : ENTITY_METHODS;
      if (!allowed.has(call.method))
        at(
          "unknown-sdk-method",
          `${entity}.${call.method}() does not exist (available: ${[...allowed].join(", ")})`,
          call.line,
        );
    }
  }

  const detectors = DETECTORS.map((d) => ({
    id: d.id,
    name: d.name,
    issues: issues.filter((i) => i.detectorId === d.id).length,
  }));
  return { issues, detectors };
}
