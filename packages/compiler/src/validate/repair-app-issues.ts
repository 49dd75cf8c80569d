import type { AppIssue } from "./app-issue.ts";

export type RepairResult = {
  /** File id → new content, for the files that changed. */
  changed: Map<string, string>;
  repairedFiles: { fileId: string; issuesFixed: number }[];
};

const KIT_PREFIX = "@/components/ui/";

/**
 * The repairs whose fix is certain: a component used in JSX but never imported, whose
 * name exactly one available module exports — a lucide icon, or a part of one kit
 * component (`CardHeader` → `@/components/ui/card`). The import is added at the top of
 * the file. Anything ambiguous is left to the model.
 */
export function repairAppIssues(
  files: Readonly<Record<string, string>>,
  issues: readonly AppIssue[],
  vendorExports: Readonly<Record<string, readonly string[]>> | undefined,
): RepairResult {
  const changed = new Map<string, string>();
  const repairedFiles: RepairResult["repairedFiles"] = [];
  if (!vendorExports) return { changed, repairedFiles };
  const providers = providersByName(vendorExports);

  const byFile = new Map<string, AppIssue[]>();
  for (const issue of issues) {
    if (issue.detectorId !== "undefined-component" || !issue.fileId || !issue.name) continue;
    byFile.set(issue.fileId, [...(byFile.get(issue.fileId) ?? []), issue]);
  }
  for (const [fileId, fileIssues] of byFile) {
    const source = files[fileId];
    if (source === undefined) continue;
    const imports = new Map<string, string[]>();
    let fixed = 0;
    for (const issue of fileIssues) {
      const modules = providers.get(issue.name as string) ?? [];
      if (modules.length !== 1) continue;
      const module = modules[0] as string;
      imports.set(module, [...(imports.get(module) ?? []), issue.name as string]);
      fixed += 1;
    }
    if (fixed === 0) continue;
    const lines = [...imports]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([module, names]) => `import { ${[...new Set(names)].sort().join(", ")} } from "${module}";`);
    changed.set(fileId, `${lines.join("\n")}\n${source}`);
    repairedFiles.push({ fileId, issuesFixed: fixed });
  }
  return { changed, repairedFiles };
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
