import { ACCESSIBILITY_DETECTORS, type AppIssue } from "./app-issue.ts";
import { findAccessibilityProblems } from "./find-accessibility-problems.ts";
import { parseAppModule } from "./parse-app-module.ts";

export type RepairResult = {
  /** File id → new content, for the files that changed. */
  changed: Map<string, string>;
  repairedFiles: { fileId: string; issuesFixed: number }[];
};

const KIT_PREFIX = "@/components/ui/";

/**
 * The repairs whose fix is certain:
 * - a component used in JSX but never imported, whose name exactly one available module
 *   exports — a lucide icon, or a part of one kit component (`CardHeader` →
 *   `@/components/ui/card`): the import is added at the top of the file;
 * - the accessibility fixes that need no judgement: an icon-only button named after its
 *   icon, an image's alt text from its own title, a clickable box with content made a
 *   keyboard button (role, tabIndex, Enter and Space), and an untitled dialog named after
 *   its one plain-text heading.
 * Anything ambiguous is left to the model (errors) or to the builder (warnings).
 */
export function repairAppIssues(
  files: Readonly<Record<string, string>>,
  issues: readonly AppIssue[],
  vendorExports: Readonly<Record<string, readonly string[]>> | undefined,
): RepairResult {
  const changed = new Map<string, string>();
  const repairedFiles: RepairResult["repairedFiles"] = [];
  const providers = vendorExports ? providersByName(vendorExports) : null;

  const byFile = new Map<string, AppIssue[]>();
  for (const issue of issues) {
    if (!issue.fileId) continue;
    const importable = issue.detectorId === "undefined-component" && issue.name && providers;
    const accessibility = (ACCESSIBILITY_DETECTORS as readonly string[]).includes(issue.detectorId);
    if (importable || accessibility) byFile.set(issue.fileId, [...(byFile.get(issue.fileId) ?? []), issue]);
  }
  for (const [fileId, fileIssues] of [...byFile].sort(([a], [b]) => a.localeCompare(b))) {
    const source = files[fileId];
    if (source === undefined) continue;
    const imports = new Map<string, string[]>();
    let fixed = 0;
    for (const issue of fileIssues) {
      if (issue.detectorId !== "undefined-component" || !providers) continue;
      const modules = providers.get(issue.name as string) ?? [];
      if (modules.length !== 1) continue;
      const module = modules[0] as string;
      imports.set(module, [...(imports.get(module) ?? []), issue.name as string]);
      fixed += 1;
    }
    const accessibility = repairAccessibility(source, fileIssues);
    fixed += accessibility.fixed;
    if (fixed === 0) continue;
    const lines = [...imports]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([module, names]) => `import { ${[...new Set(names)].sort().join(", ")} } from "${module}";`);
    changed.set(
      fileId,
      lines.length > 0 ? `${lines.join("\n")}\n${accessibility.source}` : accessibility.source,
    );
    repairedFiles.push({ fileId, issuesFixed: fixed });
  }
  return { changed, repairedFiles };
}

/**
 * Applies the certain accessibility fixes of one file for the issues reported in it (same
 * detector and line), inserting attributes from the end of the file backwards so earlier
 * offsets stay valid.
 */
function repairAccessibility(source: string, issues: readonly AppIssue[]): { source: string; fixed: number } {
  const wanted = new Set(issues.map((issue) => `${issue.detectorId}|${issue.line}`));
  if (![...wanted].some((key) => ACCESSIBILITY_DETECTORS.some((id) => key.startsWith(`${id}|`))))
    return { source, fixed: 0 };
  const facts = parseAppModule(source);
  if (!facts) return { source, fixed: 0 };
  const fixes = findAccessibilityProblems(facts)
    .filter((problem) => problem.fix && wanted.has(`${problem.detectorId}|${problem.line}`))
    .map((problem) => problem.fix as { at: number; text: string })
    .sort((a, b) => b.at - a.at);
  let repaired = source;
  for (const fix of fixes) repaired = repaired.slice(0, fix.at) + fix.text + repaired.slice(fix.at);
  return { source: repaired, fixed: fixes.length };
}

/** Export name → the modules that could provide it: lucide-react and the kit only. */
function providersByName(vendorExports: Readonly<Record<string, readonly string[]>>): Map<string, string[]> {
  const providers = new Map<string, string[]>();
  for (const [module, names] of Object.entries(vendorExports)) {
    if (module !== "lucide-react" && !module.startsWith(KIT_PREFIX)) continue;
    for (const name of names) {
      if (!/^[A-Z]/.test(name)) continue;
      // lucide exports every icon three times (X, XIcon, LucideX): all point to one module.
      providers.set(name, [...(providers.get(name) ?? []), module]);
    }
  }
  return providers;
}
