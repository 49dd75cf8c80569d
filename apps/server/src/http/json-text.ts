import type { Context, TypedResponse } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";

const JSON_HEADERS = { "content-type": "application/json" };

/**
 * A JSON answer whose text is already made (the entity API's records come as JSON text from
 * Postgres): sent as it is, typed as `c.json` of T would be, so a route's declared response
 * still checks.
 */
export function jsonText<T, S extends ContentfulStatusCode>(
  c: Context,
  text: string,
  status: S,
): TypedResponse<T, S, "json"> {
  return c.body(text, status, JSON_HEADERS) as unknown as TypedResponse<T, S, "json">;
}
