/**
 * The last run of each tool, kept in the tab's sessionStorage so a reload re-attaches to a
 * run still streaming (or shows the finished one) instead of losing it. Per tab on purpose:
 * another tab is another visit.
 */
export type RunIdStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

export function rememberedRunKey(appId: string, toolId: string): string {
  return `liftoff.toolRun.${appId}.${toolId}`;
}

/** The tab's sessionStorage, or null where storage is blocked (its access throws). */
export function sessionRunStorage(): RunIdStorage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function readRememberedRunId(
  storage: RunIdStorage | null,
  appId: string,
  toolId: string,
): string | null {
  try {
    return storage?.getItem(rememberedRunKey(appId, toolId)) || null;
  } catch {
    return null;
  }
}

export function rememberRunId(
  storage: RunIdStorage | null,
  appId: string,
  toolId: string,
  runId: string,
): void {
  try {
    storage?.setItem(rememberedRunKey(appId, toolId), runId);
  } catch {
    // Storage full or disabled: the run still shows, only a reload forgets it.
  }
}

export function forgetRunId(storage: RunIdStorage | null, appId: string, toolId: string): void {
  try {
    storage?.removeItem(rememberedRunKey(appId, toolId));
  } catch {
    // Nothing stored.
  }
}
