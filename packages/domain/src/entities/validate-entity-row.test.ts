import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BUILT_IN_ROW_FIELDS } from "./built-in-row-fields.ts";
import { type EntitySchema, entitySchemaSchema, type FieldSchema } from "./entity-schema.ts";
import { hasUnstorableText } from "./has-unstorable-text.ts";
import { validateEntityRow } from "./validate-entity-row.ts";

/** JSON values a database can store (fc.jsonValue may contain NUL or lone surrogates). */
const storableJson = fc.jsonValue().filter((value) => !hasUnstorableText(value));

const schema = entitySchemaSchema.parse({
  name: "Task",
  type: "object",
  properties: {
    title: { type: "string", maxLength: 10 },
    done: { type: "boolean", default: false },
    priority: { type: "string", enum: ["low", "medium", "high"], default: "medium" },
    estimate: { type: "number", minimum: 0, maximum: 100 },
    points: { type: "integer" },
    dueAt: { type: "string", format: "date-time" },
    dueOn: { type: "string", format: "date" },
    email: { type: "string", format: "email" },
    link: { type: "string", format: "uri" },
    tags: { type: "array", items: { type: "string", enum: ["a", "b"] } },
    scores: { type: "array", items: { type: "integer", minimum: 0 } },
    anything: { type: "array" },
    address: {
      type: "object",
      properties: {
        city: { type: "string" },
        zip: { type: "string", maxLength: 5 },
        country: { type: "string", default: "NL" },
      },
      required: ["city"],
    },
    lines: {
      type: "array",
      items: { type: "object", properties: { sku: { type: "string" } }, required: ["sku"] },
    },
    meta: { type: "object" },
  },
  required: ["title"],
});

const create = (input: unknown) => validateEntityRow(schema, input, { mode: "create" });
const update = (input: unknown) => validateEntityRow(schema, input, { mode: "update" });

describe("validateEntityRow", () => {
  it("accepts a minimal create and applies the defaults", () => {
    expect(create({ title: "Write" })).toEqual({
      ok: true,
      data: { title: "Write", done: false, priority: "medium" },
    });
  });

  it("keeps a given value over the default", () => {
    expect(create({ title: "Write", done: true, priority: "high" })).toEqual({
      ok: true,
      data: { title: "Write", done: true, priority: "high" },
    });
  });

  it("applies no defaults on update and requires nothing", () => {
    expect(update({ estimate: 3 })).toEqual({ ok: true, data: { estimate: 3 } });
    expect(update({})).toEqual({ ok: true, data: {} });
  });

  it("reports a missing required field on create", () => {
    expect(create({})).toEqual({ ok: false, errors: [{ field: "title", message: "title is required" }] });
  });

  it("treats undefined like a missing field", () => {
    expect(create({ title: undefined })).toEqual({
      ok: false,
      errors: [{ field: "title", message: "title is required" }],
    });
  });

  it("lets null clear an optional field, in both modes", () => {
    expect(create({ title: "x", estimate: null })).toEqual({
      ok: true,
      data: { title: "x", estimate: null, done: false, priority: "medium" },
    });
    expect(update({ estimate: null })).toEqual({ ok: true, data: { estimate: null } });
  });

  it("refuses null for a required field, in both modes", () => {
    expect(update({ title: null })).toEqual({
      ok: false,
      errors: [{ field: "title", message: "title is required" }],
    });
    expect(create({ title: null }).ok).toBe(false);
  });

  it("drops unknown fields instead of refusing them", () => {
    expect(update({ estimate: 1, colour: "red", nested: { a: 1 } })).toEqual({
      ok: true,
      data: { estimate: 1 },
    });
  });

  it.each(BUILT_IN_ROW_FIELDS)("ignores the built-in field %s, so it cannot be forged", (name) => {
    expect(update({ [name]: "forged", estimate: 1 })).toEqual({ ok: true, data: { estimate: 1 } });
  });

  it("does not read inherited properties as values (a field named like Object's members)", () => {
    const own = entitySchemaSchema.parse({
      name: "T",
      type: "object",
      properties: { constructor: { type: "string" }, toString: { type: "string" } },
      required: ["constructor"],
    });
    expect(validateEntityRow(own, {}, { mode: "create" })).toEqual({
      ok: false,
      errors: [{ field: "constructor", message: "constructor is required" }],
    });
    expect(validateEntityRow(own, { constructor: "c", toString: "s" }, { mode: "create" })).toEqual({
      ok: true,
      data: { constructor: "c", toString: "s" },
    });
  });

  it.each<[string, unknown]>([
    ["null", null],
    ["a list", [{ title: "x" }]],
    ["a string", '{"title":"x"}'],
    ["a number", 1],
  ])("refuses %s as a row", (_label, input) => {
    expect(update(input)).toEqual({
      ok: false,
      errors: [{ field: "", message: "A row must be a JSON object" }],
    });
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    // strings
    ["a number for a string", { title: 5 }, "title", "title must be a string"],
    ["text over maxLength", { title: "12345678901" }, "title", "title can be at most 10 characters"],
    // enums
    [
      "a value outside the enum",
      { priority: "urgent" },
      "priority",
      "priority must be one of: low, medium, high",
    ],
    [
      "an enum value in the wrong case",
      { priority: "LOW" },
      "priority",
      "priority must be one of: low, medium, high",
    ],
    // numbers
    ["text for a number", { estimate: "5" }, "estimate", "estimate must be a number"],
    ["NaN", { estimate: Number.NaN }, "estimate", "estimate must be a number"],
    ["Infinity", { estimate: Number.POSITIVE_INFINITY }, "estimate", "estimate must be a number"],
    ["a number below minimum", { estimate: -0.5 }, "estimate", "estimate must be at least 0"],
    ["a number above maximum", { estimate: 100.01 }, "estimate", "estimate must be at most 100"],
    ["a fraction for an integer", { points: 1.5 }, "points", "points must be an integer"],
    ["text for an integer", { points: "1" }, "points", "points must be a number"],
    // booleans
    ["text for a boolean", { done: "true" }, "done", "done must be true or false"],
    ["1 for a boolean", { done: 1 }, "done", "done must be true or false"],
    // formats
    [
      "a non-ISO date-time",
      { dueAt: "March 5, 2024" },
      "dueAt",
      "dueAt must be an ISO 8601 date and time, like 2024-01-31T09:30:00Z",
    ],
    [
      "a date for a date-time",
      { dueAt: "2024-03-05" },
      "dueAt",
      "dueAt must be an ISO 8601 date and time, like 2024-01-31T09:30:00Z",
    ],
    [
      "an impossible date-time",
      { dueAt: "2023-02-29T10:00:00Z" },
      "dueAt",
      "dueAt must be an ISO 8601 date and time, like 2024-01-31T09:30:00Z",
    ],
    [
      "a date-time for a date",
      { dueOn: "2024-03-05T10:00:00Z" },
      "dueOn",
      "dueOn must be a date written YYYY-MM-DD",
    ],
    ["an impossible date", { dueOn: "2024-04-31" }, "dueOn", "dueOn must be a date written YYYY-MM-DD"],
    ["a bad email", { email: "not-an-email" }, "email", "email must be a valid email address"],
    ["an email with blanks", { email: " a@b.co " }, "email", "email must be a valid email address"],
    ["a relative URL", { link: "/path" }, "link", "link must be a valid URL"],
    ["a URL with a space", { link: "https://a.example/x y" }, "link", "link must be a valid URL"],
    // arrays
    ["a string for a list", { tags: "a" }, "tags", "tags must be a list"],
    ["a list item outside the enum", { tags: ["a", "c"] }, "tags.1", "tags.1 must be one of: a, b"],
    ["a null list item", { tags: [null] }, "tags.0", "tags.0 must be a string"],
    ["a bad integer item", { scores: [1, -1] }, "scores.1", "scores.1 must be at least 0"],
    ["an object for a list", { anything: {} }, "anything", "anything must be a list"],
    [
      "a list item missing a required field",
      { lines: [{ sku: "a" }, {}] },
      "lines.1.sku",
      "lines.1.sku is required",
    ],
    // objects
    ["a list for an object", { address: ["x"] }, "address", "address must be an object"],
    [
      "null for a free-form object's value is fine, but a string is not",
      { meta: "x" },
      "meta",
      "meta must be an object",
    ],
    ["a nested wrong type", { address: { city: 1 } }, "address.city", "address.city must be a string"],
    [
      "a nested missing required field",
      { address: { zip: "1234" } },
      "address.city",
      "address.city is required",
    ],
    [
      "a nested value over maxLength",
      { address: { city: "A", zip: "123456" } },
      "address.zip",
      "address.zip can be at most 5 characters",
    ],
  ])("refuses %s", (_label, input, field, message) => {
    expect(update(input)).toEqual({ ok: false, errors: [{ field, message }] });
  });

  it("gives one message per field, for every bad field at once", () => {
    const result = create({ estimate: "x", points: 0.5, tags: ["z", "y"], address: { city: 1, zip: 123 } });
    expect(result).toEqual({
      ok: false,
      errors: [
        { field: "title", message: "title is required" },
        { field: "estimate", message: "estimate must be a number" },
        { field: "points", message: "points must be an integer" },
        { field: "tags.0", message: "tags.0 must be one of: a, b" },
        { field: "address.city", message: "address.city must be a string" },
        { field: "address.zip", message: "address.zip must be a string" },
      ],
    });
  });

  it("shortens the list of allowed values in the message past ten", () => {
    const big = entitySchemaSchema.parse({
      name: "T",
      type: "object",
      properties: { pick: { type: "string", enum: Array.from({ length: 12 }, (_, i) => `o${i}`) } },
    });
    expect(validateEntityRow(big, { pick: "x" }, { mode: "update" })).toEqual({
      ok: false,
      errors: [{ field: "pick", message: "pick must be one of: o0, o1, o2, o3, o4, o5, o6, o7, o8, o9, …" }],
    });
  });

  it.each<[string, unknown]>([
    ["a whole number for a number", { estimate: 5 }],
    ["bounds themselves", { estimate: 0 }],
    ["the upper bound", { estimate: 100 }],
    ["an integer written as 2.0 (JSON cannot tell them apart)", { points: 2.0 }],
    ["a negative integer", { points: -3 }],
    ["an empty string (present, so not missing)", { title: "" }],
    ["exactly maxLength", { title: "1234567890" }],
    ["maxLength counted in characters, not UTF-16 units", { title: "😀😀😀😀😀😀😀😀😀😀" }],
    ["a leap day", { dueOn: "2024-02-29" }],
    ["an email", { email: "ada@example.com" }],
    ["a URL", { link: "https://example.com/a?b=c#d" }],
    ["a mailto URI", { link: "mailto:ada@example.com" }],
    ["an empty list", { tags: [] }],
    ["repeated list values", { tags: ["a", "a"] }],
    ["a free-form list of anything", { anything: [1, "two", { three: 3 }, null] }],
    ["a free-form object", { meta: { deep: { er: [1] } } }],
  ])("accepts %s", (_label, input) => {
    expect(update(input)).toEqual({ ok: true, data: input });
  });

  it.each<[string, string, string]>([
    ["UTC with milliseconds", "2024-03-05T10:30:00.000Z", "2024-03-05T10:30:00.000Z"],
    ["UTC without seconds", "2024-03-05T10:30Z", "2024-03-05T10:30:00.000Z"],
    ["no offset (read as UTC)", "2024-03-05T10:30:15", "2024-03-05T10:30:15.000Z"],
    ["a positive offset", "2024-03-05T10:30:00+02:00", "2024-03-05T08:30:00.000Z"],
    ["a negative offset across midnight", "2024-03-05T23:30:00-01:30", "2024-03-06T01:00:00.000Z"],
    ["a space separator", "2024-03-05 10:30:00Z", "2024-03-05T10:30:00.000Z"],
    ["microseconds (cut to milliseconds)", "2024-03-05T10:30:00.123456Z", "2024-03-05T10:30:00.123Z"],
  ])("stores a date-time given with %s as UTC ISO text", (_label, given, stored) => {
    expect(update({ dueAt: given })).toEqual({ ok: true, data: { dueAt: stored } });
  });

  it("applies nested defaults whenever an object is written, since it is written whole", () => {
    expect(update({ address: { city: "Delft" } })).toEqual({
      ok: true,
      data: { address: { city: "Delft", country: "NL" } },
    });
  });

  it("drops unknown keys inside declared objects but keeps free-form objects whole", () => {
    expect(update({ address: { city: "Delft", mayor: "x" }, meta: { mayor: "x" } })).toEqual({
      ok: true,
      data: { address: { city: "Delft", country: "NL" }, meta: { mayor: "x" } },
    });
  });

  it("does not modify its input or share the default objects of the schema", () => {
    const withDefaults = entitySchemaSchema.parse({
      name: "T",
      type: "object",
      properties: { list: { type: "array", items: { type: "string" }, default: ["x"] } },
    });
    const first = validateEntityRow(withDefaults, {}, { mode: "create" });
    if (!first.ok) throw new Error("expected ok");
    (first.data.list as string[]).push("mutated");
    expect(withDefaults.properties.list?.default).toEqual(["x"]);
    const input = Object.freeze({ title: "a", address: Object.freeze({ city: "b" }) });
    expect(create(input).ok).toBe(true);
  });

  it("accepts the required field from its default", () => {
    const defaulted = entitySchemaSchema.parse({
      name: "T",
      type: "object",
      properties: { status: { type: "string", default: "open" } },
      required: ["status"],
    });
    expect(validateEntityRow(defaulted, {}, { mode: "create" })).toEqual({
      ok: true,
      data: { status: "open" },
    });
  });
});

// ---------------------------------------------------------------------------------------
// Properties: generated schemas with generated valid rows.

const nameArb = fc
  .stringMatching(/^[a-z][A-Za-z0-9_]{0,8}$/)
  .filter((name) => !BUILT_IN_ROW_FIELDS.some((builtIn) => builtIn.toLowerCase() === name.toLowerCase()));

const leafFieldArb: fc.Arbitrary<FieldSchema> = fc.oneof(
  fc.record(
    {
      type: fc.constant("string" as const),
      maxLength: fc.integer({ min: 1, max: 20 }),
      description: fc.string(),
    },
    { requiredKeys: ["type"] },
  ),
  fc.record({
    type: fc.constant("string" as const),
    enum: fc.uniqueArray(fc.string({ minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 4 }),
  }),
  fc.record({
    type: fc.constant("string" as const),
    format: fc.constantFrom("date-time", "date", "email", "uri") as fc.Arbitrary<FieldSchema["format"]>,
  }),
  fc
    .tuple(
      fc.constantFrom("number" as const, "integer" as const),
      fc.integer({ min: -1000, max: 1000 }),
      fc.nat(1000),
    )
    .map(([type, minimum, span]): FieldSchema => ({ type, minimum, maximum: minimum + span })),
  fc.constantFrom<FieldSchema>(
    { type: "number" },
    { type: "integer" },
    { type: "boolean" },
    { type: "object" },
    { type: "array" },
  ),
);

function fieldArb(level: number): fc.Arbitrary<FieldSchema> {
  if (level >= 3) return leafFieldArb;
  return fc.oneof(
    { weight: 3, arbitrary: leafFieldArb },
    { weight: 1, arbitrary: leafFieldArb.map((items): FieldSchema => ({ type: "array", items })) },
    {
      weight: 1,
      arbitrary: propertiesArb(level + 1, 4).chain(({ properties, required }) =>
        fc.constant<FieldSchema>({ type: "object", properties, required }),
      ),
    },
  );
}

function propertiesArb(level: number, maxFields: number) {
  return fc
    .uniqueArray(fc.tuple(nameArb, fieldArb(level)), {
      maxLength: maxFields,
      selector: ([name]) => name.toLowerCase(),
    })
    .chain((entries) =>
      fc.subarray(entries.map(([name]) => name)).map((required) => ({
        properties: Object.fromEntries(entries) as Record<string, FieldSchema>,
        required,
      })),
    );
}

const schemaArb: fc.Arbitrary<EntitySchema> = propertiesArb(1, 8).map(({ properties, required }) => ({
  name: "Generated",
  type: "object" as const,
  properties,
  required,
}));

const isoArb = fc
  .date({ min: new Date("0001-01-01T00:00:00Z"), max: new Date("9999-12-31T23:59:59Z"), noInvalidDate: true })
  .map((date) => date.toISOString());

function valueArb(field: FieldSchema): fc.Arbitrary<unknown> {
  switch (field.type) {
    case "string":
      if (field.enum) return fc.constantFrom(...field.enum);
      if (field.format === "date-time") return isoArb;
      if (field.format === "date") return isoArb.map((iso) => iso.slice(0, 10));
      if (field.format === "email") return fc.stringMatching(/^[a-z0-9]{1,10}@[a-z]{1,10}\.(com|org|io)$/);
      if (field.format === "uri") return fc.webUrl();
      // Any Unicode text a database can store: no NUL, no unpaired surrogate.
      return fc
        .string({ unit: "binary", maxLength: field.maxLength ?? 30 })
        .filter((text) => !hasUnstorableText(text));
    case "number":
      return fc.double({
        min: field.minimum ?? -1e9,
        max: field.maximum ?? 1e9,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case "integer":
      return fc.integer({ min: field.minimum ?? -1e9, max: field.maximum ?? 1e9 });
    case "boolean":
      return fc.boolean();
    case "array":
      return fc.array(field.items ? valueArb(field.items) : storableJson, { maxLength: 4 });
    case "object":
      if (!field.properties) return fc.dictionary(nameArb, storableJson, { maxKeys: 3 });
      return rowArb(field.properties, field.required ?? []);
  }
}

/** A valid object for these properties: required keys always, others sometimes, optional ones sometimes null. */
function rowArb(
  properties: Record<string, FieldSchema>,
  required: readonly string[],
): fc.Arbitrary<Record<string, unknown>> {
  const model = Object.fromEntries(
    Object.entries(properties).map(([name, field]) => [
      name,
      required.includes(name) ? valueArb(field) : fc.option(valueArb(field), { nil: null, freq: 4 }),
    ]),
  );
  return fc.record(model, { requiredKeys: [...required] }) as fc.Arbitrary<Record<string, unknown>>;
}

const schemaAndRowArb = schemaArb.chain((generated) =>
  fc.tuple(fc.constant(generated), rowArb(generated.properties, generated.required ?? [])),
);

/** Keys that are not in the schema, built-in fields among them. */
const extraKeysArb = (generated: EntitySchema) =>
  fc
    .dictionary(fc.oneof(fc.constantFrom(...BUILT_IN_ROW_FIELDS), fc.string()), fc.jsonValue(), {
      maxKeys: 4,
    })
    .map((extra) =>
      Object.fromEntries(Object.entries(extra).filter(([key]) => !Object.hasOwn(generated.properties, key))),
    );

// Property runs take a few seconds on a loaded 2-core machine; the default 5 s is too tight.
describe("validateEntityRow properties", { timeout: 30_000 }, () => {
  it("generates schemas the schema validator accepts", () => {
    fc.assert(fc.property(schemaArb, (generated) => entitySchemaSchema.safeParse(generated).success));
  });

  it("passes every valid row unchanged, in both modes", () => {
    fc.assert(
      fc.property(schemaAndRowArb, ([generated, row]) => {
        expect(validateEntityRow(generated, row, { mode: "create" })).toEqual({ ok: true, data: row });
        expect(validateEntityRow(generated, row, { mode: "update" })).toEqual({ ok: true, data: row });
      }),
    );
  });

  it("drops every unknown and built-in key from a valid row", () => {
    fc.assert(
      fc.property(
        schemaAndRowArb.chain(([generated, row]) =>
          fc.tuple(fc.constant(generated), fc.constant(row), extraKeysArb(generated)),
        ),
        ([generated, row, extra]) => {
          const result = validateEntityRow(generated, { ...extra, ...row }, { mode: "create" });
          expect(result).toEqual({ ok: true, data: row });
        },
      ),
    );
  });

  it("never throws on any input, and never returns a key the schema does not declare", () => {
    fc.assert(
      fc.property(
        schemaArb,
        fc.anything(),
        fc.constantFrom("create" as const, "update" as const),
        (generated, input, mode) => {
          const result = validateEntityRow(generated, input, { mode });
          if (result.ok) {
            for (const key of Object.keys(result.data))
              expect(Object.hasOwn(generated.properties, key)).toBe(true);
          } else {
            for (const error of result.errors) {
              const top = error.field.split(".")[0]!;
              expect(top === "" || Object.hasOwn(generated.properties, top)).toBe(true);
            }
          }
        },
      ),
    );
  });

  it("is idempotent: validated data validates to itself", () => {
    fc.assert(
      fc.property(schemaArb, fc.dictionary(nameArb, fc.jsonValue(), { maxKeys: 6 }), (generated, input) => {
        const first = validateEntityRow(generated, input, { mode: "create" });
        if (!first.ok) return;
        expect(validateEntityRow(generated, first.data, { mode: "create" })).toEqual(first);
      }),
    );
  });
});
