import type { FetchLike } from "../create-http-client.ts";

export type RecordedCall = {
  url: URL;
  method: string;
  headers: Headers;
  /** The parsed JSON body, the FormData, or undefined. */
  body: unknown;
  signal: AbortSignal | undefined;
};

/** A JSON answer, as the platform sends them. */
export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

/**
 * A fetch that records what the SDK sends and answers through `handler`, so unit tests
 * check the exact HTTP of every call without a server.
 */
export function fakeFetch(
  handler: (call: RecordedCall) => Response | Promise<Response> = () => json(200, {}),
) {
  const calls: RecordedCall[] = [];
  const fetch: FetchLike = async (input, init = {}) => {
    const body = init.body;
    const call: RecordedCall = {
      url: new URL(input, "http://platform.test"),
      method: init.method ?? "GET",
      headers: new Headers(init.headers),
      body: typeof body === "string" ? JSON.parse(body) : (body ?? undefined),
      signal: init.signal ?? undefined,
    };
    calls.push(call);
    return handler(call);
  };
  return { fetch, calls, last: () => calls[calls.length - 1]! };
}
