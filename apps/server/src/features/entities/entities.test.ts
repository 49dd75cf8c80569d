import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError, uniqueEmail } from "../../testing/expect-error.ts";
import { createTestPlatform, type TestPlatform } from "../../testing/test-platform.ts";

const TASK = {
  name: "Task",
  type: "object",
  properties: {
    title: { type: "string", maxLength: 200 },
    done: { type: "boolean", default: false },
    priority: { type: "integer", minimum: 1, maximum: 5 },
    tags: { type: "array", items: { type: "string" } },
    due: { type: "string", format: "date-time" },
  },
  required: ["title"],
};

describe("entity API", () => {
  let t: TestPlatform;
  let owner: string;
  let other: string;
  let appId: string;
  const live = () => `/live_api/apps/${appId}/entities/Task`;

  beforeAll(async () => {
    t = await createTestPlatform();
    owner = (await t.signUp(uniqueEmail("entities", "owner"))).token;
    other = (await t.signUp(uniqueEmail("entities", "other"))).token;
    appId = (
      await t.request<any>("POST", "/api/apps", { token: owner, body: { appType: "space", name: "Tasks" } })
    ).body.id;
    const saved = await t.request<any>("PUT", `/api/apps/${appId}/entities/Task`, {
      token: owner,
      body: TASK,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  });
  afterAll(async () => {
    await t.close();
  });

  it("creates with defaults, validates per field, and reads back", async () => {
    const created = await t.request<any>("POST", live(), {
      token: owner,
      body: { title: "Write tests", priority: 2, extra: 1 },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ title: "Write tests", done: false, priority: 2 });
    expect(created.body).not.toHaveProperty("extra");
    expect(created.body.creatorId).toBeTruthy();

    const bad = await t.request<any>("POST", live(), { token: owner, body: { priority: 9, done: "yes" } });
    expect(bad.status).toBe(422);
    const fields = bad.body.error.details.fields.map((f: { field: string }) => f.field).sort();
    expect(fields).toEqual(["done", "priority", "title"]);
    // The message is the fields' own, which the builder's grid shows as it is.
    expect(bad.body.error.message).toBe(
      "title is required; done must be true or false; priority must be at most 5",
    );
    const missing = await t.request<any>("POST", live(), { token: owner, body: { priority: 2 } });
    expectError(missing, 422, "UNPROCESSABLE", "title is required");

    const got = await t.request<any>("GET", `${live()}/${created.body.id}`, { token: owner });
    expect(got.body.title).toBe("Write tests");
    // Reads get their JSON text from Postgres: the same record, timestamps in toISOString form.
    expect(got.body).toEqual(created.body);
    expect(got.body.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const listed = await t.request<any>(
      "GET",
      `${live()}?q=${encodeURIComponent(JSON.stringify({ id: created.body.id }))}`,
      { token: owner },
    );
    expect(listed.body).toEqual({ items: [created.body], total: 1 });
    expect(listed.headers.get("content-type")).toBe("application/json");
  });

  it("lists with filter, sort, paging and total, and keeps creator rows private", async () => {
    await t.request("POST", `${live()}/bulk`, {
      token: owner,
      body: {
        records: [1, 2, 3, 4, 5].map((n) => ({
          title: `Item ${n}`,
          priority: n,
          tags: n % 2 ? ["odd"] : ["even"],
        })),
      },
    });
    const q = encodeURIComponent(JSON.stringify({ priority: { $gte: 2 }, tags: "odd" }));
    const page = await t.request<any>("GET", `${live()}?q=${q}&sort=-priority&limit=1`, { token: owner });
    expect(page.status).toBe(200);
    expect(page.body.total).toBe(2);
    expect(page.body.items.map((r: any) => r.title)).toEqual(["Item 5"]);

    const anonymous = await t.request<any>("GET", live());
    expect(anonymous.body).toEqual({ items: [], total: 0 });
    const stranger = await t.request<any>("GET", live(), { token: other });
    expect(stranger.body.total).toBe(0);
    const id = page.body.items[0].id;
    expectError(
      await t.request("GET", `${live()}/${id}`, { token: other }),
      404,
      "NOT_FOUND",
      "Task record not found",
    );
    expectError(
      await t.request("PUT", `${live()}/${id}`, { token: other, body: { title: "x" } }),
      404,
      "NOT_FOUND",
      "Task record not found",
    );

    // Lists are compiled once per schema load: the same request follows a permission change.
    const again = await t.request<any>("GET", `${live()}?q=${q}&sort=-priority&limit=1`, { token: owner });
    expect(again.body).toEqual(page.body);
    const opened = await t.request("PUT", `/api/apps/${appId}/entities/Task`, {
      token: owner,
      body: { ...TASK, permissions: { read: "all", write: "creator" } },
    });
    expect(opened.status).toBe(200);
    const strangerNow = await t.request<any>("GET", `${live()}?q=${q}&sort=-priority&limit=1`, {
      token: other,
    });
    expect(strangerNow.body).toEqual(page.body);
    await t.request("PUT", `/api/apps/${appId}/entities/Task`, { token: owner, body: TASK });
    const closed = await t.request<any>("GET", `${live()}?q=${q}&sort=-priority&limit=1`, { token: other });
    expect(closed.body).toEqual({ items: [], total: 0 });
  });

  it("answers bad queries with 400, never 500", async () => {
    for (const query of [
      "q=not-json",
      "sort=nope",
      `q=${encodeURIComponent('{"$where":"1"}')}`,
      "limit=0",
      "fields=zzz",
    ]) {
      const res = await t.request<any>("GET", `${live()}?${query}`, { token: owner });
      expect(res.status, query).toBe(400);
    }
    expect(
      (await t.request<any>("GET", `/live_api/apps/${appId}/entities/Nope`, { token: owner })).status,
    ).toBe(404);
  });

  it("imports a CSV, keeping good rows and reporting bad ones", async () => {
    const csv = "title,priority,done\nFrom CSV 1,3,true\n,2,false\nFrom CSV 2,7,false\nFrom CSV 3,1,TRUE\n";
    const form = new FormData();
    form.set("file", new File([csv], "tasks.csv", { type: "text/csv" }));
    const res = await t.app.request(`${live()}/import`, {
      method: "POST",
      body: form,
      headers: { authorization: `Bearer ${owner}` },
    });
    const body = await res.json();
    expect(res.status).toBe(200);
    expect(body.total).toBe(4);
    expect(body.imported).toBe(2);
    expect(body.failed.map((f: any) => f.line)).toEqual([3, 4]);
  });

  it("reports each failed row with its line in the file (the header is line 1) and its reasons", async () => {
    // Line 3 holds a quoted line break and line 5 is blank, so lines and rows differ.
    const csv = [
      "title,priority,done",
      "Yes words,2,yes",
      '"Two',
      'lines",3,Off',
      "",
      ",2,no",
      "Bad boolean,2,maybe",
      "Too,many,fields,here",
      "Short Y,1, Y ",
      "Bad both,9,perhaps",
      "On word,4,ON",
    ].join("\n");
    const form = new FormData();
    form.set("file", new File([csv], "tasks.csv", { type: "text/csv" }));
    const res = await t.app.request(`${live()}/import`, {
      method: "POST",
      body: form,
      headers: { authorization: `Bearer ${owner}` },
    });
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body).toEqual({
      total: 8,
      imported: 4,
      failedCount: 4,
      failed: [
        { line: 6, errors: [{ field: "title", message: "title is required" }] },
        { line: 7, errors: [{ field: "done", message: "done must be true or false" }] },
        { line: 8, errors: [{ field: "", message: "Expected 3 fields but found 4" }] },
        {
          line: 10,
          errors: [
            { field: "done", message: "done must be true or false" },
            { field: "priority", message: "priority must be at most 5" },
          ],
        },
      ],
    });
    // The boolean words of every good row were read by parseBoolean.
    const q = encodeURIComponent(
      JSON.stringify({ title: { $in: ["Yes words", "Two\nlines", "Short Y", "On word"] } }),
    );
    const listed = await t.request<any>("GET", `${live()}?q=${q}`, { token: owner });
    const done = Object.fromEntries(listed.body.items.map((row: any) => [row.title, row.done]));
    expect(done).toEqual({ "Yes words": true, "Two\nlines": false, "Short Y": true, "On word": true });
  });

  it("streams live changes the subscriber may read", async () => {
    const res = await t.app.request(`${live()}/subscribe`, { headers: { authorization: `Bearer ${owner}` } });
    expect(res.headers.get("content-type")).toContain("text/event-stream");
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = "";
    while (!text.includes("event: ready")) text += (await reader.read()).value ?? "";
    const created = await t.request<any>("POST", live(), { token: owner, body: { title: "Live" } });
    while (!text.includes('"Live"')) text += (await reader.read()).value ?? "";
    expect(text).toContain("event: create");
    expect(text).toContain(created.body.id);
    // The event carries the record exactly as the create answered it.
    while (!/event: create\ndata: .*\n/.test(text)) text += (await reader.read()).value ?? "";
    const event = JSON.parse(/event: create\ndata: (.*)\n/.exec(text)![1]!);
    expect(event).toEqual(created.body);
    expect(created.headers.get("content-type")).toBe("application/json");
    await reader.cancel();
  });

  it("pages deep lists (ids first, then rows) in the same order as shallow ones", async () => {
    // An entity of its own in the suite's app (the plan allows one space app).
    const schema = { ...TASK, name: "Deep", permissions: { read: "all", write: "all" } };
    const saved = await t.request("PUT", `/api/apps/${appId}/entities/Deep`, {
      token: owner,
      body: schema,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const path = `/live_api/apps/${appId}/entities/Deep`;
    // Equal priorities, so the id tiebreak decides much of the order.
    for (const offset of [0, 1000]) {
      const records = Array.from({ length: offset === 0 ? 1000 : 60 }, (_, i) => ({
        title: `Row ${offset + i}`,
        priority: ((offset + i) % 3) + 1,
      }));
      const created = await t.request("POST", `${path}/bulk`, { token: owner, body: { records } });
      expect(created.status).toBe(201);
    }
    for (const sort of ["", "priority", "-priority,title"]) {
      const q = encodeURIComponent(JSON.stringify({ priority: { $gte: 1 } }));
      const page = (skip: number, limit: number) =>
        t
          .request<any>("GET", `${path}?sort=${sort}&skip=${skip}&limit=${limit}&q=${q}`, { token: owner })
          .then((r) => {
            expect(r.status).toBe(200);
            return r.body as { items: { id: string; title: string }[]; total: number };
          });
      // 990..1039 through the plain path, 1000..1039 and 1040..1059 through the deferred one.
      const shallow = await page(990, 50);
      const deep = await page(1000, 40);
      const last = await page(1040, 40);
      expect(deep.items.map((r) => r.id)).toEqual(shallow.items.slice(10).map((r) => r.id));
      expect(last.items).toHaveLength(20);
      expect(deep.total).toBe(1060);
      expect(new Set([...deep.items, ...last.items].map((r) => r.id)).size).toBe(60);
      expect(deep.items[0]).toHaveProperty("createdAt");
    }
  });

  it("streams imported rows as create events equal to the rows a read returns", async () => {
    // Resume from before the import: the stream replays its change-log records.
    const ready = await t.app.request(`${live()}/subscribe`, {
      headers: { authorization: `Bearer ${owner}` },
    });
    const readyReader = ready.body!.pipeThrough(new TextDecoderStream()).getReader();
    let readyText = "";
    while (!readyText.includes("event: ready")) readyText += (await readyReader.read()).value ?? "";
    const cursor = JSON.parse(/event: ready\ndata: (.*)\n/.exec(readyText)![1]!).cursor as string;
    await readyReader.cancel();

    const form = new FormData();
    form.set(
      "file",
      new File(['title,tags\nImported A,"x, y"\nImported B,\n'], "t.csv", { type: "text/csv" }),
    );
    const imported = await t.app.request(`${live()}/import`, {
      method: "POST",
      body: form,
      headers: { authorization: `Bearer ${owner}` },
    });
    expect(imported.status).toBe(200);

    const res = await t.app.request(`${live()}/subscribe?lastEventId=${cursor}`, {
      headers: { authorization: `Bearer ${owner}` },
    });
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = "";
    while ((text.match(/event: create\n/g) ?? []).length < 2) text += (await reader.read()).value ?? "";
    await reader.cancel();
    const events = [...text.matchAll(/event: create\ndata: (.*)\n/g)].map((m) => JSON.parse(m[1]!));
    expect(events.map((e) => e.title)).toEqual(["Imported A", "Imported B"]);
    for (const event of events) {
      const read = await t.request<any>("GET", `${live()}/${event.id}`, { token: owner });
      expect(event).toEqual(read.body);
    }
    expect(events[0].tags).toEqual(["x", "y"]);
    expect(events[0].createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it("validates mapping-suggestion requests and says plainly when no AI model is configured", async () => {
    const body = {
      headers: ["Title", "Priority"],
      previewData: [["A", "1"]],
      schema: TASK,
      entityName: "Task",
    };
    expect((await t.request("POST", "/api/csv/generateMapping", { body })).status).toBe(401);
    expect(
      (await t.request("POST", "/api/csv/generateMapping", { token: owner, body: { headers: 3 } })).status,
    ).toBe(400);
    const res = await t.request<any>("POST", "/api/csv/generateMapping", { token: owner, body });
    expect(res.status).toBe(503);
    expect(res.body.error.message).toMatch(/No AI model is configured/);
  });

  it("keeps the order of a schema's fields as written", async () => {
    const order = ["zeta", "alpha", "mid", "beta"];
    const schema = {
      name: "Ordered",
      type: "object",
      properties: Object.fromEntries(order.map((f) => [f, { type: "string" }])),
    };
    expect(
      (await t.request("PUT", `/api/apps/${appId}/entities/Ordered`, { token: owner, body: schema })).status,
    ).toBe(200);
    const res = await t.request<any>("GET", `/live_api/apps/${appId}/entities/Ordered/schema`, {
      token: owner,
    });
    expect(Object.keys(res.body.schema.properties)).toEqual(order);
    const list = await t.request<any>("GET", `/api/apps/${appId}/entities`, { token: owner });
    const ordered = list.body.entities.find((e: any) => e.name === "Ordered");
    expect(Object.keys(ordered.schema.properties)).toEqual(order);
  });
});
