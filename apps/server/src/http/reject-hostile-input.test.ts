import { JSON_MAX_DEPTH } from "@liftoff/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uniqueEmail } from "../testing/expect-error.ts";
import { createTestPlatform, type TestPlatform } from "../testing/test-platform.ts";
import { nestsDeeperThan } from "./reject-hostile-input.ts";

/**
 * Issue 12, item 8: NUL characters and unpaired UTF-16 surrogates in a path, a query or a
 * JSON string, and JSON nested thousands deep, answered 500 on some 70 routes. One edge
 * middleware now answers 400 with a clear message on every route.
 */

type ErrorBody = { error: { code: string; message: string } };
const deep = (levels: number) => `${"[".repeat(levels)}1${"]".repeat(levels)}`;
const deepObject = (levels: number) => `${'{"a":'.repeat(levels)}1${"}".repeat(levels)}`;

describe("hostile input at the edge", () => {
  let t: TestPlatform;
  let owner: string;
  let appId: string;

  beforeAll(async () => {
    t = await createTestPlatform();
    owner = (await t.signUp(uniqueEmail("edge", "owner"))).token;
    appId = (
      await t.request<{ id: string }>("POST", "/api/apps", {
        token: owner,
        body: { appType: "space", name: "Edge" },
      })
    ).body.id;
    const schema = {
      name: "Task",
      type: "object",
      properties: { title: { type: "string" }, meta: { type: "object" } },
      permissions: { read: "all", write: "all" },
    };
    expect(
      (await t.request("PUT", `/api/apps/${appId}/entities/Task`, { token: owner, body: schema })).status,
    ).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
  });

  const expect400 = (res: { status: number; body: unknown }, label: string, message: RegExp) => {
    expect(res.status, `${label}: ${JSON.stringify(res.body)}`).toBe(400);
    expect((res.body as ErrorBody).error.message, label).toMatch(message);
  };

  it("refuses NUL and malformed percent-encoding in paths on every kind of route", async () => {
    for (const path of [
      "/api/apps/%00",
      `/api/apps/${appId}/entities/Ta%00sk`,
      `/live_api/apps/${appId}/entities/Task/%00`,
      `/live_api/apps/a%00b/auth/me`,
      "/runtime/assets/%00.js",
      "/runtime/assets/%00.json",
      "/files/%00/name.png",
      "/app/%00",
      "/api/templates/%00/image",
    ]) {
      expect400(await t.request("GET", path, { token: owner }), path, /request path contains a NUL/);
    }
    for (const path of ["/api/apps/%ED%A0%80", "/api/apps/%E0%A4%A", "/live_api/apps/%ZZ/entities/Task"]) {
      expect400(
        await t.request("GET", path, { token: owner }),
        path,
        /request path is not valid percent-encoded/,
      );
    }
  });

  it("refuses NUL and malformed percent-encoding in the query, naming the parameter", async () => {
    const live = `/live_api/apps/${appId}/entities/Task`;
    expect400(await t.request("GET", `${live}?q=%7B%22title%22%3A%22a%00%22%7D`), "q", /query parameter 'q'/);
    expect400(await t.request("GET", `${live}?sort=%00`), "sort", /query parameter 'sort'/);
    expect400(await t.request("DELETE", `${live}?ids=a,%00`), "ids", /query parameter 'ids'/);
    expect400(
      await t.request("GET", `${live}?q=%ED%B0%80`),
      "surrogate",
      /query string is not valid percent-encoded/,
    );
  });

  it("refuses NUL and unpaired surrogates in JSON strings and keys, with where", async () => {
    const live = `/live_api/apps/${appId}/entities/Task`;
    const cases: [string, string, string][] = [
      ["POST", live, '{"title":"a\\u0000b"}'],
      ["POST", live, '{"title":"\\ud800"}'],
      ["POST", live, '{"meta":{"\\udc00x":1}}'],
      ["POST", `${live}/bulk`, '{"records":[{"title":"ok"},{"title":"\\u0000"}]}'],
      ["POST", "/api/apps", '{"appType":"space","name":"\\ud83d"}'],
      [
        "PUT",
        `/api/apps/${appId}/entities/Task`,
        '{"name":"Task","properties":{"t\\u0000":{"type":"string"}}}',
      ],
      ["POST", "/api/session/login", '{"email":"a\\u0000@x.test","password":"x"}'],
      ["POST", "/api/session/signup", '{"email":"a@x.test","password":"correct-horse-42","name":"\\udfff"}'],
      ["POST", `/live_api/apps/${appId}/auth/signup`, '{"email":"\\u0000@x.test","password":"pw-12345678"}'],
    ];
    for (const [method, path, body] of cases) {
      const res = await t.request(method, path, {
        token: owner,
        rawBody: body,
        headers: { "content-type": "application/json" },
      });
      expect400(
        res,
        `${method} ${path} ${body}`,
        /JSON body .*contains a NUL character or an unpaired UTF-16 surrogate/,
      );
    }
    // Where it is: the first offending string's path.
    const bulk = await t.request<ErrorBody>("POST", `${live}/bulk`, {
      token: owner,
      rawBody: '{"records":[{"title":"ok"},{"title":"\\u0000"}]}',
      headers: { "content-type": "application/json" },
    });
    expect(bulk.body.error.message).toContain("(at records.1.title)");
  });

  it(`refuses JSON nested deeper than ${JSON_MAX_DEPTH} levels, accepts it at the cap`, async () => {
    const live = `/live_api/apps/${appId}/entities/Task`;
    for (const body of [
      `{"title":"deep","meta":${deep(5000)}}`,
      `{"title":"deep","meta":${deepObject(150_000)}}`,
      deep(JSON_MAX_DEPTH + 1),
    ]) {
      for (const [method, path] of [
        ["POST", live],
        ["POST", "/api/apps"],
        ["POST", "/api/session/login"],
        ["PUT", `/api/apps/${appId}/entities/Task`],
      ] as const) {
        const res = await t.request(method, path, {
          token: owner,
          rawBody: body,
          headers: { "content-type": "application/json" },
        });
        expect400(res, `${method} ${path}`, new RegExp(`JSON nested deeper than ${JSON_MAX_DEPTH} levels`));
      }
    }
    const atCap = await t.request("POST", live, {
      token: owner,
      rawBody: `{"title":"at the cap","meta":{"x":${deep(JSON_MAX_DEPTH - 3)}}}`,
      headers: { "content-type": "application/json" },
    });
    expect(atCap.status, JSON.stringify(atCap.body)).toBe(201);
  });

  it("keeps ordinary input working: escaped text, brackets in strings, paired surrogates, malformed JSON", async () => {
    const live = `/live_api/apps/${appId}/entities/Task`;
    const title = `a \\u0000 and "[[[{{{" 😀 \u00e9 ${"[".repeat(100)}`;
    const created = await t.request<{ id: string; title: string }>("POST", live, { body: { title } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.title).toBe(title);
    const found = await t.request<{ items: { id: string }[] }>(
      "GET",
      `${live}?q=${encodeURIComponent(JSON.stringify({ title }))}`,
    );
    expect(found.body.items.map((row) => row.id)).toEqual([created.body.id]);
    const malformed = await t.request<ErrorBody>("POST", live, {
      rawBody: '{"title":',
      headers: { "content-type": "application/json" },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toEqual({ code: "INVALID_JSON", message: "Malformed JSON in request body" });
  });

  it("counts depth outside strings only", () => {
    expect(nestsDeeperThan(deep(3), 3)).toBe(false);
    expect(nestsDeeperThan(deep(4), 3)).toBe(true);
    expect(nestsDeeperThan(`["${"[".repeat(10)}\\"[["]`, 1)).toBe(false);
    expect(nestsDeeperThan('[[1],[2],[{"a":[3]}]]', 4)).toBe(false);
    expect(nestsDeeperThan('[[1],[2],[{"a":[[3]]}]]', 4)).toBe(true);
  });
});
