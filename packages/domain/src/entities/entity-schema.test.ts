import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type EntitySchema, entitySchemaSchema, fieldSchemaSchema } from "./entity-schema.ts";

const task = {
  name: "Task",
  type: "object",
  properties: {
    title: { type: "string", maxLength: 120, description: "What to do" },
    done: { type: "boolean", default: false },
    priority: { type: "string", enum: ["low", "medium", "high"], default: "medium" },
    estimate: { type: "number", minimum: 0, maximum: 100 },
    points: { type: "integer" },
    dueAt: { type: "string", format: "date-time" },
    dueOn: { type: "string", format: "date" },
    ownerEmail: { type: "string", format: "email" },
    link: { type: "string", format: "uri" },
    tags: { type: "array", items: { type: "string", enum: ["a", "b"] } },
    notes: { type: "array" },
    address: {
      type: "object",
      properties: {
        city: { type: "string" },
        geo: { type: "object", properties: { lat: { type: "number" } } },
      },
      required: ["city"],
    },
    meta: { type: "object" },
  },
  required: ["title"],
  permissions: { read: "all", write: "creator" },
};

/** The issues of parsing `value`, as "path: message" lines. */
function issues(value: unknown): string[] {
  const result = entitySchemaSchema.safeParse(value);
  return result.success
    ? []
    : result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
}

function withField(field: unknown, extra: Record<string, unknown> = {}): unknown {
  return { name: "Task", type: "object", properties: { f: field }, ...extra };
}

describe("entitySchemaSchema", () => {
  it("accepts a schema using every keyword", () => {
    const parsed = entitySchemaSchema.parse(task);
    expect(parsed).toEqual(task);
  });

  it("accepts an entity with no fields yet (the schema editor starts there)", () => {
    expect(issues({ name: "Empty", type: "object", properties: {} })).toEqual([]);
  });

  it("fills a missing side of the permissions with the default 'creator'", () => {
    const parsed = entitySchemaSchema.parse({ ...task, permissions: { read: "all" } });
    expect(parsed.permissions).toEqual({ read: "all", write: "creator" });
  });

  it("leaves permissions out when the schema has none (permissionsOf supplies the default)", () => {
    const { permissions: _p, ...rest } = task;
    expect(entitySchemaSchema.parse(rest).permissions).toBeUndefined();
  });

  it("drops JSON Schema keywords it does not enforce instead of refusing the schema", () => {
    const parsed = entitySchemaSchema.parse({
      ...task,
      $schema: "http://json-schema.org/draft-07/schema#",
      properties: { title: { type: "string", title: "Title", pattern: "^a", minLength: 1 } },
    });
    expect(parsed.properties.title).toEqual({ type: "string" });
    expect(parsed).not.toHaveProperty("$schema");
  });

  it.each<[string, unknown, string]>([
    ["a missing name", { type: "object", properties: {} }, "name: Entity name is required"],
    ["an empty name", { name: "", type: "object", properties: {} }, "name: Entity name is required"],
    [
      "a name starting with a digit",
      { name: "1Task", type: "object", properties: {} },
      "name: Entity name must start with a letter and contain only letters, numbers and underscores",
    ],
    [
      "a name with a dash",
      { name: "my-task", type: "object", properties: {} },
      "name: Entity name must start with a letter and contain only letters, numbers and underscores",
    ],
    [
      "a name with a space",
      { name: "My Task", type: "object", properties: {} },
      "name: Entity name must start with a letter and contain only letters, numbers and underscores",
    ],
    [
      "a 65-character name",
      { name: `T${"a".repeat(64)}`, type: "object", properties: {} },
      "name: Entity name can be at most 64 characters",
    ],
    [
      "a type other than object",
      { name: "T", type: "array", properties: {} },
      'type: An entity schema must have type "object"',
    ],
    [
      "missing properties",
      { name: "T", type: "object" },
      "properties: properties must be an object of fields",
    ],
    [
      "properties as a list",
      { name: "T", type: "object", properties: [] },
      "properties: properties must be an object of fields",
    ],
    [
      "an unknown access value",
      { name: "T", type: "object", properties: {}, permissions: { read: "everyone", write: "admin" } },
      "permissions.read: Access must be one of: all, admin, creator, none",
    ],
  ])("rejects %s", (_label, value, expected) => {
    expect(issues(value)).toContain(expected);
  });

  it("accepts a 64-character name", () => {
    expect(issues({ name: `T${"a".repeat(63)}`, type: "object", properties: {} })).toEqual([]);
  });

  describe("field names", () => {
    it.each(["id", "createdAt", "updatedAt", "creatorId", "ID", "CreatedAt", "creatorid"])(
      "refuses the built-in row field %s",
      (name) => {
        expect(issues({ name: "T", type: "object", properties: { [name]: { type: "string" } } })).toEqual([
          `properties.${name}: "${name}" is a built-in field of every row and cannot be declared`,
        ]);
      },
    );

    it("allows a built-in name inside a nested object, where it cannot clash", () => {
      expect(issues(withField({ type: "object", properties: { id: { type: "string" } } }))).toEqual([]);
    });

    it.each(["1st", "_private", "first-name", "first name", "a.b", "", "é"])(
      "refuses the name %j",
      (name) => {
        expect(issues({ name: "T", type: "object", properties: { [name]: { type: "string" } } })).toEqual([
          `properties.${name}: Field name "${name}" must start with a letter and contain only letters, numbers and underscores`,
        ]);
      },
    );

    it("refuses a name over 64 characters", () => {
      const name = `f${"x".repeat(64)}`;
      expect(issues({ name: "T", type: "object", properties: { [name]: { type: "string" } } })).toEqual([
        `properties.${name}: Field name "${name}" can be at most 64 characters`,
      ]);
    });

    it("refuses two names that differ only in case, at any level", () => {
      expect(
        issues({
          name: "T",
          type: "object",
          properties: { title: { type: "string" }, Title: { type: "string" } },
        }),
      ).toEqual(['properties.Title: Field names "title" and "Title" differ only in case']);
      expect(
        issues(withField({ type: "object", properties: { a: { type: "string" }, A: { type: "string" } } })),
      ).toEqual(['properties.f.properties.A: Field names "a" and "A" differ only in case']);
    });

    it("refuses nested names that are not identifiers", () => {
      expect(issues(withField({ type: "object", properties: { "x-y": { type: "string" } } }))).toEqual([
        'properties.f.properties.x-y: Field name "x-y" must start with a letter and contain only letters, numbers and underscores',
      ]);
    });
  });

  describe("field count", () => {
    const many = (n: number) =>
      Object.fromEntries(Array.from({ length: n }, (_, i) => [`f${i}`, { type: "string" }]));

    it("accepts 200 fields", () => {
      expect(issues({ name: "T", type: "object", properties: many(200) })).toEqual([]);
    });

    it("refuses 201 fields", () => {
      expect(issues({ name: "T", type: "object", properties: many(201) })).toEqual([
        "properties: An entity can have at most 200 fields (nested fields included); this one has 201",
      ]);
    });

    it("counts nested fields, in objects and in the objects of a list", () => {
      const properties = {
        ...many(190),
        nested: { type: "object", properties: many(5) },
        list: { type: "array", items: { type: "object", properties: many(5) } },
      };
      // 190 + nested + 5 + list + 5 = 202
      expect(issues({ name: "T", type: "object", properties })).toEqual([
        "properties: An entity can have at most 200 fields (nested fields included); this one has 202",
      ]);
    });
  });

  describe("nesting", () => {
    it("accepts three levels: object > object > field", () => {
      expect(
        issues(
          withField({
            type: "object",
            properties: { b: { type: "object", properties: { c: { type: "string" } } } },
          }),
        ),
      ).toEqual([]);
    });

    it("accepts a list of objects (list > object > field)", () => {
      expect(
        issues(
          withField({ type: "array", items: { type: "object", properties: { c: { type: "number" } } } }),
        ),
      ).toEqual([]);
    });

    it("accepts a free-form object at the third level", () => {
      expect(
        issues(
          withField({
            type: "object",
            properties: { b: { type: "object", properties: { c: { type: "object" } } } },
          }),
        ),
      ).toEqual([]);
    });

    it("refuses properties at the fourth level", () => {
      const deep = {
        type: "object",
        properties: {
          b: { type: "object", properties: { c: { type: "object", properties: { d: { type: "string" } } } } },
        },
      };
      expect(issues(withField(deep))).toEqual([
        "properties.f.properties.b.properties.c.properties: Fields can be nested at most 3 levels deep",
      ]);
    });

    it("refuses items at the fourth level", () => {
      const deep = {
        type: "array",
        items: { type: "array", items: { type: "array", items: { type: "string" } } },
      };
      expect(issues(withField(deep))).toEqual([
        "properties.f.items.items.items: Fields can be nested at most 3 levels deep",
      ]);
    });

    it("stops a hostile, very deep schema at the limit without recursing through it", () => {
      let field: Record<string, unknown> = { type: "string" };
      for (let i = 0; i < 5_000; i++) field = { type: "object", properties: { x: field } };
      expect(issues(withField(field))).toEqual([
        "properties.f.properties.x.properties.x.properties: Fields can be nested at most 3 levels deep",
      ]);
    });
  });

  describe("field keywords", () => {
    it.each<[string, unknown, string]>([
      [
        "an unknown type",
        { type: "date" },
        "type: Field type must be one of: string, number, integer, boolean, array, object",
      ],
      [
        "a missing type",
        {},
        "type: Field type must be one of: string, number, integer, boolean, array, object",
      ],
      [
        "a field that is not an object",
        "string",
        "properties.f: Invalid input: expected object, received string",
      ],
      ["enum on a number", { type: "number", enum: ["1"] }, "enum: enum is only allowed on string fields"],
      ["an empty enum", { type: "string", enum: [] }, "enum: enum needs at least one option"],
      ["a non-string option", { type: "string", enum: [1] }, "enum.0: Enum options must be strings"],
      ["an empty option", { type: "string", enum: [""] }, "enum.0: An enum option cannot be empty"],
      ["a duplicate option", { type: "string", enum: ["a", "b", "a"] }, 'enum.2: Option "a" is listed twice'],
      [
        "201 options",
        { type: "string", enum: Array.from({ length: 201 }, (_, i) => `o${i}`) },
        "enum: enum can have at most 200 options",
      ],
      [
        "an unknown format",
        { type: "string", format: "phone" },
        "format: format must be one of: date-time, date, email, uri",
      ],
      [
        "format on a number",
        { type: "number", format: "date-time" },
        "format: format is only allowed on string fields",
      ],
      [
        "maxLength on a number",
        { type: "number", maxLength: 3 },
        "maxLength: maxLength is only allowed on string fields",
      ],
      ["a zero maxLength", { type: "string", maxLength: 0 }, "maxLength: maxLength must be at least 1"],
      [
        "a fractional maxLength",
        { type: "string", maxLength: 1.5 },
        "maxLength: maxLength must be a whole number",
      ],
      [
        "minimum on a string",
        { type: "string", minimum: 1 },
        "minimum: minimum is only allowed on number and integer fields",
      ],
      [
        "maximum on a boolean",
        { type: "boolean", maximum: 1 },
        "maximum: maximum is only allowed on number and integer fields",
      ],
      [
        "minimum above maximum",
        { type: "number", minimum: 5, maximum: 1 },
        "minimum: minimum cannot be greater than maximum",
      ],
      ["minimum as text", { type: "number", minimum: "1" }, "minimum: minimum must be a number"],
      [
        "items on a string",
        { type: "string", items: { type: "string" } },
        "items: items is only allowed on array fields",
      ],
      [
        "properties on an array",
        { type: "array", properties: {} },
        "properties: properties is only allowed on object fields",
      ],
      [
        "required on a string",
        { type: "string", required: [] },
        "required: required is only allowed on object fields",
      ],
      [
        "a nested required field that does not exist",
        { type: "object", properties: { a: { type: "string" } }, required: ["b"] },
        'required.0: Required field "b" is not one of the fields',
      ],
      ["a default of the wrong type", { type: "number", default: "5" }, "default: default must be a number"],
      [
        "a default outside the enum",
        { type: "string", enum: ["a"], default: "b" },
        "default: default must be one of: a",
      ],
      [
        "a default above maximum",
        { type: "integer", maximum: 3, default: 4 },
        "default: default must be at most 3",
      ],
      [
        "a default that is not a date-time",
        { type: "string", format: "date-time", default: "tomorrow" },
        "default: default must be an ISO 8601 date and time, like 2024-01-31T09:30:00Z",
      ],
      [
        "a list default with a bad item",
        { type: "array", items: { type: "string", enum: ["a"] }, default: ["a", "z"] },
        "default: default.1 must be one of: a",
      ],
      [
        "an object default missing a required field",
        { type: "object", properties: { a: { type: "string" } }, required: ["a"], default: {} },
        "default: default.a is required",
      ],
      [
        "a 1,001-character description",
        { type: "string", description: "d".repeat(1_001) },
        "description: A description can be at most 1000 characters",
      ],
    ])("rejects %s", (_label, field, expected) => {
      const found = issues(withField(field)).map((line) => line.replace(/^properties\.f\./, ""));
      expect(found).toContain(expected);
    });

    it.each<[string, unknown]>([
      ["a null default", { type: "string", default: null }],
      ["an enum default", { type: "string", enum: ["a", "b"], default: "b" }],
      ["a list default", { type: "array", items: { type: "string" }, default: ["x"] }],
      ["an object default", { type: "object", properties: { a: { type: "number" } }, default: { a: 1 } }],
      ["a free-form object default", { type: "object", default: { any: ["thing"] } }],
      ["equal minimum and maximum", { type: "number", minimum: 2, maximum: 2 }],
      ["negative and fractional bounds", { type: "number", minimum: -1.5, maximum: 0.5 }],
      ["a date default", { type: "string", format: "date", default: "2024-02-29" }],
    ])("accepts %s", (_label, field) => {
      expect(issues(withField(field))).toEqual([]);
    });
  });

  describe("required", () => {
    it.each<[string, unknown, string]>([
      ["an unknown field", ["nope"], 'required.0: Required field "nope" is not one of the fields'],
      ["a field listed twice", ["title", "title"], 'required.1: Required field "title" is listed twice'],
      [
        "a field of another object's prototype",
        ["constructor"],
        'required.0: Required field "constructor" is not one of the fields',
      ],
      ["a list of numbers", [1], "required.0: Invalid input: expected string, received number"],
      ["a string", "title", "required: required must be a list of field names"],
    ])("rejects %s", (_label, required, expected) => {
      expect(issues({ ...task, required })).toContain(expected);
    });
  });

  it("types a parsed schema as EntitySchema", () => {
    const parsed: EntitySchema = entitySchemaSchema.parse(task);
    expect(parsed.properties.tags?.items?.enum).toEqual(["a", "b"]);
  });
});

describe("entitySchemaSchema on arbitrary input", () => {
  const fieldLike = fc.record(
    {
      type: fc.constantFrom("string", "number", "integer", "boolean", "array", "object", 5),
      enum: fc.oneof(fc.anything(), fc.array(fc.string())),
      items: fc.anything(),
      properties: fc.oneof(fc.anything(), fc.dictionary(fc.string(), fc.anything())),
      required: fc.anything(),
      default: fc.anything(),
      minimum: fc.anything(),
      maximum: fc.anything(),
      maxLength: fc.anything(),
      format: fc.anything(),
    },
    { requiredKeys: [] },
  );

  it("never throws, whatever the fields hold", { timeout: 30_000 }, () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.string(), fc.oneof(fieldLike, fc.anything())),
        fc.anything(),
        (properties, required) => {
          expect(() =>
            entitySchemaSchema.safeParse({ name: "T", type: "object", properties, required }),
          ).not.toThrow();
        },
      ),
      { numRuns: 300 },
    );
  });

  it("never throws on a field nested too deep with a default and junk below the limit", () => {
    const deep = {
      type: "object",
      default: { b: { c: "x" } },
      properties: {
        b: { type: "object", properties: { c: { type: "object", properties: "junk", items: 5 } } },
      },
    };
    expect(issues(withField(deep))).toEqual([
      "properties.f.properties.b.properties.c.items: Fields can be nested at most 3 levels deep",
      "properties.f.properties.b.properties.c.properties: Fields can be nested at most 3 levels deep",
    ]);
  });
});

describe("fieldSchemaSchema", () => {
  it("parses one top-level field", () => {
    expect(fieldSchemaSchema.parse({ type: "string", enum: ["x"] })).toEqual({ type: "string", enum: ["x"] });
  });
});
