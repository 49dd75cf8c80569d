import {
  checkAddTool,
  dedupeIds,
  type PlanId,
  SAVED_APP_TEXT_LIMITS,
  type Tool,
  uniqueToolPath,
} from "@liftoff/domain";
import type { ToolsChange } from "./tools-model.ts";

/**
 * Adds a tool the AI wrote to the app, as a draft at the end: its path gets -2, -3… and its
 * id a suffix if the app changed since it was generated, and the plan's tools-per-app
 * limit still applies.
 */
export function addGeneratedTool(tools: readonly Tool[], generated: Tool, plan: PlanId | null): ToolsChange {
  const room = checkAddTool({ toolCount: tools.length, plan });
  if (!room.ok) return room;
  const [toolId] = dedupeIds(
    [...tools.map((tool) => tool.toolId), generated.toolId],
    SAVED_APP_TEXT_LIMITS.id,
  ).slice(-1);
  const path = uniqueToolPath(
    generated.path,
    tools.map((tool) => tool.path),
    SAVED_APP_TEXT_LIMITS.path,
  );
  return { ok: true, tools: [...tools, { ...generated, toolId: toolId!, path, status: "draft" }] };
}
