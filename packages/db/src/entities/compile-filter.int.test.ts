import {
  type FilterNode,
  type FilterRow,
  IDENTIFIER_PATTERN,
  isAppError,
  markScalarFields,
  matchesFilter,
  parseFilter,
  parseFilterParam,
  parseSort,
} from "@liftoff/domain";
import fc from "fast-check";
import { type Kysely, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../open-database.ts";
import { createTestDatabase } from "../testing/index.ts";
import { compileFilter } from "./compile-filter.ts";
import { compileSort } from "./compile-sort.ts";

// The table has the shape of the migration's entity_rows, in a schema of its own: the
// migrated public table references entity_schemas and apps, which these rows do not need.
const SCHEMA = "filter_check";
// Bounded for `npm test`; FILTER_RUNS and FILTER_SEED widen a local soak run.
const FILTER_RUNS = Number(process.env.FILTER_RUNS ?? 200);
const seed = (fixed: number) => (process.env.FILTER_SEED ? Number(process.env.FILTER_SEED) + fixed : fixed);

// --- values shared by rows and filters, so that filters hit ---------------------------------

const WORDS = [
  "",
  "a",
  "b",
  "ab",
  "A",
  "Ab",
  "abc",
  "é",
  "É",
  "ſ",
  "s",
  "S",
  "k",
  "K",
  "\u212a",
  "z",
  "\n",
  "a\nb",
  "😀",
  "\uffff",
  "\ue000",
  "10",
  "9",
  "true",
  "null",
  "'; drop table x; --",
  "$where",
  "2024-01-01",
  "2024-01-01T00:00:00.000Z",
  "2023-12-31T23:59:59.999Z",
];
const text = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...WORDS) },
  fc.string({ unit: fc.constantFrom("a", "b", "A", "é", "😀", "\n", " ", "-", "1", "\uffff"), maxLength: 6 }),
);
const number = fc.oneof(
  fc.constantFrom(
    0,
    -0,
    1,
    -1,
    1.5,
    2,
    9,
    10,
    100,
    0.1,
    0.30000000000000004,
    1e21,
    -1e21,
    5e-324,
    2 ** 53 + 2,
  ),
  fc.integer({ min: -3, max: 12 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
const scalar = fc.oneof(text, number, fc.boolean(), fc.constant(null));
const array = fc.array(
  fc.oneof(
    { weight: 5, arbitrary: text },
    number,
    fc.boolean(),
    fc.constant(null),
    fc.array(text, { maxLength: 2 }),
  ),
  { maxLength: 4 },
);
const object = fc.record(
  { city: text, zip: number, geo: fc.record({ lat: number }, { requiredKeys: [] }), tags: array },
  { requiredKeys: [] },
);
const value: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: scalar },
  { weight: 2, arbitrary: array },
  { weight: 1, arbitrary: object },
);
const KEYS = ["name", "age", "score", "active", "tags", "address", "note"] as const;

type GeneratedRow = {
  id: string;
  createdAt: string;
  updatedAt: string;
  creatorId: string | null;
  data: Record<string, unknown>;
};

const timestamp = fc
  .tuple(
    fc.date({
      min: new Date("2019-01-01T00:00:00Z"),
      max: new Date("2031-01-01T00:00:00Z"),
      noInvalidDate: true,
    }),
    fc.option(fc.integer({ min: 0, max: 999 })),
  )
  // Some rows carry microseconds, as now() writes them.
  .map(([date, micros]) =>
    micros === null
      ? date.toISOString()
      : date.toISOString().replace("Z", `${String(micros).padStart(3, "0")}Z`),
  );

const rowArbitrary: fc.Arbitrary<GeneratedRow> = fc.record({
  id: fc.uuid(),
  createdAt: timestamp,
  updatedAt: timestamp,
  creatorId: fc.option(fc.constantFrom("u1", "u2", "u3")),
  data: fc.dictionary(fc.constantFrom(...KEYS), value, { maxKeys: 6 }) as fc.Arbitrary<
    Record<string, unknown>
  >,
});

// --- filters ---------------------------------------------------------------------------------

const FIELDS = [
  ...KEYS,
  "address.city",
  "address.zip",
  "address.geo.lat",
  "address.tags",
  "tags.city",
  "name.city",
  "missing",
  "id",
  "createdAt",
  "updatedAt",
  "creatorId",
];

const regexAtom = fc.constantFrom(
  "a",
  "b",
  "A",
  "é",
  "😀",
  "k",
  "s",
  ".",
  "\\d",
  "\\w",
  "\\s",
  "\\D",
  "\\W",
  "[ab]",
  "[^a]",
  "[a-z]",
  "[A-Z0-9]",
  "[^\\s]",
  "[\\d-]",
  "\\.",
  "\\n",
  "\\u00e9",
  "\\u{1F600}",
  "-",
  "^",
  "$",
  "1",
  "T",
  ":",
  "\\$",
);
const quantifier = fc.constantFrom("", "", "", "*", "+", "?", "{2}", "{0,2}", "{1,}", "*?");
const regexPiece = fc.tuple(regexAtom, quantifier).map(([atom, q]) => atom + q);
const regexSequence = fc.array(regexPiece, { maxLength: 4 }).map((pieces) => pieces.join(""));
const regex = fc.oneof(
  { weight: 3, arbitrary: regexSequence },
  fc
    .tuple(regexSequence, regexSequence, regexSequence, quantifier, fc.boolean())
    .map(([before, left, right, q, plain]) => `${before}(${plain ? "?:" : ""}${left}|${right})${q}`),
);

const rangeValue = (rows: GeneratedRow[]) =>
  fc.oneof(
    text,
    number,
    fc.boolean(),
    fc.constantFrom("2024", "2025-06", "2026-01-01T00:00:00.000Z", "1", "z", ":", "20", "9999"),
    fc.constantFrom(...rows.map((row) => new Date(row.createdAt).toISOString())),
  );

/** The value at a field of a generated row, as the filter language reads it (undefined: missing). */
function valueAt(row: GeneratedRow, field: string): unknown {
  if (field === "id" || field === "creatorId") return row[field];
  if (field === "createdAt" || field === "updatedAt") return new Date(row[field]).toISOString();
  let current: unknown = row.data;
  for (const segment of field.split(".")) {
    if (typeof current !== "object" || current === null || Array.isArray(current)) return undefined;
    current = (current as Record<string, unknown>)[segment];
  }
  return current;
}

function filterArbitrary(rows: GeneratedRow[]): fc.Arbitrary<Record<string, unknown>> {
  // Per field, the values its rows hold (and their elements), so most conditions select
  // some rows and not others instead of all or none.
  const condition = (field: string) => {
    const held = rows
      .map((row) => valueAt(row, field))
      .filter((item) => item !== undefined)
      .flatMap((item) => (Array.isArray(item) ? [item, ...item] : [item]));
    const operand =
      held.length > 0 ? fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...held) }, value) : value;
    const ordered = held.filter((item) => ["string", "number", "boolean"].includes(typeof item));
    const range =
      ordered.length > 0
        ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...ordered) }, rangeValue(rows))
        : rangeValue(rows);
    const list = fc.array(operand, { maxLength: 12 });
    const operator: fc.Arbitrary<Record<string, unknown>> = fc.oneof(
      fc.record({ $eq: operand }),
      fc.record({ $ne: operand }),
      fc.record({ $gt: range }),
      fc.record({ $gte: range }),
      fc.record({ $lt: range }),
      fc.record({ $lte: range }),
      fc.record({ $gt: range, $lt: range }),
      fc.record({ $in: list }),
      fc.record({ $nin: list }),
      fc.record({ $exists: fc.boolean() }),
      fc.record({ $regex: regex, $options: fc.constantFrom("", "i") }, { requiredKeys: ["$regex"] }),
      fc.record({
        $all: fc.array(ordered.length > 0 ? fc.constantFrom(...ordered) : scalar, { maxLength: 2 }),
      }),
      fc.record({ $size: fc.nat(4) }),
      fc.record({
        $not: fc.oneof(fc.record({ $gt: range }), fc.record({ $in: list }), fc.record({ $regex: regex })),
      }),
    );
    return fc.oneof({ weight: 2, arbitrary: operand }, list, { weight: 5, arbitrary: operator });
  };
  const leaf = fc
    .uniqueArray(
      fc.constantFrom(...FIELDS).chain((field) => condition(field).map((c) => [field, c] as const)),
      { minLength: 1, maxLength: 2, selector: ([field]) => field },
    )
    .map((entries) => Object.fromEntries(entries));
  const { filter } = fc.letrec<{ filter: Record<string, unknown> }>((tie) => ({
    filter: fc.oneof(
      { depthSize: "xsmall", withCrossShrink: true },
      { weight: 3, arbitrary: leaf },
      fc.record({ $and: fc.array(tie("filter"), { minLength: 1, maxLength: 2 }) }),
      fc.record({ $or: fc.array(tie("filter"), { minLength: 1, maxLength: 3 }) }),
      fc.record({ $nor: fc.array(tie("filter"), { minLength: 1, maxLength: 2 }) }),
      fc.tuple(leaf, fc.array(tie("filter"), { minLength: 1, maxLength: 2 })).map(([fields, or]) => ({
        ...fields,
        $or: or,
      })),
    ),
  }));
  return filter;
}

// --- hostile input ---------------------------------------------------------------------------

const HOSTILE = [
  "'; drop table x; --",
  '"; drop table x; --',
  "$where",
  "$function",
  "$expr",
  "__proto__",
  "constructor",
  "toString",
  "a..b",
  "",
  "$",
  ".",
  "a.",
  "a b",
  "id.x",
  "data",
  "1abc",
  "😀",
  "x\u0000y",
  "\ud800",
  "a\\b",
  "a'b",
  "$" + "{x}",
  "name",
  "tags",
  "address.city",
  "(a+)+",
  "([a-z]+)*$",
  "\\1",
  "(?=a)",
  "[",
  "x".repeat(10_001),
];
const hostileText = fc.oneof(
  fc.constantFrom(...HOSTILE),
  fc.string({ maxLength: 12 }),
  fc.string({ unit: "binary" }),
);
const hostileValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    hostileText,
    fc.constantFrom(1e308, -1e308, 2 ** 63, Number.MAX_SAFE_INTEGER + 2, 5e-324, -0, 0, Number.NaN, Infinity),
    fc.boolean(),
    fc.constant(null),
    fc.constant(undefined),
    fc.array(tie("value"), { maxLength: 3 }),
    fc.dictionary(
      fc.oneof(
        hostileText,
        fc.constantFrom("$eq", "$in", "$regex", "$options", "$not", "$size", "$all", "$or"),
      ),
      tie("value"),
      { maxKeys: 3 },
    ),
  ),
})).value;
const hostileFilter = fc.oneof(
  fc.dictionary(
    fc.oneof(hostileText, fc.constantFrom(...FIELDS), fc.constantFrom("$and", "$or", "$nor", "$not")),
    hostileValue,
    { maxKeys: 3 },
  ),
  fc.anything(),
  fc.jsonValue(),
);

// --- the suite -------------------------------------------------------------------------------

describe("compileFilter against matchesFilter", () => {
  let handle: DatabaseHandle;
  let db: Kysely<any>;
  let rows: FilterRow[];
  let generated: GeneratedRow[];

  beforeAll(async () => {
    handle = await createTestDatabase();
    db = handle.db as unknown as Kysely<any>;
    await sql`create schema if not exists ${sql.id(SCHEMA)}`.execute(db);
    await sql`
      create table if not exists ${sql.id(SCHEMA, "entity_rows")} (
        "id" text primary key,
        "appId" text not null,
        "entity" text not null,
        "data" jsonb not null default '{}',
        "creatorId" text,
        "createdAt" timestamptz not null default now(),
        "updatedAt" timestamptz not null default now()
      )`.execute(db);
    await sql`create index if not exists entity_rows_data_idx on ${sql.id(SCHEMA, "entity_rows")} using gin ("data" jsonb_path_ops)`.execute(
      db,
    );
    const sampled = fc.sample(rowArbitrary, { numRuns: 400, seed: seed(20_240_501) });
    generated = [...new Map(sampled.map((row) => [row.id, row])).values()].slice(0, 300);
    for (let start = 0; start < generated.length; start += 50) {
      await db
        .withSchema(SCHEMA)
        .insertInto("entity_rows")
        .values(
          generated.slice(start, start + 50).map((row) => ({
            ...row,
            appId: "app",
            entity: "generated",
            data: JSON.stringify(row.data),
          })),
        )
        .execute();
    }
    // The evaluator sees rows as the server does: read back through the driver.
    rows = await db
      .withSchema(SCHEMA)
      .selectFrom("entity_rows")
      .select(["id", "createdAt", "updatedAt", "creatorId", "data"])
      .where("entity", "=", "generated")
      .execute();
  });

  afterAll(async () => {
    await handle?.close();
  });

  async function sqlIds(node: FilterNode, executor: Kysely<any> = db): Promise<string[]> {
    const found = await executor
      .withSchema(SCHEMA)
      .selectFrom("entity_rows")
      .select("id")
      .where("entity", "=", "generated")
      .where(compileFilter(node))
      .execute();
    return found.map((row) => row.id as string).sort();
  }

  const memoryIds = (node: FilterNode) =>
    rows
      .filter((row) => matchesFilter(row, node))
      .map((row) => row.id)
      .sort();

  /** Parses; a 400 is an accepted answer. Anything else thrown fails the property. */
  function parseOr400(input: unknown): FilterNode | null {
    try {
      return parseFilter(input);
    } catch (error) {
      if (isAppError(error) && error.code === "BAD_REQUEST" && error.message.startsWith("Invalid filter: ")) {
        return null;
      }
      throw error;
    }
  }

  it("stores and reads back the generated rows", () => {
    expect(rows.length).toBe(generated.length);
    expect(generated.length).toBeGreaterThanOrEqual(250);
    for (const row of rows) expect(row.createdAt).toBeInstanceOf(Date);
  });

  it("returns the same rows as the in-memory evaluation for random filters", async () => {
    let parsed = 0;
    let nonTrivial = 0;
    await fc.assert(
      fc.asyncProperty(filterArbitrary(generated), async (filter) => {
        const node = parseOr400(filter);
        if (!node) return;
        parsed++;
        const expected = memoryIds(node);
        if (expected.length > 0 && expected.length < rows.length) nonTrivial++;
        expect(await sqlIds(node)).toEqual(expected);
      }),
      { numRuns: FILTER_RUNS, seed: seed(7) },
    );
    // The property means something only if most filters were valid and many selected some rows.
    expect(parsed).toBeGreaterThan(FILTER_RUNS * 0.7);
    expect(nonTrivial).toBeGreaterThan(FILTER_RUNS * 0.3);
  });

  it("returns the same rows for fields the schema declares scalar, arrays in stored rows included", async () => {
    const scalarSets = fc.subarray([...KEYS, "address.city", "address.zip", "address.geo.lat"]);
    let marked = 0;
    await fc.assert(
      fc.asyncProperty(filterArbitrary(generated), scalarSets, async (filter, scalars) => {
        const parsed = parseOr400(filter);
        if (!parsed) return;
        const node = markScalarFields(parsed, new Set(scalars));
        if (JSON.stringify(node).includes('"scalar":true')) marked++;
        expect(await sqlIds(node)).toEqual(memoryIds(node));
      }),
      { numRuns: FILTER_RUNS, seed: seed(13) },
    );
    expect(marked).toBeGreaterThan(FILTER_RUNS * 0.25);
  });

  it("gives the same answers when the GIN index serves the containment tests", async () => {
    await fc.assert(
      fc.asyncProperty(filterArbitrary(generated), async (filter) => {
        const node = parseOr400(filter);
        if (!node) return;
        const found = await db.transaction().execute(async (trx) => {
          await sql`set local enable_seqscan = off`.execute(trx);
          return sqlIds(node, trx);
        });
        expect(found).toEqual(memoryIds(node));
      }),
      { numRuns: 50, seed: seed(11) },
    );
  });

  it("answers hostile filters with a 400 or with the correct rows, never an error from the database", async () => {
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(hostileFilter, async (filter) => {
        const node = parseOr400(filter);
        if (!node) {
          refused++;
          return;
        }
        expect(await sqlIds(node)).toEqual(memoryIds(node));
      }),
      { numRuns: FILTER_RUNS, seed: seed(13) },
    );
    expect(refused).toBeGreaterThan(0);
  });

  it("answers hostile q strings with a 400 or with the correct rows", async () => {
    const q = fc.oneof(
      fc.string(),
      fc.json(),
      hostileFilter.map((filter) => JSON.stringify(filter) ?? "undefined"),
      fc.constantFrom("", "null", "[]", "{", '{"a":', '{"a":1}}', '{"$where":"1"}', "1e999", '"x"'),
    );
    await fc.assert(
      fc.asyncProperty(q, async (text) => {
        let node: FilterNode;
        try {
          node = parseFilterParam(text);
        } catch (error) {
          expect(isAppError(error) && error.code === "BAD_REQUEST").toBe(true);
          return;
        }
        expect(await sqlIds(node)).toEqual(memoryIds(node));
      }),
      { numRuns: FILTER_RUNS, seed: seed(17) },
    );
  });

  it("never writes a field name or value into the SQL text", async () => {
    // Every name and string carries a marker that the compiler's own SQL never contains.
    const marked = fc.string({
      unit: fc.constantFrom("a", "'", '"', ";", "-", " ", "\\", "😀"),
      maxLength: 5,
    });
    const name = fc
      .array(fc.stringMatching(/^[a-z][a-z0-9_]{0,5}$/), { minLength: 1, maxLength: 3 })
      .map((segments) => segments.map((segment) => `zqx${segment}`).join("."));
    const operand = fc.oneof(
      marked.map((s) => `zqx${s}`),
      fc.array(
        marked.map((s) => `zqx${s}`),
        { maxLength: 10 },
      ),
      fc.dictionary(
        marked.map((s) => `zqx${s}`),
        marked.map((s) => `zqx${s}`),
        { maxKeys: 2 },
      ),
    );
    const condition = fc.oneof(
      operand,
      fc.record({ $ne: operand }),
      fc.record({ $gt: marked.map((s) => `zqx${s}`) }),
      fc.record({ $in: fc.array(operand, { maxLength: 10 }) }),
      fc.record({
        $regex: fc.constantFrom("zqx", "^zqx.*", "zqx[a-z]+"),
        $options: fc.constantFrom("", "i"),
      }),
      fc.record({ $all: fc.array(marked.map((s) => `zqx${s}`)) }),
      fc.record({ $exists: fc.boolean() }),
    );
    await fc.assert(
      fc.asyncProperty(fc.dictionary(name, condition, { minKeys: 1, maxKeys: 3 }), async (filter) => {
        const node = parseFilter(filter);
        const compiled = db.selectFrom("entity_rows").select("id").where(compileFilter(node)).compile();
        expect(compiled.sql.toLowerCase()).not.toContain("zqx");
        await sqlIds(node);
      }),
      { numRuns: 100, seed: seed(19) },
    );
  });

  it("writes only the schema's declared field names into the SQL, as whole literals", async () => {
    // Declared (scalar-marked) paths are written as literals so expression indexes and
    // generic plans serve them; everything else stays a parameter. Input strings that are
    // not declared names — values, other names, hostile segments — never appear.
    // (parseFilter accepts identifier segments only; dataFieldExpression checks again.)
    const segment = fc.stringMatching(/^[a-z][a-z0-9_]{0,5}$/).map((text) => `zqx${text}`);
    const name = fc.array(segment, { minLength: 1, maxLength: 2 }).map((segments) => segments.join("."));
    const value = fc.oneof(
      fc.string({ maxLength: 4 }).map((text) => `zqx${text}`),
      fc.integer(),
      fc.boolean(),
    );
    const condition = fc.oneof(
      value,
      fc.record({ $gte: value }),
      fc.record({ $in: fc.array(value, { maxLength: 4 }) }),
      fc.record({ $ne: value }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(name, condition, { minKeys: 1, maxKeys: 3 }),
        fc.func(fc.boolean()),
        async (filter, declare) => {
          const names = Object.keys(filter);
          const declared = new Set(names.filter((text) => declare(text)));
          const parsed = parseOr400(filter);
          if (!parsed) return;
          const node = markScalarFields(parsed, declared);
          const compiled = db.selectFrom("entity_rows").select("id").where(compileFilter(node)).compile();
          let text = compiled.sql;
          for (const path of declared) {
            for (const part of path.split(".")) {
              if (IDENTIFIER_PATTERN.test(part)) text = text.replaceAll(`'${part}'::text`, "");
            }
          }
          expect(text.toLowerCase()).not.toContain("zqx");
          await sqlIds(node);
        },
      ),
      { numRuns: 100, seed: seed(23) },
    );
  });

  it("sorts by built-in and data fields with a stable id tiebreak", async () => {
    const list = async (sort: string) =>
      (
        await db
          .withSchema(SCHEMA)
          .selectFrom("entity_rows")
          .select(["id", "data"])
          .where("entity", "=", "generated")
          .orderBy(compileSort(parseSort(sort, KEYS)))
          .execute()
      ).map((row) => ({ id: row.id as string, data: row.data }));

    // The database orders by the stored microseconds; the generated text has them.
    const micros = (iso: string) =>
      iso.replace(/\.(\d+)Z$/, (_, digits: string) => `.${digits.padEnd(6, "0")}Z`);
    const expected = [...generated]
      .sort(
        (a, b) =>
          (micros(a.createdAt) < micros(b.createdAt)
            ? 1
            : micros(a.createdAt) > micros(b.createdAt)
              ? -1
              : 0) || (a.id < b.id ? 1 : -1),
      )
      .map((row) => row.id);
    expect((await list("")).map((row) => row.id)).toEqual(expected);

    const byAge = await list("age:asc,-createdAt");
    // jsonb order, missing first: [] (jsonb puts an empty array below null), null, strings,
    // numbers (numerically), booleans, arrays, objects.
    const rank = (v: unknown) =>
      v === undefined
        ? 0
        : Array.isArray(v) && v.length === 0
          ? 1
          : v === null
            ? 2
            : typeof v === "string"
              ? 3
              : typeof v === "number"
                ? 4
                : typeof v === "boolean"
                  ? 5
                  : Array.isArray(v)
                    ? 6
                    : 7;
    const ages = byAge.map((row) => (row.data as Record<string, unknown>).age);
    for (let index = 1; index < ages.length; index++) {
      const [previous, current] = [ages[index - 1], ages[index]];
      expect(rank(previous)).toBeLessThanOrEqual(rank(current));
      if (typeof previous === "number" && typeof current === "number") {
        expect(previous).toBeLessThanOrEqual(current);
      }
    }
    expect(new Set(byAge.map((row) => row.id)).size).toBe(rows.length);
    await list("address.city:desc,name,-score");
  });
});

describe("filter semantics on hand-written rows", () => {
  let handle: DatabaseHandle;
  let db: Kysely<any>;
  const at = (day: number) => new Date(Date.UTC(2024, 0, day, 12)).toISOString();
  const examples: FilterRow[] = [
    {
      id: "r1",
      createdAt: at(1),
      updatedAt: at(1),
      creatorId: "u1",
      data: { name: "Ann", age: 30, tags: ["red", "blue"] },
    },
    {
      id: "r2",
      createdAt: at(2),
      updatedAt: at(3),
      creatorId: null,
      data: { name: "bob", age: "30", tags: ["blue"] },
    },
    {
      id: "r3",
      createdAt: at(3),
      updatedAt: at(3),
      creatorId: "u2",
      data: { name: null, age: 7.5, tags: "red" },
    },
    {
      id: "r4",
      createdAt: at(4),
      updatedAt: at(5),
      creatorId: "u1",
      data: { address: { city: "Oslo" }, tags: [] },
    },
    {
      id: "r5",
      createdAt: at(5),
      updatedAt: at(5),
      creatorId: "u2",
      data: { address: [{ city: "Oslo" }], age: true },
    },
  ];

  beforeAll(async () => {
    handle = await createTestDatabase();
    db = handle.db as unknown as Kysely<any>;
    await sql`create schema if not exists ${sql.id(SCHEMA)}`.execute(db);
    await sql`
      create table if not exists ${sql.id(SCHEMA, "entity_rows")} (
        "id" text primary key, "appId" text not null, "entity" text not null,
        "data" jsonb not null default '{}', "creatorId" text,
        "createdAt" timestamptz not null default now(), "updatedAt" timestamptz not null default now()
      )`.execute(db);
    await db
      .withSchema(SCHEMA)
      .insertInto("entity_rows")
      .values(
        examples.map((row) => ({ ...row, appId: "app", entity: "examples", data: JSON.stringify(row.data) })),
      )
      .execute();
  });

  afterAll(async () => {
    await handle?.close();
  });

  it.each<[string, Record<string, unknown>, string[]]>([
    ["equality", { name: "Ann" }, ["r1"]],
    ["types never mix", { age: 30 }, ["r1"]],
    ["null matches null and missing", { name: null }, ["r3", "r4", "r5"]],
    ["$exists counts null as present", { name: { $exists: true } }, ["r1", "r2", "r3"]],
    ["a scalar on an array field means contains", { tags: "red" }, ["r1", "r3"]],
    ["a plain array means in", { name: ["Ann", "bob"] }, ["r1", "r2"]],
    ["$eq with an array is exact", { tags: { $eq: ["blue"] } }, ["r2"]],
    ["$ne also matches missing fields", { tags: { $ne: "red" } }, ["r2", "r4", "r5"]],
    ["numbers compare numerically", { age: { $gt: 8 } }, ["r1"]],
    ["strings compare as text", { age: { $gte: "3" } }, ["r2"]],
    ["booleans order false < true", { age: { $gt: false } }, ["r5"]],
    ["$in", { age: { $in: [30, 7.5] } }, ["r1", "r3"]],
    ["$nin", { age: { $nin: [30, 7.5] } }, ["r2", "r4", "r5"]],
    ["$regex case-sensitive", { name: { $regex: "^a" } }, []],
    ["$regex with $options i", { name: { $regex: "^a", $options: "i" } }, ["r1"]],
    ["$regex on array elements", { tags: { $regex: "^bl" } }, ["r1", "r2"]],
    ["$all", { tags: { $all: ["blue", "red"] } }, ["r1"]],
    ["$size", { tags: { $size: 0 } }, ["r4"]],
    ["dot paths do not traverse arrays", { "address.city": "Oslo" }, ["r4"]],
    ["$not", { age: { $not: { $gt: 8 } } }, ["r2", "r3", "r4", "r5"]],
    ["$or and $nor", { $or: [{ name: "Ann" }, { age: true }], $nor: [{ creatorId: "u2" }] }, ["r1"]],
    ["creatorId null", { creatorId: null }, ["r2"]],
    ["creatorId $ne", { creatorId: { $ne: "u1" } }, ["r2", "r3", "r5"]],
    ["id", { id: { $in: ["r2", "r9"] } }, ["r2"]],
    ["createdAt by day prefix", { createdAt: { $gte: "2024-01-03", $lt: "2024-01-05" } }, ["r3", "r4"]],
    ["createdAt exact", { createdAt: at(2) }, ["r2"]],
    ["updatedAt regex", { updatedAt: { $regex: "-05T" } }, ["r4", "r5"]],
  ])("%s", async (_label, filter, expected) => {
    const node = parseFilter(filter);
    expect(examples.filter((row) => matchesFilter(row, node)).map((row) => row.id)).toEqual(expected);
    const found = await db
      .withSchema(SCHEMA)
      .selectFrom("entity_rows")
      .select("id")
      .where("entity", "=", "examples")
      .where(compileFilter(node))
      .orderBy("id")
      .execute();
    expect(found.map((row) => row.id)).toEqual(expected);
  });
});
