import { markScalarFields, markScalarSortKeys, parseFilter, parseSort } from "@liftoff/domain";
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
} from "kysely";
import { describe, expect, it } from "vitest";
import { compileFilter } from "./compile-filter.ts";
import { compileSort } from "./compile-sort.ts";
import { dataFieldExpression } from "./data-field-expression.ts";

// Compiles without a database, to show the SQL the compilers write.
const db = new Kysely<any>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (kysely) => new PostgresIntrospector(kysely),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});
const rows = () => db.selectFrom("entity_rows").select("id");

describe("compileFilter SQL", () => {
  it("writes equality as containment the GIN index serves, names as parameters", () => {
    const query = rows()
      .where(compileFilter(parseFilter({ "address.city": "Oslo" })))
      .compile();
    expect(query.sql).toBe(
      'select "id" from "entity_rows" where ("data" @> $1::jsonb or "data" @> $2::jsonb)',
    );
    expect(query.parameters).toEqual(['{"address":{"city":"Oslo"}}', '{"address":{"city":["Oslo"]}}']);
  });

  it("maps built-in fields to their columns, qualified when asked", () => {
    const query = rows()
      .where(compileFilter(parseFilter({ creatorId: "u1", id: { $in: ["a", "b"] } }), { table: "r" }))
      .compile();
    expect(query.sql).toBe(
      'select "id" from "entity_rows" where (("r"."creatorId" is not null and ("r"."creatorId" in ($1::text))) and ("r"."id" in ($2::text, $3::text)))',
    );
  });

  it("turns createdAt comparisons into ranges on the column", () => {
    const query = rows()
      .where(compileFilter(parseFilter({ createdAt: { $gte: "2024-05" } })))
      .compile();
    expect(query.sql).toBe('select "id" from "entity_rows" where ("createdAt" >= $1::timestamptz)');
    expect(query.parameters).toEqual(["2024-05-01T00:00:00.000Z"]);
  });

  it("reaches nested fields with one parameter per segment", () => {
    const query = rows()
      .where(compileFilter(parseFilter({ "a.b": { $exists: true } })))
      .compile();
    expect(query.sql).toBe(
      'select "id" from "entity_rows" where (("data" -> $1::text -> $2::text) is not null)',
    );
    expect(query.parameters).toEqual(["a", "b"]);
  });
});

describe("declared (scalar) fields", () => {
  it("writes the schema's field names as literals, the form of the expression indexes", () => {
    const filter = markScalarFields(
      parseFilter({ category: "c3", priority: { $gte: 3 } }),
      new Set(["category", "priority"]),
    );
    const query = rows()
      .where(compileFilter(filter))
      .orderBy(compileSort(markScalarSortKeys(parseSort("-priority", ["priority"]), new Set(["priority"]))))
      .compile();
    expect(query.sql).toBe(
      `select "id" from "entity_rows" where ((("data" -> 'category'::text) is not null and ("data" -> 'category'::text) in ($1::jsonb)) and (("data" -> 'priority'::text) is not null and ("data" -> 'priority'::text) >= $2::jsonb and ("data" -> 'priority'::text) < 'false'::jsonb)) order by ("data" -> 'priority'::text) desc nulls last, "id" desc`,
    );
    expect(query.parameters).toEqual(['"c3"', "3"]);
  });

  it("keeps a path as parameters when a segment is not an identifier, declared or not", () => {
    const query = rows()
      .where(
        sql<boolean>`${dataFieldExpression(sql.ref("data"), ["ok", "x'; drop table t; --"], true)} is null`,
      )
      .compile();
    expect(query.sql).toBe('select "id" from "entity_rows" where ("data" -> $1::text -> $2::text) is null');
    expect(query.parameters).toEqual(["ok", "x'; drop table t; --"]);
  });
});

describe("compileSort SQL", () => {
  it("sorts by createdAt desc then id by default", () => {
    const query = rows()
      .orderBy(compileSort(parseSort(undefined, [])))
      .compile();
    expect(query.sql).toBe('select "id" from "entity_rows" order by "createdAt" desc, "id" desc');
  });

  it("sorts data fields by their jsonb value, missing with null", () => {
    const query = rows()
      .orderBy(compileSort(parseSort("-age,name,creatorId", ["age", "name"]), { table: "r" }))
      .compile();
    expect(query.sql).toBe(
      'select "id" from "entity_rows" order by ("r"."data" -> $1::text) desc nulls last, ("r"."data" -> $2::text) asc nulls first, "r"."creatorId" asc nulls first, "r"."id" desc',
    );
    expect(query.parameters).toEqual(["age", "name"]);
  });

  it("adds no tiebreak when id is already a key", () => {
    const query = rows()
      .orderBy(compileSort(parseSort("id:asc", [])))
      .compile();
    expect(query.sql).toBe('select "id" from "entity_rows" order by "id" asc');
  });
});
