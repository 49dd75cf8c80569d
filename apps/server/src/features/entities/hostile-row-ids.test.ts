import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uniqueEmail } from "../../testing/expect-error.ts";
import { createTestPlatform, type TestPlatform } from "../../testing/test-platform.ts";

/**
 * Issue 12, item 7: gets of one turn share one `id = any($1)` statement, and a NUL id in
 * one request failed the concurrent gets of other tenants. Hostile ids are now refused at
 * the edge (400), and a member that still breaks the shared statement fails alone
 * (read-row-by-id.test.ts).
 */

const TASK = {
  name: "Task",
  type: "object",
  properties: { title: { type: "string" } },
  permissions: { read: "all", write: "all" },
};

const HOSTILE_IDS = ["bad%00id", "%00", "%ED%A0%80", "%F0%9F", "a.b", "a%20b", "x".repeat(101), "%27%3B--"];

describe("hostile record ids", () => {
  let t: TestPlatform;
  const tenants: { appId: string; rowId: string }[] = [];

  beforeAll(async () => {
    t = await createTestPlatform();
    for (const name of ["a", "b"]) {
      const owner = (await t.signUp(uniqueEmail("row-ids", name))).token;
      const appId = (
        await t.request<{ id: string }>("POST", "/api/apps", {
          token: owner,
          body: { appType: "space", name },
        })
      ).body.id;
      expect(
        (await t.request("PUT", `/api/apps/${appId}/entities/Task`, { token: owner, body: TASK })).status,
      ).toBe(200);
      const row = await t.request<{ id: string }>("POST", `/live_api/apps/${appId}/entities/Task`, {
        body: { title: name },
      });
      expect(row.status).toBe(201);
      tenants.push({ appId, rowId: row.body.id });
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  it("answers 400 to a hostile id while other tenants' concurrent gets succeed", async () => {
    const [a, b] = tenants as [(typeof tenants)[0], (typeof tenants)[0]];
    const get = (appId: string, id: string) =>
      t.request("GET", `/live_api/apps/${appId}/entities/Task/${id}`);
    for (let round = 0; round < 3; round++) {
      const good = Array.from({ length: 5 }, () => get(a.appId, a.rowId));
      const hostile = HOSTILE_IDS.map((id) => get(b.appId, id));
      const [goodAnswers, hostileAnswers] = await Promise.all([Promise.all(good), Promise.all(hostile)]);
      for (const answer of goodAnswers) {
        expect(answer.status).toBe(200);
        expect(answer.body).toMatchObject({ id: a.rowId, title: "a" });
      }
      hostileAnswers.forEach((answer, i) => {
        expect(answer.status, `${HOSTILE_IDS[i]}: ${JSON.stringify(answer.body)}`).toBe(400);
        expect((answer.body as { error: { code: string } }).error.code).toMatch(
          /BAD_REQUEST|VALIDATION_FAILED/,
        );
      });
    }
    // The same hostile ids on update and delete: 400 too, nothing changed.
    for (const id of HOSTILE_IDS) {
      const path = `/live_api/apps/${b.appId}/entities/Task/${id}`;
      expect((await t.request("PUT", path, { body: { title: "x" } })).status, id).toBe(400);
      expect((await t.request("DELETE", path)).status, id).toBe(400);
    }
    expect((await get(b.appId, b.rowId)).body).toMatchObject({ id: b.rowId, title: "b" });
  });
});
