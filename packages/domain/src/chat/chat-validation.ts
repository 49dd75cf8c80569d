import { z } from "zod";

/** One issue a validator found (spec section 3 Validation result). */
export const validationIssueSchema = z.object({
  message: z.string(),
  componentName: z.string(),
  detectorId: z.string(),
  severity: z.enum(["error", "warning"]),
  line: z.number().int().nullable(),
  /** The app file the issue is in (not in the spec's list; the UI links to it). */
  fileId: z.string().nullable(),
});
export type ValidationIssue = z.infer<typeof validationIssueSchema>;

/** POST /api/apps/{appId}/versions/{versionId}/validate-repair */
export const validateRepairBodySchema = z.object({
  messageId: z.string().min(1),
  messageContent: z.string().max(200_000).default(""),
});
export const validationResultSchema = z.object({
  initialIssues: z.array(validationIssueSchema),
  unresolvedIssues: z.array(validationIssueSchema),
  detectors: z.array(z.object({ id: z.string(), name: z.string(), issues: z.number().int() })),
  repairedFiles: z.array(z.object({ fileId: z.string(), issuesFixed: z.number().int() })),
  /** The version after repair (the same id as the input when nothing was repaired). */
  appBundle: z.object({ versionId: z.string() }),
  previousVersionId: z.string().nullable(),
  timingBreakdown: z.object({
    applyingActionsMs: z.number(),
    validatingMs: z.number(),
    repairingMs: z.number(),
  }),
});
export type ValidationResult = z.infer<typeof validationResultSchema>;
