import { z } from "@hono/zod-openapi";

/**
 * The run body as documented: the answers are checked against the tool's own fields in
 * the handler (runRequestSchemaFor), with one message per field in a 400.
 */
export const runBodySchema = z
  .object({
    input: z.string().optional().openapi({ description: "The main input" }),
    values: z.record(z.string(), z.unknown()).optional().openapi({
      description: "Answers keyed by field name: text, option labels, or {value, unit} for height and weight",
    }),
    parentRunId: z
      .string()
      .optional()
      .openapi({ description: "A follow-up: the successful run it continues" }),
    followup: z.string().optional().openapi({ description: "A follow-up: the end user's request" }),
  })
  .openapi("RunBody");
