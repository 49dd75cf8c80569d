import { AppError, type ErrorCode, readErrorBody } from "@liftoff/domain";
import type { z } from "zod";

/**
 * The one HTTP client of the web app. Sends the bearer token, parses JSON (optionally
 * through a zod schema) and turns every non-2xx answer into an AppError carrying the
 * server's code, message and details. `error.status` is the real HTTP status of the answer
 * (the server may use codes that are not in ERROR_STATUS, e.g. 'auth/email-already-exists').
 */

export const NETWORK_ERROR_MESSAGE = "Network error, check your connection and try again";

let authToken: string | null = null;

/** Called by the session provider whenever the token changes. */
export function setApiToken(token: string | null): void {
  authToken = token;
}

export function getApiToken(): string | null {
  return authToken;
}

export type RequestOptions = {
  /** Overrides the session token for this call (e.g. a token just received from a social popup). */
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

export async function request<T = unknown>(
  method: Method,
  path: string,
  body?: unknown,
  schema?: z.ZodType<T>,
  options: RequestOptions = {},
): Promise<T> {
  const headers: Record<string, string> = { Accept: "application/json", ...options.headers };
  const token = options.token === undefined ? authToken : options.token;
  if (token) headers.Authorization = `Bearer ${token}`;
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
  get: <T = unknown>(path: string, schema?: z.ZodType<T>, options?: RequestOptions) =>
    request<T>("GET", path, undefined, schema, options),
  post: <T = unknown>(path: string, body?: unknown, schema?: z.ZodType<T>, options?: RequestOptions) =>
    request<T>("POST", path, body, schema, options),
  patch: <T = unknown>(path: string, body?: unknown, schema?: z.ZodType<T>, options?: RequestOptions) =>
    request<T>("PATCH", path, body, schema, options),
  put: <T = unknown>(path: string, body?: unknown, schema?: z.ZodType<T>, options?: RequestOptions) =>
    request<T>("PUT", path, body, schema, options),
  delete: <T = unknown>(path: string, schema?: z.ZodType<T>, options?: RequestOptions) =>
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
