import { describe, expect, it } from "vitest";
import { entitySchemaSchema } from "../entity-schema.ts";
import { markScalarFields, scalarPathsOf } from "./mark-scalar-fields.ts";
import { matchesFilter } from "./matches-filter.ts";
import { parseFilter } from "./parse-filter.ts";

const schema = entitySchemaSchema.parse({
  name: "Task",
  type: "object",
  properties: {
    title: { type: "string" },
    status: { type: "string", enum: ["open", "done"] },
    priority: { type: "integer" },
    done: { type: "boolean" },
    tags: { type: "array", items: { type: "string" } },
    address: { type: "object", properties: { city: { type: "string" }, lines: { type: "array" } } },
    meta: { type: "object" },
  },
});

const row = (data: Record<string, unknown>) => ({
  id: "r1",
  createdAt: "2024-01-01T00:00:00.000Z",
  updatedAt: "2024-01-01T00:00:00.000Z",
  creatorId: null,
  data,
});

describe("scalar fields", () => {
  it("lists the declared string, number, integer and boolean paths, nested objects included", () => {
    expect([...scalarPathsOf(schema)].sort()).toEqual([
      "address.city",
      "done",
      "priority",
      "status",
      "title",
    ]);
  });

  it("keeps array-element matching for undeclared or array fields only", () => {
    const scalars = scalarPathsOf(schema);
    const legacy = row({ title: ["a", "b"], tags: ["a", "b"], priority: [1, 5] });
    const check = (filter: Record<string, unknown>) =>
      matchesFilter(legacy, markScalarFields(parseFilter(filter), scalars));
    expect(check({ tags: "a" })).toBe(true);
    expect(check({ title: "a" })).toBe(false);
    expect(check({ priority: { $gte: 5 } })).toBe(false);
    expect(check({ title: { $regex: "a" } })).toBe(false);
    expect(check({ title: ["a", "b"] })).toBe(false);
    expect(check({ title: { $eq: ["a", "b"] } })).toBe(true);
    // Unmarked, the same filters search the elements.
    expect(matchesFilter(legacy, parseFilter({ title: "a" }))).toBe(true);
    expect(matchesFilter(legacy, parseFilter({ priority: { $gte: 5 } }))).toBe(true);
  });

  it("validates declared indexes against the schema's scalar fields", () => {
    const base = { name: "Task", type: "object", properties: schema.properties };
    expect(
      entitySchemaSchema.safeParse({ ...base, indexes: [["status", "priority"], ["address.city"]] }).success,
    ).toBe(true);
    const bad = entitySchemaSchema.safeParse({ ...base, indexes: [["tags"], ["status", "status"], []] });
    expect(bad.success).toBe(false);
    const messages = bad.error?.issues.map((issue) => issue.message) ?? [];
    expect(messages).toContain(
      'Index field "tags" must be a string, number, integer or boolean field of the schema',
    );
    expect(messages).toContain("An index lists each field once");
    expect(messages).toContain("An index needs at least one field");
    const tooMany = entitySchemaSchema.safeParse({
      ...base,
      indexes: Array.from({ length: 9 }, () => ["title"]),
    });
    expect(tooMany.error?.issues[0]?.message).toBe("An entity can have at most 8 indexes");
  });
});
