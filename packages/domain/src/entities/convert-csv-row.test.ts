import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { basicCsvMapping } from "./basic-csv-mapping.ts";
import { convertCsvRow, csvRowConverter } from "./convert-csv-row.ts";
import type { CsvMappingItem } from "./csv-mapping-item.ts";
import { entitySchemaSchema } from "./entity-schema.ts";

const schema = entitySchemaSchema.parse({
  name: "Product",
  type: "object",
  properties: {
    title: { type: "string" },
    price: { type: "number" },
    stock: { type: "integer", minimum: 0 },
    active: { type: "boolean" },
    launchedAt: { type: "string", format: "date-time" },
    releaseDay: { type: "string", format: "date" },
    tags: { type: "array", items: { type: "string" } },
    colors: { type: "array", items: { type: "string", enum: ["red", "green", "blue"] } },
    sizes: { type: "array", items: { type: "number" } },
    flags: { type: "array", items: { type: "boolean" } },
    variants: { type: "array", items: { type: "object", properties: { sku: { type: "string" } } } },
    anything: { type: "array" },
    dimensions: {
      type: "object",
      properties: { width: { type: "number" }, unit: { type: "string", default: "cm" } },
    },
    address: {
      type: "object",
      properties: {
        city: { type: "string" },
        geo: { type: "object", properties: { lat: { type: "number" } } },
      },
    },
    extra: { type: "object" },
    status: { type: "string", enum: ["draft", "live"], default: "draft" },
  },
  required: ["title"],
});

/** Converts one value for one field, with the title filled in so the row is valid otherwise. */
function convertOne(schemaField: string, text: string, dataType: CsvMappingItem["dataType"] = "text") {
  return convertCsvRow({
    schema,
    headers: ["Title", "Value"],
    row: ["T", text],
    mappings: [
      { csvHeader: "Title", schemaField: "title", dataType: "text" },
      { csvHeader: "Value", schemaField, dataType },
    ],
  });
}

const base = { title: "T", status: "draft" };

describe("convertCsvRow", () => {
  it.each<[string, string, string, unknown]>([
    // numbers: parseFloat
    ["a number", "price", "12.5", 12.5],
    ["a negative number", "price", "-3", -3],
    ["a number with a unit (parseFloat reads the start)", "price", "12 kg", 12],
    ["an exponent", "price", "1e3", 1000],
    ["an integer", "stock", "7", 7],
    // booleans: parseBoolean's words, any case
    ["true", "active", "true", true],
    ["TRUE", "active", "TRUE", true],
    ["True", "active", "True", true],
    ["false", "active", "false", false],
    ["yes", "active", "yes", true],
    ["No", "active", "No", false],
    ["Y", "active", "Y", true],
    ["n", "active", "n", false],
    ["1", "active", "1", true],
    ["0", "active", "0", false],
    ["ON", "active", "ON", true],
    ["off", "active", "off", false],
    // date-times: ISO text
    ["an ISO date-time", "launchedAt", "2024-03-05T10:30:00Z", "2024-03-05T10:30:00.000Z"],
    ["an offset date-time", "launchedAt", "2024-03-05T10:30:00+01:00", "2024-03-05T09:30:00.000Z"],
    ["a date-time without offset (UTC)", "launchedAt", "2024-03-05 10:30", "2024-03-05T10:30:00.000Z"],
    ["a date for a date-time (midnight UTC)", "launchedAt", "2024-03-05", "2024-03-05T00:00:00.000Z"],
    ["an RFC 2822 date", "launchedAt", "Tue, 05 Mar 2024 10:30:00 GMT", "2024-03-05T10:30:00.000Z"],
    ["a date", "releaseDay", "2024-03-05", "2024-03-05"],
    // lists of strings: split on commas, trimmed
    ["a comma list", "tags", "a, b ,c", ["a", "b", "c"]],
    ["a one-item list", "tags", "solo", ["solo"]],
    ["a list with empty parts", "tags", "a,,b,", ["a", "b"]],
    ["a JSON list", "tags", '["a,b", "c"]', ["a,b", "c"]],
    ["a text starting with [ that is not JSON", "tags", "[draft], final", ["[draft]", "final"]],
    ["an enum list", "colors", "red,blue", ["red", "blue"]],
    // lists of other items
    ["a number list", "sizes", "1, 2.5, 3", [1, 2.5, 3]],
    ["a boolean list", "flags", "true, no, TRUE", [true, false, true]],
    ["a list of objects as JSON", "variants", '[{"sku":"A1"},{"sku":"B2"}]', [{ sku: "A1" }, { sku: "B2" }]],
    ["a free-form list as JSON", "anything", '[1,"x",null]', [1, "x", null]],
    ["a free-form list as commas", "anything", "1, x", ["1", "x"]],
    // objects: JSON
    ["an object as JSON", "dimensions", '{"width": 3}', { width: 3, unit: "cm" }],
    ["a free-form object as JSON", "extra", '{"any": [1]}', { any: [1] }],
    // strings stay text, even when they look like something else
    ["a number-looking title", "title", "42", "42"],
    ["a JSON-looking title", "title", '{"a":1}', '{"a":1}'],
  ])("converts %s", (_label, field, text, expected) => {
    const result = convertOne(field, text);
    expect(result).toEqual({ ok: true, data: { ...base, [field]: expected } });
  });

  it.each<[string, string, string, string, string]>([
    ["text for a number", "price", "abc", "price", "price must be a number"],
    ["a fraction for an integer", "stock", "1.5", "stock", "stock must be an integer"],
    ["a negative stock", "stock", "-1", "stock", "stock must be at least 0"],
    [
      "an unreadable date-time",
      "launchedAt",
      "next tuesday",
      "launchedAt",
      "launchedAt must be an ISO 8601 date and time, like 2024-01-31T09:30:00Z",
    ],
    [
      "a wrong date",
      "releaseDay",
      "05/03/2024",
      "releaseDay",
      "releaseDay must be a date written YYYY-MM-DD",
    ],
    [
      "an unknown enum value in a list",
      "colors",
      "red, pink",
      "colors.1",
      "colors.1 must be one of: red, green, blue",
    ],
    ["a non-number in a number list", "sizes", "1, big", "sizes.1", "sizes.1 must be a number"],
    ["a word that is no boolean", "active", "maybe", "active", "active must be true or false"],
    ["a non-boolean in a boolean list", "flags", "yes, perhaps", "flags.1", "flags.1 must be true or false"],
    [
      "text that is not JSON for an object (kept raw, then refused)",
      "dimensions",
      "3x4",
      "dimensions",
      "dimensions must be an object",
    ],
    [
      "JSON of the wrong shape",
      "dimensions",
      '{"width":"wide"}',
      "dimensions.width",
      "dimensions.width must be a number",
    ],
    ["a JSON list for an object", "extra", "[1]", "extra", "extra must be an object"],
    [
      "text that is not JSON for a list of objects",
      "variants",
      "A1, B2",
      "variants",
      "variants must be a list",
    ],
  ])("reports %s", (_label, field, text, errorField, message) => {
    expect(convertOne(field, text)).toEqual({ ok: false, errors: [{ field: errorField, message }] });
  });

  it("builds nested objects from dot paths", () => {
    const result = convertCsvRow({
      schema,
      headers: ["title", "city", "lat", "width"],
      row: ["T", "Delft", "52.01", "30"],
      mappings: [
        { csvHeader: "title", schemaField: "title", dataType: "text" },
        { csvHeader: "city", schemaField: "address.city", dataType: "text" },
        { csvHeader: "lat", schemaField: "address.geo.lat", dataType: "text" },
        { csvHeader: "width", schemaField: "dimensions.width", dataType: "text" },
      ],
    });
    expect(result).toEqual({
      ok: true,
      data: {
        ...base,
        address: { city: "Delft", geo: { lat: 52.01 } },
        dimensions: { width: 30, unit: "cm" },
      },
    });
  });

  it("converts by the mapping's data type inside a free-form object", () => {
    const result = convertCsvRow({
      schema,
      headers: ["title", "n", "b", "d", "j", "m", "t"],
      row: ["T", "4.5", "TRUE", "2024-03-05T10:00:00+02:00", '{"x":1}', "a, b", "plain"],
      mappings: [
        { csvHeader: "title", schemaField: "title", dataType: "text" },
        { csvHeader: "n", schemaField: "extra.n", dataType: "number" },
        { csvHeader: "b", schemaField: "extra.b", dataType: "boolean" },
        { csvHeader: "d", schemaField: "extra.d", dataType: "datetime" },
        { csvHeader: "j", schemaField: "extra.j", dataType: "json" },
        { csvHeader: "m", schemaField: "extra.m", dataType: "multiselect" },
        { csvHeader: "t", schemaField: "extra.t", dataType: "select" },
      ],
    });
    expect(result).toEqual({
      ok: true,
      data: {
        ...base,
        extra: { n: 4.5, b: true, d: "2024-03-05T08:00:00.000Z", j: { x: 1 }, m: ["a", "b"], t: "plain" },
      },
    });
  });

  it("ignores unmapped columns, unknown headers, unknown paths and built-in fields", () => {
    const result = convertCsvRow({
      schema,
      headers: ["title", "notes", "id", "creatorId", "city"],
      row: ["T", "ignored", "forged-id", "forged-user", "Delft"],
      mappings: [
        { csvHeader: "title", schemaField: "title", dataType: "text" },
        { csvHeader: "notes", schemaField: null, dataType: "text" },
        { csvHeader: "id", schemaField: "id", dataType: "text" },
        { csvHeader: "creatorId", schemaField: "creatorId", dataType: "text" },
        { csvHeader: "missing", schemaField: "price", dataType: "number" },
        { csvHeader: "city", schemaField: "unknown.city", dataType: "text" },
        { csvHeader: "city", schemaField: "title.nested", dataType: "text" },
        { csvHeader: "city", schemaField: "address.country", dataType: "text" },
      ],
    });
    expect(result).toEqual({ ok: true, data: base });
  });

  it("leaves empty cells out, so defaults apply and required fields are reported", () => {
    const result = convertCsvRow({
      schema,
      headers: ["title", "status", "price"],
      row: ["  ", "", ""],
      mappings: [
        { csvHeader: "title", schemaField: "title", dataType: "text" },
        { csvHeader: "status", schemaField: "status", dataType: "select" },
        { csvHeader: "price", schemaField: "price", dataType: "number" },
      ],
    });
    expect(result).toEqual({ ok: false, errors: [{ field: "title", message: "title is required" }] });
  });

  it("lets the later of two columns mapped to one field win", () => {
    const result = convertCsvRow({
      schema,
      headers: ["a", "b"],
      row: ["first", "second"],
      mappings: [
        { csvHeader: "a", schemaField: "title", dataType: "text" },
        { csvHeader: "b", schemaField: "title", dataType: "text" },
      ],
    });
    expect(result).toEqual({ ok: true, data: { ...base, title: "second" } });
  });

  it("never follows a path that could reach an object's prototype", () => {
    const result = convertCsvRow({
      schema,
      headers: ["title", "x"],
      row: ["T", "polluted"],
      mappings: [
        { csvHeader: "title", schemaField: "title", dataType: "text" },
        { csvHeader: "x", schemaField: "__proto__.polluted", dataType: "text" },
        { csvHeader: "x", schemaField: "extra.__proto__.polluted", dataType: "text" },
        { csvHeader: "x", schemaField: "constructor.prototype.polluted", dataType: "text" },
      ],
    });
    expect(result).toEqual({ ok: true, data: base });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("works with the basic mapping: the field's type converts, not the text data type", () => {
    const headers = ["Title", "Price", "Active", "Tags"];
    const result = convertCsvRow({
      schema,
      headers,
      row: ["Lamp", "19.99", "True", "home, light"],
      mappings: basicCsvMapping(headers, schema),
    });
    expect(result).toEqual({
      ok: true,
      data: { ...base, title: "Lamp", price: 19.99, active: true, tags: ["home", "light"] },
    });
  });

  it("reads back every number written with String()", () => {
    fc.assert(
      fc.property(fc.oneof(fc.constant(-0), fc.double({ noNaN: true, noDefaultInfinity: true })), (price) => {
        const result = convertOne("price", String(price));
        // String(-0) is "0", so -0 comes back as 0.
        expect(result).toEqual({ ok: true, data: { ...base, price: Object.is(price, -0) ? 0 : price } });
      }),
    );
  });

  it("splits any comma-joined list of trimmed words back into the words", () => {
    fc.assert(
      fc.property(
        fc.array(fc.stringMatching(/^[a-z0-9][a-z0-9 ]{0,6}[a-z0-9]$/), { maxLength: 6 }),
        (words) => {
          const result = convertOne("tags", words.join(" , "));
          expect(result).toEqual({ ok: true, data: words.length === 0 ? base : { ...base, tags: words } });
        },
      ),
    );
  });

  it("converts rows with one reused converter exactly as each row converted alone", () => {
    const headers = ["Title", "Price", "City", "Lat", "Free", "Title again"];
    const mappings: CsvMappingItem[] = [
      { csvHeader: "Title", schemaField: "title", dataType: "text" },
      { csvHeader: "Price", schemaField: "price", dataType: "number" },
      { csvHeader: "City", schemaField: "address.city", dataType: "text" },
      { csvHeader: "Lat", schemaField: "address.geo.lat", dataType: "number" },
      { csvHeader: "Free", schemaField: "extra.note", dataType: "boolean" },
      { csvHeader: "Title again", schemaField: "title", dataType: "text" },
      { csvHeader: "Missing", schemaField: "price", dataType: "number" },
    ];
    const convert = csvRowConverter({ schema, headers, mappings });
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.constant(""), fc.constant(" 12.5 "), fc.string()), {
          minLength: 6,
          maxLength: 6,
        }),
        (row) => {
          expect(convert(row)).toEqual(convertCsvRow({ schema, headers, row, mappings }));
        },
      ),
    );
  });
});
