import { z } from "@hono/zod-openapi";
import type { ZodType } from "zod";

const errorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.record(z.string(), z.unknown()).optional(),
  }),
});

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: "Invalid input",
  401: "Not signed in, or bad credentials",
  403: "Not allowed",
  404: "Not found",
  409: "Conflict",
  413: "Body too large",
  422: "Unprocessable",
  429: "Too many attempts",
};

export function jsonBody<T extends ZodType>(schema: T) {
  return { content: { "application/json": { schema } }, required: true };
}

export function jsonResponse<T extends ZodType>(schema: T, description: string) {
  return { content: { "application/json": { schema } }, description };
}

/** The common `{error: {code, message}}` answers, listed per route in the OpenAPI document. */
export function errorResponses(...statuses: number[]) {
  return Object.fromEntries(
    statuses.map((s) => [
      s,
      {
        content: { "application/json": { schema: errorSchema } },
        description: ERROR_DESCRIPTIONS[s] ?? "Error",
      },
    ]),
  ) as Record<
    number,
    { content: { "application/json": { schema: typeof errorSchema } }; description: string }
  >;
}
