import { invalidArgument } from "./invalid-argument.ts";
import { SdkError } from "./sdk-error.ts";
import { sdkErrorFromResponse } from "./sdk-error-from-response.ts";

// A plain `Response` is allowed too, so an in-process handler (Hono's `app.fetch`) fits as is.
export type FetchLike = (input: string, init?: RequestInit) => Promise<Response> | Response;

export type HttpRequest = {
  method: "GET" | "POST" | "PUT" | "DELETE";
  /** Path from the server root, already URL-encoded where needed. */
  path: string;
  query?: URLSearchParams | undefined;
  /** A JSON body; mutually exclusive with `form`. */
  json?: unknown;
  form?: FormData | undefined;
  headers?: Record<string, string> | undefined;
  signal?: AbortSignal | undefined;
};

export type HttpClient = {
  /** Sends the request and returns the parsed JSON answer; non-2xx answers throw SdkError. */
  send<T = unknown>(request: HttpRequest): Promise<T>;
  /** Sends the request and returns the raw 2xx Response (for streams); non-2xx throw SdkError. */
  open(request: HttpRequest): Promise<Response>;
  /** The current bearer token, if any. */
  token(): string | undefined;
};

export const NETWORK_ERROR_MESSAGE = "Network error, check your connection and try again";

function isAbort(error: unknown): boolean {
  return (error as { name?: unknown } | null)?.name === "AbortError";
}

function networkError(cause: unknown): SdkError {
  return new SdkError({ status: 0, code: "NETWORK_ERROR", message: NETWORK_ERROR_MESSAGE, cause });
}

async function readBody(response: Response): Promise<{ text: string; json: unknown }> {
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    if (isAbort(error)) throw error;
    throw networkError(error);
  }
  if (!text) return { text, json: undefined };
  try {
    return { text, json: JSON.parse(text) };
  } catch {
    return { text, json: undefined };
  }
}

/**
 * The SDK's only door to the network. Every call carries the bearer token read at call
 * time (a token may appear or change while the app runs), and every failure leaves as
 * an SdkError — except an abort the caller asked for, which stays an AbortError so the
 * caller can tell "I stopped it" from "it broke".
 */
export function createHttpClient(options: {
  baseUrl: string;
  getToken?: (() => string | null | undefined) | undefined;
  fetch?: FetchLike | undefined;
}): HttpClient {
  // No trailing slash, so paths (which start with one) join cleanly; '' keeps URLs
  // relative, which is what an app served from the platform's own origin wants.
  const base = options.baseUrl.replace(/\/+$/, "");

  function token(): string | undefined {
    const value: unknown = options.getToken?.();
    if (value === undefined || value === null || value === "") return undefined;
    // An async getToken would otherwise go out as "Bearer [object Promise]" and surface
    // as a puzzling 401 far from its cause.
    if (typeof value !== "string")
      throw invalidArgument("getToken must return the token string (or null) synchronously, not a promise");
    return value;
  }

  async function open(request: HttpRequest): Promise<Response> {
    const headers: Record<string, string> = { accept: "application/json", ...(request.headers ?? {}) };
    const bearer = token();
    if (bearer) headers.authorization = `Bearer ${bearer}`;
    let body: BodyInit | undefined;
    if (request.form) {
      // The browser sets the multipart boundary itself; a hand-written content-type would lack it.
      body = request.form;
    } else if (request.json !== undefined) {
      headers["content-type"] = "application/json";
      body = JSON.stringify(request.json);
    }
    const search = request.query?.toString();
    const url = `${base}${request.path}${search ? `?${search}` : ""}`;
    // Looked up per call, not captured once: tests and polyfills replace globalThis.fetch,
    // and calling the browser's fetch detached from globalThis throws "Illegal invocation".
    const doFetch: FetchLike = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    let response: Response;
    try {
      response = await doFetch(url, { method: request.method, headers, body, signal: request.signal });
    } catch (error) {
      if (isAbort(error) || request.signal?.aborted) throw error;
      throw networkError(error);
    }
    if (!response.ok) {
      const { json } = await readBody(response);
      throw sdkErrorFromResponse(response.status, json);
    }
    return response;
  }

  async function send<T>(request: HttpRequest): Promise<T> {
    const response = await open(request);
    const { text, json } = await readBody(response);
    if (text && json === undefined) {
      // Typically the web app's index.html answering a path the API does not have,
      // which happens when baseUrl points at the wrong place.
      throw new SdkError({
        status: response.status,
        code: "INVALID_RESPONSE",
        message: "The server did not answer with JSON; check the client's baseUrl",
      });
    }
    return json as T;
  }

  return { send, open, token };
}
