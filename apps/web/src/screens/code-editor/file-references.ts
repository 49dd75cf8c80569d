import { appFileGroup } from "@liftoff/domain";

/** Import specifiers by which other files can refer to `fileId` ('@/components/x/Y', './Y', '../x/Y'). */
function withoutExtension(path: string): string {
  return path.replace(/\.(jsx|tsx|js|ts|css)$/, "");
}

function dirOf(path: string): string {
  const slash = path.lastIndexOf("/");
  return slash >= 0 ? path.slice(0, slash) : "";
}

/** Resolves a relative specifier seen in `fromId` to a path without extension ('components/x/Y'). */
export function resolveRelative(fromId: string, specifier: string): string {
  const parts = dirOf(fromId).split("/").filter(Boolean);
  for (const segment of specifier.split("/")) {
    if (segment === "." || segment === "") continue;
    if (segment === "..") parts.pop();
    else parts.push(segment);
  }
  return parts.join("/");
}

/** Whether an import specifier written in `fromId` points at `targetId`. */
export function specifierTargets(fromId: string, specifier: string, targetId: string): boolean {
  const target = withoutExtension(targetId);
  const candidates = [target, `${target}/index`];
  let resolved: string | null = null;
  if (specifier.startsWith("@/")) resolved = withoutExtension(specifier.slice(2));
  else if (specifier.startsWith("./") || specifier.startsWith("../")) {
    resolved = withoutExtension(resolveRelative(fromId, specifier));
  }
  if (resolved === null) return false;
  // The layout is importable as '@/layout' whatever its extension.
  if (appFileGroup(targetId) === "layout" && resolved === "layout") return true;
  return candidates.includes(resolved) || (target.endsWith("/index") && resolved === dirOf(target));
}

/** import … from 'x'; import 'x'; export … from 'x' — whole statements, possibly multi-line. */
const IMPORT_STATEMENT =
  /^[ \t]*(?:import|export)\s+(?:[^'";]*?\s+from\s+)?["']([^"']+)["'][ \t]*;?[ \t]*(?:\r?\n)?/gm;

/** The content with every import/export-from statement of `targetId` removed, or null if none. */
export function removeImportsOf(fromId: string, content: string, targetId: string): string | null {
  let changed = false;
  const next = content.replace(IMPORT_STATEMENT, (statement, specifier: string) => {
    if (!specifierTargets(fromId, specifier, targetId)) return statement;
    changed = true;
    return "";
  });
  return changed ? next : null;
}

export type ReferenceUpdate = { path: string; content: string };

/**
 * The files that import `targetId`, rewritten without those imports: the
 * `referencesToUpdate` of a delete, so the remaining app does not import a missing file.
 */
export function referencesToUpdate(
  files: readonly { id: string; content: string }[],
  targetId: string,
): ReferenceUpdate[] {
  const updates: ReferenceUpdate[] = [];
  for (const file of files) {
    if (file.id === targetId || file.id.startsWith("entities/")) continue;
    const content = removeImportsOf(file.id, file.content, targetId);
    if (content !== null) updates.push({ path: file.id, content });
  }
  return updates;
}
