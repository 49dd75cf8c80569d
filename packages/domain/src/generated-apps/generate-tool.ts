import { z } from "zod";
import { toolSchema } from "./tool.ts";

/** The one sentence a builder describes a tool with (ours: the spec gives no cap). */
export const GENERATE_TOOL_DESCRIPTION_MAX = 1_000;

/**
 * POST /api/apps/{appId}/tools/generate (issue 15, `?generateTool=true`): the AI writes a
 * whole tool from one sentence. It counts against the account's appGenerationsUsed/Total.
 */
export const generateToolBodySchema = z.object({
  description: z
    .string({ error: "Describe the tool in a sentence" })
    .trim()
    .min(1, "Describe the tool in a sentence")
    .max(
      GENERATE_TOOL_DESCRIPTION_MAX,
      `The description can be at most ${GENERATE_TOOL_DESCRIPTION_MAX.toLocaleString("en-US")} characters`,
    ),
});
export type GenerateToolBody = z.infer<typeof generateToolBodySchema>;

/**
 * A draft tool for the builder to review before adding it: its id and path are free in the
 * app, and it keeps to the rules a save checks for the app owner's plan.
 */
export const generateToolResponseSchema = z.object({ tool: toolSchema });
export type GenerateToolResponse = z.infer<typeof generateToolResponseSchema>;

/** Ours (the spec names the monthly tool-generation cap but gives no text); the dialog opens with 'new tool generations limit'. */
export const TOOL_GENERATIONS_LIMIT_MESSAGE =
  "You have used your plan's tool generations for this month. Upgrade your plan to generate more tools.";

/** Ours: only generated apps and single tools hold tools. */
export const TOOLS_NEED_TOOL_APP_MESSAGE = "Only generated apps and single tools have tools";
