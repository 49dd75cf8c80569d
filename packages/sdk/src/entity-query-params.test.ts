import { describe, expect, it } from "vitest";
import { entityQueryParams } from "./entity-query-params.ts";
import { SdkError } from "./sdk-error.ts";

const params = (args: Parameters<typeof entityQueryParams>[0]) =>
  Object.fromEntries(entityQueryParams(args).entries());

function errorOf(run: () => unknown): SdkError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(SdkError);
    return error as SdkError;
  }
  throw new Error("expected an SdkError");
}

describe("entityQueryParams", () => {
  it("sends nothing for no arguments", () => {
    expect(params({ method: "list" })).toEqual({});
  });

  it.each(["title", "-createdAt", "priority:desc", "done:asc,-priority"])(
    "passes sort %s through",
    (sort) => {
      expect(params({ method: "list", sort })).toEqual({ sort });
    },
  );

  it("sends limit, skip and fields", () => {
    expect(params({ method: "list", sort: "-title", limit: 10, skip: 20, fields: ["id", "title"] })).toEqual({
      sort: "-title",
      limit: "10",
      skip: "20",
      fields: "id,title",
    });
  });

  it("treats null and undefined as left out, the way exported apps skip arguments", () => {
    expect(
      params({ method: "filter", query: { a: 1 }, sort: null, limit: null, skip: undefined, fields: ["id"] }),
    ).toEqual({ q: '{"a":1}', fields: "id" });
  });

  it("leaves out an empty sort, skip 0 and empty fields", () => {
    expect(params({ method: "list", sort: "  ", skip: 0, fields: [] })).toEqual({});
  });

  it("accepts limit 1 and refuses limit 0, as the API does", () => {
    expect(params({ method: "list", limit: 1 })).toEqual({ limit: "1" });
    expect(() => entityQueryParams({ method: "list", limit: 0 })).toThrow(
      /^limit must be a whole number of rows \(1 or more\)/,
    );
  });

  it("accepts fields as a comma-separated string too", () => {
    expect(params({ method: "list", fields: "id, title" })).toEqual({ fields: "id,title" });
  });

  it("sends the query as q JSON, operators and all", () => {
    const query = {
      done: false,
      priority: { $gte: 2 },
      $or: [{ title: { $regex: "^a" } }, { tags: ["x", "y"] }],
    };
    expect(JSON.parse(entityQueryParams({ method: "filter", query }).get("q")!)).toEqual(query);
  });

  it("explains list(10), a limit in the sort position", () => {
    const error = errorOf(() => entityQueryParams({ method: "list", sort: 10 }));
    expect(error.status).toBe(400);
    expect(error.code).toBe("INVALID_ARGUMENT");
    expect(error.message).toContain("list(sort?, limit?, skip?, fields?)");
  });

  it.each([-1, 1.5, Number.NaN, "10", Number.POSITIVE_INFINITY])("refuses limit %s", (limit) => {
    expect(errorOf(() => entityQueryParams({ method: "list", limit })).message).toMatch(/^limit must be/);
  });

  it("refuses a negative skip", () => {
    expect(errorOf(() => entityQueryParams({ method: "list", skip: -5 })).message).toMatch(/^skip must be/);
  });

  it.each([[["id", 3]], [{ id: true }], [7]])("refuses fields %j", (fields) => {
    expect(errorOf(() => entityQueryParams({ method: "list", fields })).message).toMatch(/^fields must be/);
  });

  it.each([["status = open"], [["a"]], [42], [new Date(0)]])("refuses the filter query %j", (query) => {
    const error = errorOf(() => entityQueryParams({ method: "filter", query }));
    expect(error.message).toContain("filter(query, sort?, limit?, skip?, fields?)");
  });

  it("requires a query for deleteMany, so deleteMany() cannot empty a table by accident", () => {
    const error = errorOf(() => entityQueryParams({ method: "deleteMany" }));
    expect(error.message).toContain("{} to delete every row");
    expect(params({ method: "deleteMany", query: {} })).toEqual({ q: "{}" });
  });
});
