import { AppError, type ErrorCode, readErrorBody } from "@liftoff/domain";
import type { z } from "zod";

/**
 * The one HTTP client of the web app. The session is the server's HttpOnly cookie, which
 * the browser sends with every same-origin request: this code never sees a session token.
 * Parses JSON (optionally through a zod schema) and turns every non-2xx answer into an
 * AppError carrying the server's code, message and details. `error.status` is the real HTTP
 * status of the answer (the server may use codes that are not in ERROR_STATUS, e.g.
 * 'auth/email-already-exists').
 */

export const NETWORK_ERROR_MESSAGE = "Network error, check your connection and try again";

/**
 * Sent with every request: the session routes then set the cookie and leave the token out
 * of their answer (apps/server http/session-cookie.ts).
 */
export const COOKIE_SESSION_HEADERS = { "X-Liftoff-Session": "cookie" } as const;

let sessionUserId: string | null = null;

/** Called by the session provider when the signed-in user changes (null: signed out). */
export function setSessionUser(userId: string | null): void {
  sessionUserId = userId;
}

/** A key for caches that depend on who is signed in: the user's id, "" when signed out. */
export function sessionKey(): string {
  return sessionUserId ?? "";
}

export type RequestOptions = {
  /** A bearer for this call: an end user's app token (the platform session is the cookie). */
  token?: string | null;
  signal?: AbortSignal;
  headers?: Record<string, string>;
};

type Method = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

function errorFromResponse(status: number, body: unknown): AppError {
  const { code, message, details } = readErrorBody(status, body);
  const error = new AppError(code as ErrorCode, message, details);
  Object.defineProperty(error, "status", { value: status, enumerable: false });
  return error;
}

async function readJson(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * How an answer is checked: a zod schema, or a zod-free guard returning null for a bad
 * answer (the published app's host page uses those: zod is most of its weight otherwise).
 */
export type AnswerParser<T> = z.ZodType<T> | ((json: unknown) => T | null);

export async function request<T = unknown>(
  method: Method,
  path: string,
  body?: unknown,
  schema?: AnswerParser<T>,
  options: RequestOptions = {},
): Promise<T> {
  const headers: Record<string, string> = {
    Accept: "application/json",
    ...COOKIE_SESSION_HEADERS,
    ...options.headers,
  };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  const init: RequestInit = { method, headers, credentials: "same-origin", signal: options.signal ?? null };
  if (body !== undefined) {
    if (body instanceof FormData) init.body = body;
    else {
      headers["Content-Type"] = "application/json";
      init.body = JSON.stringify(body);
    }
  }

  let response: Response;
  try {
    response = await fetch(path, init);
  } catch (err) {
    if (err instanceof DOMException && err.name === "AbortError") throw err;
    throw new AppError("SERVICE_UNAVAILABLE", NETWORK_ERROR_MESSAGE);
  }

  const json = await readJson(response);
  if (!response.ok) throw errorFromResponse(response.status, json);
  if (!schema) return json as T;
  if (typeof schema === "function") {
    const checked = schema(json);
    if (checked === null) {
      throw new AppError("INTERNAL", "Unexpected answer from the server, try again later", { path });
    }
    return checked;
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    throw new AppError("INTERNAL", "Unexpected answer from the server, try again later", {
      path,
      issues: parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`),
    });
  }
  return parsed.data;
}

export const api = {
  get: <T = unknown>(path: string, schema?: AnswerParser<T>, options?: RequestOptions) =>
    request<T>("GET", path, undefined, schema, options),
  post: <T = unknown>(path: string, body?: unknown, schema?: AnswerParser<T>, options?: RequestOptions) =>
    request<T>("POST", path, body, schema, options),
  patch: <T = unknown>(path: string, body?: unknown, schema?: AnswerParser<T>, options?: RequestOptions) =>
    request<T>("PATCH", path, body, schema, options),
  put: <T = unknown>(path: string, body?: unknown, schema?: AnswerParser<T>, options?: RequestOptions) =>
    request<T>("PUT", path, body, schema, options),
  delete: <T = unknown>(path: string, schema?: AnswerParser<T>, options?: RequestOptions) =>
    request<T>("DELETE", path, undefined, schema, options),
};

/** The message to show for any thrown value. */
export function errorMessage(error: unknown, fallback = "Something went wrong, try again later"): string {
  if (error instanceof AppError) return error.message;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

/** HTTP status of an error thrown by `api`, if any. */
export function errorStatus(error: unknown): number | undefined {
  return error instanceof AppError ? error.status : undefined;
}
