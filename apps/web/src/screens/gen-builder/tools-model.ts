import {
  checkAddTool,
  checkToolActivation,
  emptyTool,
  GENERATED_APP_MESSAGES,
  isValidToolPath,
  type PlanId,
  SAVED_APP_SETTINGS_RANGES,
  SAVED_APP_TEXT_LIMITS,
  type Tool,
  type UpgradeReason,
  uniqueToolPath,
} from "@liftoff/domain";

/**
 * The answer of every change to an app's tool list: the next list, or why it was refused
 * (with the upgrade dialog's reason when a plan limit refused it). `activatedToolId` names
 * a tool that went from draft to active, for the 'Activate Your Tool!' dialog.
 */
export type ToolsChange =
  | { ok: true; tools: Tool[]; activatedToolId?: string }
  | { ok: false; message: string; upgradeReason?: UpgradeReason };

/** The path a new tool starts from; uniqueToolPath adds -2, -3… when it is taken. */
export const NEW_TOOL_PATH = "new-tool";

/** Shown for a tool without a title in the list and dialogs (the title itself stays ""). */
export const UNTITLED_TOOL = "Untitled tool";

const pathsOf = (tools: readonly Tool[], exceptId?: string) =>
  tools.filter((tool) => tool.toolId !== exceptId).map((tool) => tool.path);

const notFound = (): ToolsChange => ({ ok: false, message: "This tool no longer exists" });

/**
 * A fresh tool id. getRandomValues, not randomUUID: the latter exists only in secure
 * contexts, and a self-hosted instance may be opened over plain http on a LAN address.
 */
export function newToolId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return `tool-${Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("")}`;
}

/** Appends a new draft tool with a free path, unless the plan's tools-per-app maximum is reached. */
export function addTool(
  tools: readonly Tool[],
  options: { plan: PlanId | null; toolId: string; creditsPerRun?: number },
): ToolsChange {
  const check = checkAddTool({ toolCount: tools.length, plan: options.plan });
  if (!check.ok) return check;
  const path = uniqueToolPath(NEW_TOOL_PATH, pathsOf(tools), SAVED_APP_TEXT_LIMITS.path);
  return { ok: true, tools: [...tools, emptyTool({ toolId: options.toolId, path })] };
}

/**
 * A copy of a tool right after it: new id, a free path (-2, -3…), always a draft so the
 * live-tool limit is never crossed by copying. Pro and credits are admin settings that a
 * new tool may not carry for anyone else (validateSavedApp refuses it), so a non-admin's
 * copy starts at the defaults: off, and the app's credits per run.
 */
export function duplicateTool(
  tools: readonly Tool[],
  toolId: string,
  options: { plan: PlanId | null; newToolId: string; isAdmin: boolean; appCreditsPerRun: number },
): ToolsChange {
  const index = tools.findIndex((tool) => tool.toolId === toolId);
  const original = tools[index];
  if (!original) return notFound();
  const check = checkAddTool({ toolCount: tools.length, plan: options.plan });
  if (!check.ok) return check;
  const copy: Tool = {
    ...structuredClone(original),
    toolId: options.newToolId,
    path: uniqueToolPath(original.path, pathsOf(tools), SAVED_APP_TEXT_LIMITS.path),
    status: "draft",
  };
  if (!options.isAdmin) {
    copy.isProTool = false;
    const allowed = [SAVED_APP_SETTINGS_RANGES.creditsPerRun.default, options.appCreditsPerRun];
    if (!allowed.includes(copy.creditsPerRun)) copy.creditsPerRun = options.appCreditsPerRun;
  }
  return { ok: true, tools: [...tools.slice(0, index + 1), copy, ...tools.slice(index + 1)] };
}

/** The list without the tool. */
export function deleteTool(tools: readonly Tool[], toolId: string): ToolsChange {
  if (!tools.some((tool) => tool.toolId === toolId)) return notFound();
  return { ok: true, tools: tools.filter((tool) => tool.toolId !== toolId) };
}

/**
 * Other tools whose tool-item fields offer this tool's items: deleting it leaves those
 * fields pointing at nothing, which the save refuses, so the confirmation names them.
 */
export function toolsReferencing(tools: readonly Tool[], toolId: string): Tool[] {
  return tools.filter(
    (tool) =>
      tool.toolId !== toolId &&
      tool.fields.some((field) => field.type === "tool_item_select" && field.toolId === toolId),
  );
}

/** Moves a tool one place up (-1) or down (+1); at either end the list is unchanged. */
export function moveTool(tools: readonly Tool[], toolId: string, direction: -1 | 1): ToolsChange {
  const index = tools.findIndex((tool) => tool.toolId === toolId);
  if (index < 0) return notFound();
  const target = index + direction;
  if (target < 0 || target >= tools.length) return { ok: true, tools: [...tools] };
  const next = [...tools];
  [next[index], next[target]] = [next[target] as Tool, next[index] as Tool];
  return { ok: true, tools: next };
}

/**
 * A new path for a tool: letters, numbers and dashes, not empty (spec section 5, its exact
 * message). A path another tool has gets -2, -3… (compared case-insensitively), the way
 * the spec makes duplicates unique, so the edit is never refused for that.
 */
export function setToolPath(tools: readonly Tool[], toolId: string, path: string): ToolsChange {
  const trimmed = path.trim();
  if (!isValidToolPath(trimmed)) return { ok: false, message: GENERATED_APP_MESSAGES.invalidPath };
  if (trimmed.length > SAVED_APP_TEXT_LIMITS.path)
    return { ok: false, message: `Path can be at most ${SAVED_APP_TEXT_LIMITS.path} characters` };
  if (!tools.some((tool) => tool.toolId === toolId)) return notFound();
  const unique = uniqueToolPath(trimmed, pathsOf(tools, toolId), SAVED_APP_TEXT_LIMITS.path);
  return {
    ok: true,
    tools: tools.map((tool) => (tool.toolId === toolId ? { ...tool, path: unique } : tool)),
  };
}

/**
 * Active -> draft always; draft -> active through checkToolActivation (spec sections 4
 * and 6): a title is needed, and the plan's live-tool limit counts the app's other active tools.
 */
export function toggleToolStatus(tools: readonly Tool[], toolId: string, plan: PlanId | null): ToolsChange {
  const tool = tools.find((item) => item.toolId === toolId);
  if (!tool) return notFound();
  if (tool.status === "active") {
    return {
      ok: true,
      tools: tools.map((item) => (item.toolId === toolId ? { ...item, status: "draft" } : item)),
    };
  }
  const check = checkToolActivation({
    title: tool.title,
    isActive: false,
    activeToolCount: tools.filter((item) => item.status === "active").length,
    plan,
  });
  if (!check.ok) return check;
  return {
    ok: true,
    tools: tools.map((item) => (item.toolId === toolId ? { ...item, status: "active" } : item)),
    activatedToolId: toolId,
  };
}

/** Where end users open a tool (spec section 2 tool link shape): {base}/tool/{toolPath}. */
export function toolPagePath(appSlug: string, toolPath: string): string {
  return `/app/${encodeURIComponent(appSlug)}/tool/${encodeURIComponent(toolPath)}`;
}
