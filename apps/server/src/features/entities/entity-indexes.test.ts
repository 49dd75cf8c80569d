import { compileFilter, compileSort, entityIndexName } from "@liftoff/db";
import { markScalarFields, parseFilter, parseSort, scalarPathsOf } from "@liftoff/domain";
import { CompiledQuery, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uniqueEmail } from "../../testing/expect-error.ts";
import { createTestPlatform, type TestPlatform } from "../../testing/test-platform.ts";

const ITEM = {
  name: "Item",
  type: "object",
  properties: {
    title: { type: "string" },
    priority: { type: "integer" },
    category: { type: "string" },
    tags: { type: "array", items: { type: "string" } },
  },
  indexes: [["category", "priority"]],
  permissions: { read: "all", write: "all" },
};
const ROWS = 600;
const rowAt = (i: number) => ({ title: `Item ${i}`, priority: (i % 5) + 1, category: `c${i % 10}` });

describe("declared entity indexes", () => {
  let t: TestPlatform;
  let owner: string;
  let appId: string;
  const live = () => `/live_api/apps/${appId}/entities/Item`;

  beforeAll(async () => {
    t = await createTestPlatform();
    owner = (await t.signUp(uniqueEmail("indexes", "owner"))).token;
    appId = (
      await t.request<any>("POST", "/api/apps", { token: owner, body: { appType: "space", name: "Idx" } })
    ).body.id;
    const saved = await t.request<any>("PUT", `/api/apps/${appId}/entities/Item`, {
      token: owner,
      body: ITEM,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const bulk = await t.request<any>("POST", `${live()}/bulk`, {
      token: owner,
      body: { records: Array.from({ length: ROWS }, (_, i) => rowAt(i)) },
    });
    expect(bulk.status, JSON.stringify(bulk.body).slice(0, 300)).toBeLessThan(300);
  });
  afterAll(async () => {
    await t.close();
  });

  it("creates the expression index the schema declares, once, shared by name", async () => {
    const name = entityIndexName(["category", "priority"]);
    const found = await sql<{
      indexdef: string;
    }>`select indexdef from pg_indexes where indexname = ${name}`.execute(t.deps.db);
    expect(found.rows).toHaveLength(1);
    expect(found.rows[0]!.indexdef).toContain("'category'::text");
    // Saving the schema again keeps the one index.
    await t.request("PUT", `/api/apps/${appId}/entities/Item`, { token: owner, body: ITEM });
    const again = await sql`select 1 from pg_indexes where indexname = ${name}`.execute(t.deps.db);
    expect(again.rows).toHaveLength(1);
  });

  it("refuses indexes on fields that are not declared scalar", async () => {
    const bad = await t.request<any>("PUT", `/api/apps/${appId}/entities/Item`, {
      token: owner,
      body: { ...ITEM, indexes: [["tags"], ["nope"]] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain(
      'Index field "tags" must be a string, number, integer or boolean field',
    );
  });

  it("answers an equality + range filter sorted by an indexed field with the right page", async () => {
    const q = encodeURIComponent(JSON.stringify({ category: "c3", priority: { $gte: 3 } }));
    const page = await t.request<any>("GET", `${live()}?q=${q}&sort=-priority&limit=20&skipTotal=true`);
    expect(page.status).toBe(200);
    const expected = Array.from({ length: ROWS }, (_, i) => rowAt(i)).filter(
      (r) => r.category === "c3" && r.priority >= 3,
    );
    expect(page.body.items).toHaveLength(Math.min(20, expected.length));
    for (const item of page.body.items) {
      expect(item.category).toBe("c3");
      expect(item.priority).toBeGreaterThanOrEqual(3);
    }
    const priorities = page.body.items.map((item: { priority: number }) => item.priority);
    expect(priorities).toEqual([...priorities].sort((a, b) => b - a));
  });

  it("compiles that list to a query the declared index serves, in sort order", async () => {
    const schema = { properties: ITEM.properties } as Parameters<typeof scalarPathsOf>[0];
    const filter = markScalarFields(
      parseFilter({ category: "c3", priority: { $gte: 3 } }),
      scalarPathsOf(schema),
    );
    const query = t.deps.db
      .selectFrom("entity_rows")
      .selectAll()
      .where("appId", "=", appId)
      .where("entity", "=", "Item")
      .where(compileFilter(filter))
      .orderBy(compileSort(parseSort("-priority", Object.keys(ITEM.properties))))
      .limit(20)
      .compile();
    const plan = await t.deps.db.transaction().execute(async (trx) => {
      // Small tables tempt the planner to scan and sort; forbid that to prove the index fits.
      await sql`set local enable_seqscan = off`.execute(trx);
      await sql`set local enable_sort = off`.execute(trx);
      await sql`set local enable_bitmapscan = off`.execute(trx);
      const explained = await trx.executeQuery<{ "QUERY PLAN": string }>(
        CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]),
      );
      return explained.rows.map((row) => row["QUERY PLAN"]).join("\n");
    });
    expect(plan).toContain(entityIndexName(["category", "priority"]));
    expect(plan).not.toMatch(/\bSort\b/);
  });

  it("lets the planner pick that index by itself once statistics exist (the range is estimated)", async () => {
    // A type test (jsonb_typeof(…) = 'number') would be guessed at 0.5 % of the matches and
    // make fetching and sorting every match look cheaper than walking the index in order.
    await sql`analyze entity_rows`.execute(t.deps.db);
    const schema = { properties: ITEM.properties } as Parameters<typeof scalarPathsOf>[0];
    const query = t.deps.db
      .selectFrom("entity_rows")
      .selectAll()
      .where("appId", "=", appId)
      .where("entity", "=", "Item")
      .where(
        compileFilter(
          markScalarFields(parseFilter({ category: "c3", priority: { $gte: 3 } }), scalarPathsOf(schema)),
        ),
      )
      .orderBy(compileSort(parseSort("-priority", Object.keys(ITEM.properties))))
      .limit(20)
      .compile();
    const explained = await t.deps.db.executeQuery<{ "QUERY PLAN": string }>(
      CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]),
    );
    const plan = explained.rows.map((row) => row["QUERY PLAN"]).join("\n");
    expect(plan).toContain(entityIndexName(["category", "priority"]));
    expect(plan).not.toMatch(/\bSort\b/);
  });
});
