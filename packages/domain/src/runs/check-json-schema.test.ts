import { describe, expect, it } from "vitest";
import { checkJsonSchema } from "./check-json-schema.ts";

describe("checkJsonSchema", () => {
  it("checks types, with integers counting as numbers", () => {
    expect(checkJsonSchema({ type: "string" }, "x")).toEqual([]);
    expect(checkJsonSchema({ type: "number" }, 3)).toEqual([]);
    expect(checkJsonSchema({ type: "integer" }, 3.5)).toEqual(["$ must be integer, not number"]);
    expect(checkJsonSchema({ type: ["string", "null"] }, null)).toEqual([]);
    expect(checkJsonSchema({ type: "object" }, [])).toEqual(["$ must be object, not array"]);
    expect(checkJsonSchema({ type: "array" }, {})).toEqual(["$ must be array, not object"]);
    expect(checkJsonSchema({ type: "boolean" }, "true")).toEqual(["$ must be boolean, not string"]);
  });

  it("checks enums by JSON value", () => {
    expect(checkJsonSchema({ enum: ["a", 1, { x: [1] }] }, { x: [1] })).toEqual([]);
    expect(checkJsonSchema({ enum: ["a", 1] }, "b")).toEqual(['$ must be one of "a", 1']);
    expect(checkJsonSchema({ enum: [{ a: 1, b: 2 }] }, { b: 2, a: 1 })).toEqual([]);
  });

  it("checks lengths in characters and item counts", () => {
    expect(checkJsonSchema({ minLength: 2, maxLength: 3 }, "😀😀")).toEqual([]);
    expect(checkJsonSchema({ minLength: 2 }, "a")).toEqual(["$ must be at least 2 characters long"]);
    expect(checkJsonSchema({ maxLength: 1 }, "ab")).toEqual(["$ must be at most 1 character long"]);
    expect(checkJsonSchema({ minItems: 2 }, [1])).toEqual(["$ must have at least 2 items, not 1"]);
    expect(checkJsonSchema({ maxItems: 1 }, [1, 2])).toEqual(["$ must have at most 1 item, not 2"]);
  });

  it("checks required keys, properties and items with their paths", () => {
    const schema = {
      type: "array",
      items: {
        type: "object",
        required: ["name", "price"],
        properties: {
          name: { type: "string", minLength: 1 },
          price: { type: "number" },
          tags: { type: "array", items: { type: "string" } },
        },
      },
    };
    expect(checkJsonSchema(schema, [{ name: "a", price: 1, tags: ["x"] }])).toEqual([]);
    expect(checkJsonSchema(schema, [{ name: "", price: "1" }, { name: "b", tags: [2] }, 3])).toEqual([
      "$[0].name must be at least 1 character long",
      "$[0].price must be number, not string",
      '$[1] is missing "price"',
      "$[1].tags[0] must be string, not integer",
      "$[2] must be object, not integer",
    ]);
  });

  it("ignores keywords it does not know and schemas that are not objects", () => {
    expect(
      checkJsonSchema({ pattern: "^x$", additionalProperties: false, format: "email" }, { y: 1 }),
    ).toEqual([]);
    expect(checkJsonSchema("nonsense", 1)).toEqual([]);
    expect(checkJsonSchema({ minItems: -1, maxLength: "3" }, "long text")).toEqual([]);
    expect(checkJsonSchema(true, 1)).toEqual([]);
    expect(checkJsonSchema({ properties: { a: false } }, { a: 1 })).toEqual(["$.a is not allowed"]);
  });

  it("does not read inherited keys as present", () => {
    expect(checkJsonSchema({ required: ["toString"] }, {})).toEqual(['$ is missing "toString"']);
  });

  it("stops at 10 problems", () => {
    expect(
      checkJsonSchema(
        { items: { type: "string" } },
        Array.from({ length: 30 }, (_, i) => i),
      ),
    ).toHaveLength(10);
  });
});
