import { applyRunEvent, createRunView, type PublicBlock, type RunView } from "@liftoff/domain";

/**
 * What the page shows between pressing Run and the server's snapshot: the tool's blocks,
 * empty, in the loading phase. It has no id (the server has not named the run yet) and the
 * snapshot replaces it whole, so nothing the server did not say survives.
 */
export function placeholderRunView(input: {
  appId: string;
  toolId: string;
  blocks: readonly Pick<PublicBlock, "id" | "validated">[];
  parentRunId?: string | null;
  followup?: string | null;
  now?: Date;
}): RunView {
  const idle = createRunView({
    id: "",
    appId: input.appId,
    toolId: input.toolId,
    blocks: input.blocks,
    parentRunId: input.parentRunId ?? null,
    followup: input.followup ?? null,
    createdAt: (input.now ?? new Date()).toISOString(),
  });
  return applyRunEvent(idle, { type: "phase", phase: "loading", step: "generate" });
}
