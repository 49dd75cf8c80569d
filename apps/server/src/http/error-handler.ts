import { AppError, type ErrorBody, errorStatus } from "@liftoff/domain";
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { ZodError } from "zod";
import { log } from "../log.ts";

/**
 * The one place where failures become HTTP answers. AppError carries its code; a client
 * mistake caught by Hono (malformed JSON, bad content) becomes a 4xx with a clear text;
 * anything else is a 500 logged with its stack and shown without internals.
 */
export function toErrorResponse(error: unknown, c: Context): Response {
  const { status, body } = describe(error);
  // A 503 is a known state (no model configured, the provider failing: already logged where
  // it happened), not our bug; only real failures are errors with a stack.
  if (status === 503) log.warn("request answered 503", { path: c.req.path, message: body.error.message });
  else if (status >= 500) log.error("request failed", { path: c.req.path, error });
  // A rate limit that knows when it frees up says so the standard way too (RFC 9110).
  const retryAfter = (body.error.details as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds;
  if (status === 429 && typeof retryAfter === "number" && retryAfter > 0)
    c.header("Retry-After", String(Math.ceil(retryAfter)));
  return c.json(body, status as ContentfulStatusCode);
}

function describe(error: unknown): { status: number; body: ErrorBody } {
  if (error instanceof AppError) return { status: error.status, body: error.toBody() };
  if (error instanceof ZodError) return { status: 400, body: validationBody(error) };
  // Postgres cancelled a statement that ran past the statement timeout.
  if ((error as { code?: unknown } | null)?.code === "57014") {
    return {
      status: 503,
      body: new AppError(
        "SERVICE_UNAVAILABLE",
        "This request took too long and was stopped. Narrow the filter and try again.",
      ).toBody(),
    };
  }
  if (error instanceof HTTPException) {
    const status = error.status;
    if (status === 413)
      return { status, body: new AppError("PAYLOAD_TOO_LARGE", "Request body is too large").toBody() };
    const message = /json/i.test(error.message)
      ? "Malformed JSON in request body"
      : error.message || "Bad request";
    const code = /json/i.test(error.message)
      ? "INVALID_JSON"
      : status === 401
        ? "UNAUTHORIZED"
        : "BAD_REQUEST";
    return { status: status >= 400 && status < 500 ? status : 400, body: { error: { code, message } } };
  }
  return {
    status: 500,
    body: {
      error: { code: "INTERNAL", message: "Something went wrong on our side, please try again later" },
    },
  };
}

export function validationBody(error: ZodError): ErrorBody {
  const fields = error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message }));
  const first = fields[0];
  const message = first
    ? first.path
      ? `${first.path}: ${first.message}`
      : first.message
    : "Invalid request";
  return { error: { code: "VALIDATION_FAILED", message, details: { fields } } };
}

export { errorStatus };
