import { invalidArgument } from "./invalid-argument.ts";
import { isPlainObject } from "./is-plain-object.ts";

/** A filter in the entity API's query language (`{status: 'open', priority: {$gte: 2}}`). */
export type EntityFilter = Record<string, unknown>;

/** 'field', '-field', 'field:asc' or 'field:desc'; several comma-separated. */
export type EntitySort = string;

export type EntityQueryArgs = {
  /** The method name, so an error can show the right call shape. */
  method: string;
  query?: unknown;
  sort?: unknown;
  limit?: unknown;
  skip?: unknown;
  fields?: unknown;
};

const SIGNATURES: Record<string, string> = {
  list: "list(sort?, limit?, skip?, fields?)",
  filter: "filter(query, sort?, limit?, skip?, fields?)",
  count: "count(query?)",
  deleteMany: "deleteMany(query), with {} to delete every row you may delete",
  subscribe: "subscribe(callback, { query? })",
};

function signature(method: string): string {
  return SIGNATURES[method] ?? method;
}

/** Checks a filter object and turns it into the `q` parameter's JSON. */
function filterParam(method: string, query: unknown): string {
  if (!isPlainObject(query))
    throw invalidArgument(
      `${method} takes a query object such as { status: "done" }, got ${describe(query)}; call ${signature(method)}`,
    );
  return JSON.stringify(query);
}

function describe(value: unknown): string {
  if (value === undefined) return "nothing";
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "string") return `the string ${JSON.stringify(value.slice(0, 40))}`;
  return `a ${typeof value}`;
}

function absent(value: unknown): boolean {
  // Exported apps pass null for arguments they skip: filter(q, null, null, null, ["id"]).
  return value === undefined || value === null;
}

function count(method: string, name: "limit" | "skip", value: unknown): string | undefined {
  if (absent(value)) return undefined;
  // A page holds at least one row (the API's limit starts at 1); skipping starts at 0.
  const min = name === "limit" ? 1 : 0;
  if (typeof value !== "number" || !Number.isInteger(value) || value < min)
    throw invalidArgument(
      `${name} must be a whole number of rows (${min} or more), got ${describe(value)}; call ${signature(method)}`,
    );
  return String(value);
}

/**
 * Builds the query string of a list / filter / count / deleteMany / subscribe call from
 * the positional arguments generated apps use, rejecting misplaced ones with a message
 * that shows the signature (`list(10)` is a common slip for `list(undefined, 10)`), since
 * the server would otherwise answer a confusing 400 about a sort field named "10".
 */
export function entityQueryParams(args: EntityQueryArgs): URLSearchParams {
  const { method } = args;
  const params = new URLSearchParams();
  if (!absent(args.query) || method === "deleteMany") params.set("q", filterParam(method, args.query));
  if (!absent(args.sort)) {
    if (typeof args.sort !== "string")
      throw invalidArgument(
        `sort must be a string such as "-createdAt" or "title:asc", got ${describe(args.sort)}; call ${signature(method)}`,
      );
    if (args.sort.trim() !== "") params.set("sort", args.sort.trim());
  }
  const limit = count(method, "limit", args.limit);
  if (limit !== undefined) params.set("limit", limit);
  const skip = count(method, "skip", args.skip);
  if (skip !== undefined && skip !== "0") params.set("skip", skip);
  if (!absent(args.fields)) {
    const fields = typeof args.fields === "string" ? args.fields.split(",") : args.fields;
    if (!Array.isArray(fields) || fields.some((field) => typeof field !== "string"))
      throw invalidArgument(
        `fields must be an array of field names such as ["id", "title"], got ${describe(args.fields)}; call ${signature(method)}`,
      );
    const names = fields.map((field: string) => field.trim()).filter(Boolean);
    if (names.length > 0) params.set("fields", names.join(","));
  }
  return params;
}
