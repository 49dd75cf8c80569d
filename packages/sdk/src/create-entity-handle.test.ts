import { describe, expect, it } from "vitest";
import { createClient } from "./create-client.ts";
import { SdkError } from "./sdk-error.ts";
import { fakeFetch, json } from "./testing/fake-fetch.ts";

const RECORD = {
  id: "r1",
  title: "A",
  createdAt: "2025-01-01T00:00:00.000Z",
  updatedAt: "2025-01-01T00:00:00.000Z",
  creatorId: "u1",
};
const BASE = "/live_api/apps/app%201/entities/Task";

function setup(handler?: Parameters<typeof fakeFetch>[0], token: string | null = "tok") {
  const fake = fakeFetch(handler);
  const client = createClient<"Task">({
    baseUrl: "http://platform.test/",
    appId: "app 1",
    getToken: () => token,
    fetch: fake.fetch,
  });
  return { ...fake, client, Task: client.entities.Task };
}

async function rejection(promise: Promise<unknown>): Promise<SdkError> {
  const error = await promise.then(
    () => {
      throw new Error("expected a rejection");
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SdkError);
  return error as SdkError;
}

describe("entity handle HTTP", () => {
  it("list: GET the entity base with the paging parameters, returning the items", async () => {
    const { Task, last } = setup(() => json(200, { items: [RECORD], total: null }));
    await expect(Task.list("-createdAt", 5, 10, ["title"])).resolves.toEqual([RECORD]);
    const call = last();
    expect(call.method).toBe("GET");
    expect(call.url.pathname).toBe(BASE);
    expect(Object.fromEntries(call.url.searchParams)).toEqual({
      sort: "-createdAt",
      limit: "5",
      skip: "10",
      fields: "title",
      skipTotal: "true",
    });
    expect(call.headers.get("authorization")).toBe("Bearer tok");
  });

  it("filter: sends the query as q", async () => {
    const { Task, last } = setup(() => json(200, { items: [], total: null }));
    await Task.filter({ done: { $ne: true } }, "title:asc", 3);
    expect(JSON.parse(last().url.searchParams.get("q")!)).toEqual({ done: { $ne: true } });
    expect(last().url.searchParams.get("sort")).toBe("title:asc");
    expect(last().url.searchParams.get("limit")).toBe("3");
  });

  it("get, update and delete address the record by its encoded id", async () => {
    const { Task, calls } = setup(() => json(200, RECORD));
    await Task.get("a/b");
    await Task.update("r1", { done: true });
    await Task.delete("r1");
    expect(calls.map((c) => [c.method, c.url.pathname, c.body])).toEqual([
      ["GET", `${BASE}/a%2Fb`, undefined],
      ["PUT", `${BASE}/r1`, { done: true }],
      ["DELETE", `${BASE}/r1`, undefined],
    ]);
    expect(calls[1]!.headers.get("content-type")).toBe("application/json");
  });

  it("create: POSTs the fields", async () => {
    const { Task, last } = setup(() => json(201, RECORD));
    await expect(Task.create({ title: "A" })).resolves.toEqual(RECORD);
    expect([last().method, last().url.pathname, last().body]).toEqual(["POST", BASE, { title: "A" }]);
  });

  it("bulkCreate: POSTs {records} to /bulk and returns the items", async () => {
    const { Task, last } = setup(() => json(201, { items: [RECORD] }));
    await expect(Task.bulkCreate([{ title: "A" }])).resolves.toEqual([RECORD]);
    expect([last().method, last().url.pathname, last().body]).toEqual([
      "POST",
      `${BASE}/bulk`,
      { records: [{ title: "A" }] },
    ]);
  });

  it("bulkCreate of nothing sends nothing", async () => {
    const { Task, calls } = setup();
    await expect(Task.bulkCreate([])).resolves.toEqual([]);
    expect(calls).toHaveLength(0);
  });

  it("deleteMany: DELETE the base with q and returns {deleted}", async () => {
    const { Task, last } = setup(() => json(200, { deleted: 4 }));
    await expect(Task.deleteMany({ done: true })).resolves.toEqual({ deleted: 4 });
    expect(last().method).toBe("DELETE");
    expect(last().url.pathname).toBe(BASE);
    expect(last().url.searchParams.get("q")).toBe('{"done":true}');
  });

  it("deleteMany: keeps deleting while the server says hasMore, summing the counts", async () => {
    const answers = [
      { deleted: 1000, hasMore: true },
      { deleted: 3, hasMore: false },
    ];
    const { Task, calls } = setup(() => json(200, answers.shift()));
    await expect(Task.deleteMany({})).resolves.toEqual({ deleted: 1003 });
    expect(calls).toHaveLength(2);
  });

  it("deleteMany: stops when a batch deletes nothing, even if the server says hasMore", async () => {
    const { Task, calls } = setup(() => json(200, { deleted: 0, hasMore: true }));
    await expect(Task.deleteMany({})).resolves.toEqual({ deleted: 0 });
    expect(calls).toHaveLength(1);
  });

  it("count: GET /count, with or without q, returning a number", async () => {
    const { Task, calls } = setup(() => json(200, { count: 7 }));
    await expect(Task.count()).resolves.toBe(7);
    await expect(Task.count({ done: false })).resolves.toBe(7);
    expect(calls.map((c) => [c.url.pathname, c.url.search])).toEqual([
      [`${BASE}/count`, ""],
      [`${BASE}/count`, `?q=${encodeURIComponent('{"done":false}')}`],
    ]);
  });

  it("schema: GET /schema", async () => {
    const info = { name: "Task", schema: { type: "object" }, permissions: { read: "all", write: "all" } };
    const { Task, last } = setup(() => json(200, info));
    await expect(Task.schema()).resolves.toEqual(info);
    expect(last().url.pathname).toBe(`${BASE}/schema`);
  });

  it("sends no authorization header without a token", async () => {
    const { Task, last } = setup(() => json(200, { items: [] }), null);
    await Task.list();
    expect(last().headers.has("authorization")).toBe(false);
  });

  it("refuses an async getToken clearly instead of sending a broken header", async () => {
    const fake = fakeFetch(() => json(200, { items: [] }));
    const getToken = (async () => "tok") as unknown as () => string;
    const client = createClient({ baseUrl: "", appId: "a", getToken, fetch: fake.fetch });
    const error = await rejection(client.entities.Task!.list());
    expect(error.message).toMatch(/synchronously/);
    expect(fake.calls).toHaveLength(0);
  });

  it("reads the token at call time", async () => {
    let token: string | null = null;
    const fake = fakeFetch(() => json(200, { items: [] }));
    const client = createClient({ baseUrl: "", appId: "a", getToken: () => token, fetch: fake.fetch });
    await client.entities.Task!.list();
    token = "later";
    await client.entities.Task!.list();
    expect(fake.calls.map((c) => c.headers.get("authorization"))).toEqual([null, "Bearer later"]);
  });
});

describe("entity handle errors", () => {
  it("turns the server's error body into an SdkError with status, code, message and details", async () => {
    const details = { fields: [{ field: "title", message: "Required" }] };
    const { Task } = setup(() =>
      json(422, { error: { code: "UNPROCESSABLE", message: "Invalid record", details } }),
    );
    const error = await rejection(Task.create({}));
    expect({
      status: error.status,
      code: error.code,
      message: error.message,
      details: error.details,
    }).toEqual({
      status: 422,
      code: "UNPROCESSABLE",
      message: "Invalid record",
      details,
    });
    expect(error.name).toBe("SdkError");
  });

  it("gives an answer without the error body a code from its status", async () => {
    const { Task } = setup(() => new Response("Bad gateway", { status: 502 }));
    const error = await rejection(Task.list());
    expect([error.status, error.code]).toEqual([502, "INTERNAL"]);
  });

  it("turns a network failure into status 0", async () => {
    const { Task } = setup(() => {
      throw new TypeError("fetch failed");
    });
    const error = await rejection(Task.get("x"));
    expect([error.status, error.code]).toEqual([0, "NETWORK_ERROR"]);
    expect(error.cause).toBeInstanceOf(TypeError);
  });

  it("refuses a 2xx answer that is not JSON (an HTML page from a wrong baseUrl)", async () => {
    const { Task } = setup(() => new Response("<!doctype html>", { status: 200 }));
    expect((await rejection(Task.list())).code).toBe("INVALID_RESPONSE");
  });

  it.each([
    ["get", (t: any) => t.get("")],
    ["get", (t: any) => t.get(12)],
    ["update", (t: any) => t.update(undefined, {})],
    ["update", (t: any) => t.update("r1", "done")],
    ["create", (t: any) => t.create("title")],
    ["create", (t: any) => t.create(null)],
    ["delete", (t: any) => t.delete({ id: "r1" })],
    ["bulkCreate", (t: any) => t.bulkCreate({ title: "x" })],
    ["bulkCreate", (t: any) => t.bulkCreate([{ title: "x" }, "y"])],
    ["deleteMany", (t: any) => t.deleteMany()],
    ["filter", (t: any) => t.filter("title = x")],
  ])("%s with wrong arguments rejects before any request", async (_name, call) => {
    const { Task, calls } = setup();
    const error = await rejection(call(Task));
    expect([error.status, error.code]).toEqual([400, "INVALID_ARGUMENT"]);
    expect(calls).toHaveLength(0);
  });

  it("points create([...]) at bulkCreate", async () => {
    const { Task } = setup();
    expect((await rejection(Task.create([{ title: "x" }] as any))).message).toContain("bulkCreate");
  });
});

describe("client.entities", () => {
  it("gives the same handle for the same name", () => {
    const { client } = setup();
    expect(client.entities.Task).toBe(client.entities.Task);
  });

  it("gives any identifier-like name a handle", async () => {
    const fake = fakeFetch(() => json(200, { items: [] }));
    const client = createClient({ baseUrl: "", appId: "a", fetch: fake.fetch });
    await client.entities.Order_Line2!.list();
    expect(fake.last().url.pathname).toBe("/live_api/apps/a/entities/Order_Line2");
  });

  it.each(["my-task", "2fast", "", "a b", "__proto__x", "_private"])(
    "fails every call on the invalid name %j, without a request",
    async (name) => {
      const fake = fakeFetch();
      const client = createClient({ baseUrl: "", appId: "a", fetch: fake.fetch });
      const handle = client.entities[name]!;
      const error = await rejection(handle.list());
      expect(error.message).toContain("is not a valid entity name");
      expect(() => handle.subscribe(() => {})).toThrow(SdkError);
      expect(fake.calls).toHaveLength(0);
    },
  );

  it("is not thenable and has no symbol-keyed entities", async () => {
    const { client } = setup();
    expect((client.entities as any).then).toBeUndefined();
    expect((client.entities as any)[Symbol.iterator]).toBeUndefined();
    await expect(Promise.resolve(client.entities)).resolves.toBe(client.entities);
  });

  it("cannot be assigned to", () => {
    const { client } = setup();
    expect(() => {
      (client.entities as any).Task = {};
    }).toThrow(TypeError);
  });
});

describe("createClient", () => {
  it("needs an appId and a baseUrl", () => {
    expect(() => createClient({ baseUrl: "", appId: "" })).toThrow(SdkError);
    expect(() => createClient({ appId: "a" } as any)).toThrow(/baseUrl/);
  });

  it("uses the global fetch when none is given, looked up at call time", async () => {
    const fake = fakeFetch(() => json(200, { items: [] }));
    const original = globalThis.fetch;
    globalThis.fetch = fake.fetch as typeof fetch;
    try {
      await createClient({ baseUrl: "", appId: "a" }).entities.Task!.list();
    } finally {
      globalThis.fetch = original;
    }
    expect(fake.calls).toHaveLength(1);
  });

  it("keeps relative URLs with an empty baseUrl and joins a trailing slash cleanly", async () => {
    const urls: string[] = [];
    const record = async (input: string) => {
      urls.push(input);
      return json(200, { items: [] });
    };
    await createClient({ baseUrl: "", appId: "a", fetch: record }).entities.T!.list();
    await createClient({ baseUrl: "https://x.test//", appId: "a", fetch: record }).entities.T!.list();
    expect(urls).toEqual([
      "/live_api/apps/a/entities/T?skipTotal=true",
      "https://x.test/live_api/apps/a/entities/T?skipTotal=true",
    ]);
  });
});

describe("the entity handle's method list", () => {
  it("is exactly ENTITY_METHOD_NAMES, which the validators allow", async () => {
    const { ENTITY_METHOD_NAMES } = await import("@liftoff/domain");
    const { Task } = setup();
    expect(Object.keys(Task).sort()).toEqual([...ENTITY_METHOD_NAMES].sort());
  });
});
