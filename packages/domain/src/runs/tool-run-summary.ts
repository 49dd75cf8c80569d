import { z } from "zod";
import { usageRecordSchema } from "../chat/chat-message.ts";
import { runViewSchema } from "./run-view.ts";

/**
 * One run as the builder's run history shows it (GET /api/apps/{appId}/runs): the answers
 * it was asked with, its view (state and block texts), outcome, usage and cost. Shared by
 * the server that lists runs and the builder that reads them.
 */
export const toolRunSummarySchema = z.object({
  id: z.string(),
  toolId: z.string(),
  parentRunId: z.string().nullable(),
  status: z.enum(["running", "success", "error"]),
  request: z.record(z.string(), z.unknown()),
  view: runViewSchema.nullable(),
  errorCode: z.string().nullable(),
  /** Technical details, for the builder only (an end user sees the plain message in the view). */
  errorDetails: z.string().nullable(),
  usage: usageRecordSchema.nullable(),
  model: z.string().nullable(),
  signedIn: z.boolean(),
  creditsCharged: z.number().int(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ToolRunSummary = z.infer<typeof toolRunSummarySchema>;

export const toolRunListSchema = z.object({ runs: z.array(toolRunSummarySchema) });
export type ToolRunList = z.infer<typeof toolRunListSchema>;
