import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { expectError, uniqueEmail } from "../../testing/expect-error.ts";
import { createTestPlatform, type TestPlatform } from "../../testing/test-platform.ts";
import { IMPORT_MAX_BYTES } from "./import-entity-csv.ts";

/**
 * Bad input to the entity API (issue 3, "Proof"): each answer is a clear 4xx with a message
 * that says what is wrong, and nothing is half-written — the rows are counted before and
 * after every refused call.
 */

const TASK = {
  name: "Task",
  type: "object",
  properties: {
    title: { type: "string", maxLength: 200 },
    priority: { type: "integer", minimum: 1, maximum: 5 },
    done: { type: "boolean", default: false },
    tags: { type: "array", items: { type: "string" } },
  },
  required: ["title"],
  permissions: { read: "all", write: "admin" },
};

type ErrorBody = { error: { code: string; message: string; details?: any } };
type ImportBody = {
  total: number;
  imported: number;
  failedCount: number;
  failed: { line: number; errors: { field: string; message: string }[] }[];
};

describe("entity API bad input", () => {
  let t: TestPlatform;
  let owner: string;
  let appId: string;
  let before: number;
  const live = (entity = "Task") => `/live_api/apps/${appId}/entities/${entity}`;
  const grid = (entity = "Task") => `/api/apps/${appId}/entities/${entity}/records`;
  const q = (filter: unknown) =>
    encodeURIComponent(typeof filter === "string" ? filter : JSON.stringify(filter));

  /** Every stored row of an entity, whoever made it (the builder's count). */
  async function count(entity = "Task"): Promise<number> {
    const res = await t.request<{ count: number }>("GET", `${grid(entity)}/count`, { token: owner });
    expect(res.status).toBe(200);
    return res.body.count;
  }
  async function upload(
    file: File | null,
    options: { mapping?: string; entity?: string } = {},
  ): Promise<{ status: number; body: ImportBody & ErrorBody }> {
    const form = new FormData();
    if (file) form.set("file", file);
    if (options.mapping !== undefined) form.set("mapping", options.mapping);
    const res = await t.app.request(`${live(options.entity)}/import`, {
      method: "POST",
      body: form,
      headers: { authorization: `Bearer ${owner}` },
    });
    return { status: res.status, body: (await res.json()) as ImportBody & ErrorBody };
  }
  const csv = (text: string, name = "rows.csv") => new File([text], name, { type: "text/csv" });

  beforeAll(async () => {
    t = await createTestPlatform();
    owner = (await t.signUp(uniqueEmail("bad-input", "owner"))).token;
    appId = (
      await t.request<{ id: string }>("POST", "/api/apps", {
        token: owner,
        body: { appType: "space", name: "Bad input" },
      })
    ).body.id;
    const saved = await t.request("PUT", `/api/apps/${appId}/entities/Task`, { token: owner, body: TASK });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const seeded = await t.request("POST", `${live()}/bulk`, {
      token: owner,
      body: { records: [1, 2, 3].map((n) => ({ title: `Seed ${n}`, priority: n })) },
    });
    expect(seeded.status).toBe(201);
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    before = await count();
  });

  describe("CSV import", () => {
    it("an empty file is 'CSV file appears to be empty'", async () => {
      expectError(await upload(csv("")), 400, "BAD_REQUEST", "CSV file appears to be empty");
      expect(await count()).toBe(before);
    });

    it("a file without a header row (only blank lines) is 'CSV file appears to be empty'", async () => {
      expectError(await upload(csv("\n\r\n   \n,,\n")), 400, "BAD_REQUEST", "CSV file appears to be empty");
      expect(await count()).toBe(before);
    });

    it("a header without rows is 'No valid data rows found in CSV'", async () => {
      expectError(
        await upload(csv("title,priority\n\n")),
        400,
        "BAD_REQUEST",
        "No valid data rows found in CSV",
      );
      expect(await count()).toBe(before);
    });

    it("ragged rows are reported with their line numbers while the good rows import", async () => {
      const res = await upload(csv("title,priority\nRagged A,1\nRagged B,2,extra\nRagged C\nRagged D,3\n"));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({ total: 4, imported: 2, failedCount: 2 });
      const failed = [...res.body.failed].sort((a, b) => a.line - b.line);
      expect(failed).toEqual([
        { line: 3, errors: [{ field: "", message: "Expected 2 fields but found 3" }] },
        { line: 4, errors: [{ field: "", message: "Expected 2 fields but found 1" }] },
      ]);
      expect(await count()).toBe(before + 2);
      const stored = await t.request<{ items: { title: string }[] }>(
        "GET",
        `${live()}?q=${q({ title: { $regex: "^Ragged" } })}&sort=title`,
      );
      expect(stored.body.items.map((row) => row.title)).toEqual(["Ragged A", "Ragged D"]);
    });

    it("rows with wrong types fail with a message per field while the good rows import", async () => {
      const res = await upload(
        csv("title,priority,done\nTyped ok,2,true\nTyped bad,lots,false\n,3,true\nTyped high,9,false\n"),
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({ total: 4, imported: 1, failedCount: 3 });
      const byLine = new Map(res.body.failed.map((f) => [f.line, f.errors.map((e) => e.field)]));
      expect(Object.fromEntries(byLine)).toEqual({ 3: ["priority"], 4: ["title"], 5: ["priority"] });
      for (const failure of res.body.failed)
        for (const error of failure.errors) expect(error.message.length).toBeGreaterThan(0);
      expect(await count()).toBe(before + 1);
    });

    it("a file whose every row is invalid imports nothing and reports why", async () => {
      const res = await upload(csv("title,priority\nAll bad 1,x\nAll bad 2,99\n"));
      expectError(res, 400, "BAD_REQUEST", "No valid data rows found in CSV");
      expect(res.body.error.details.failed.map((f: { line: number }) => f.line).sort()).toEqual([2, 3]);
      expect(await count()).toBe(before);
    });

    it("binary junk with NUL bytes is 'Failed to parse CSV file' and imports nothing", async () => {
      const junk = new Uint8Array(4096);
      for (let i = 0; i < junk.length; i++) junk[i] = (i * 7919 + 13) % 256;
      const res = await upload(new File([junk], "junk.csv", { type: "text/csv" }));
      expectError(res, 400, "BAD_REQUEST", "Failed to parse CSV file. Please check the format.");
      expect(await count()).toBe(before);
    });

    it("NUL bytes after many good rows roll the whole import back", async () => {
      // Enough rows to be inserted in several batches (and read in several chunks) before
      // the binary tail arrives: the transaction must still leave nothing behind.
      const rows = Array.from({ length: 20_000 }, (_, n) => `Batch row ${n},${(n % 5) + 1}`).join("\n");
      const file = new File([`title,priority\n${rows}\n\u0000\u0001\u0002junk`], "late-junk.csv");
      const res = await upload(file);
      expectError(res, 400, "BAD_REQUEST", "Failed to parse CSV file. Please check the format.");
      expect(await count()).toBe(before);
    });

    it("a cell whose JSON holds an escaped NUL fails that row only, never the whole import with a 500", async () => {
      // The tags cell is a JSON list whose string holds \u0000: valid JSON, but PostgreSQL
      // jsonb cannot store it. The row must be reported; the good row must still import.
      const res = await upload(csv('title,tags\nEscaped good,a\nEscaped bad,"[""x\\u0000y""]"\n'));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({ total: 2, imported: 1, failedCount: 1 });
      expect(res.body.failed.map((f) => f.line)).toEqual([3]);
      expect(await count()).toBe(before + 1);
    });

    it("a file not ending in .csv is refused", async () => {
      const res = await upload(csv("title\nNot a csv\n", "rows.txt"));
      expectError(res, 400, "BAD_REQUEST", "The file must be a .csv file");
      expect(await count()).toBe(before);
    });

    it("a file over 50 MB is 413", async () => {
      const bytes = new Uint8Array(IMPORT_MAX_BYTES + 1024).fill(0x61);
      bytes.set(new TextEncoder().encode("title\n"));
      const res = await upload(new File([bytes], "huge.csv", { type: "text/csv" }));
      expect(res.status).toBe(413);
      expect(res.body.error.code).toBe("PAYLOAD_TOO_LARGE");
      expect(res.body.error.message).toMatch(/too (big|large).*50 MB/);
      expect(await count()).toBe(before);
    });

    it("multipart without a file, or no multipart at all, is 400", async () => {
      const message = "Send the CSV as multipart/form-data with a 'file' field";
      expectError(await upload(null, { mapping: "[]" }), 400, "BAD_REQUEST", message);
      const form = new FormData();
      form.set("file", "title\nJust text\n");
      const textField = await t.app.request(`${live()}/import`, {
        method: "POST",
        body: form,
        headers: { authorization: `Bearer ${owner}` },
      });
      expectError({ status: textField.status, body: await textField.json() }, 400, "BAD_REQUEST", message);
      const json = await t.request("POST", `${live()}/import`, { token: owner, body: { file: "x" } });
      expect(json.status).toBe(400);
      expect(await count()).toBe(before);
    });

    it("a malformed mapping is 400", async () => {
      expectError(
        await upload(csv("title\nMapped\n"), { mapping: "{not json" }),
        400,
        "BAD_REQUEST",
        "mapping must be a JSON array of CSV mapping items",
      );
      expectError(
        await upload(csv("title\nMapped\n"), { mapping: JSON.stringify([{ csvHeader: 1 }]) }),
        400,
        "BAD_REQUEST",
        "mapping must be a JSON array of CSV mapping items",
      );
      expect(await count()).toBe(before);
    });

    it("an import into an unknown entity is 404", async () => {
      expectError(
        await upload(csv("title\nNowhere\n"), { entity: "Nope" }),
        404,
        "NOT_FOUND",
        'Entity "Nope" not found',
      );
    });
  });

  describe("filters (q)", () => {
    const expectFilterError = async (filter: unknown, message: string | RegExp) => {
      for (const path of [`${live()}?q=`, `${live()}/count?q=`]) {
        const res = await t.request<ErrorBody>("GET", `${path}${q(filter)}`, { token: owner });
        expect(res.status, path).toBe(400);
        expect(res.body.error.code).toBe("BAD_REQUEST");
        if (typeof message === "string") expect(res.body.error.message).toBe(message);
        else expect(res.body.error.message).toMatch(message);
      }
      // The same filter never deletes anything.
      const del = await t.request<ErrorBody>("DELETE", `${live()}?q=${q(filter)}`, { token: owner });
      expect(del.status).toBe(400);
      expect(await count()).toBe(before);
    };

    it("an oversized q (over 20,000 characters) is 400", async () => {
      const big = JSON.stringify({ title: "x".repeat(20_001) });
      for (const path of [live(), `${live()}/count`, `${live()}/subscribe`]) {
        const res = await t.request<ErrorBody>("GET", `${path}?q=${q(big)}`, { token: owner });
        expect(res.status, path).toBe(400);
        expect(res.body.error.message).toMatch(/\bq\b/);
      }
      const del = await t.request("DELETE", `${live()}?q=${q(big)}`, { token: owner });
      expect(del.status).toBe(400);
      expect(await count()).toBe(before);
    });

    it("a bad q on the live stream is 400 before any stream opens", async () => {
      const res = await t.request<ErrorBody>("GET", `${live()}/subscribe?q=${q({ $where: "1" })}`, {
        token: owner,
      });
      expectError(res, 400, "BAD_REQUEST", 'Invalid filter: unknown operator "$where"');
    });

    it("a q that is not a JSON object is 400", async () => {
      await expectFilterError("not json", "Invalid filter: q must be a JSON object");
      await expectFilterError("[1,2]", "Invalid filter: q must be a JSON object");
    });

    it("a q nested deeper than the limit is 400", async () => {
      let filter: Record<string, unknown> = { title: "deep" };
      for (let level = 0; level < 9; level++) filter = { $and: [filter] };
      await expectFilterError(filter, "Invalid filter: nested deeper than 8 levels");
    });

    it("a q with too many clauses is 400", async () => {
      const filter = Object.fromEntries(Array.from({ length: 101 }, (_, n) => [`f${n}`, n]));
      await expectFilterError(filter, "Invalid filter: more than 100 conditions");
      await expectFilterError(
        { $or: Array.from({ length: 101 }, (_, n) => ({ priority: n })) },
        "Invalid filter: more than 100 conditions",
      );
    });

    it("a bad, too long or catastrophic regex is 400", async () => {
      await expectFilterError(
        { title: { $regex: "(" } },
        /^Invalid filter: \$regex is not a valid pattern: /,
      );
      await expectFilterError(
        { title: { $regex: "a".repeat(201) } },
        "Invalid filter: $regex is longer than 200 characters",
      );
      await expectFilterError(
        { title: { $regex: "(a+)+$" } },
        "Invalid filter: $regex must not nest quantifiers, as in (a+)+",
      );
      await expectFilterError(
        { title: { $regex: "a", $options: "g" } },
        'Invalid filter: $options in "title" supports only "i" (case-insensitive)',
      );
    });

    it("$where and unknown operators are 400", async () => {
      await expectFilterError({ $where: "sleep(10)" }, 'Invalid filter: unknown operator "$where"');
      await expectFilterError({ title: { $foo: 1 } }, 'Invalid filter: unknown operator "$foo" in "title"');
      await expectFilterError(
        { title: { $where: "1" } },
        'Invalid filter: unknown operator "$where" in "title"',
      );
      await expectFilterError({ "title;drop table": 1 }, /^Invalid filter: invalid field name /);
    });
  });

  describe("unknown entity, sort, fields, paging", () => {
    it("every route of an unknown entity is 404 'Entity \"X\" not found'", async () => {
      const message = 'Entity "Nope" not found';
      const id = "00000000-0000-0000-0000-000000000000";
      for (const base of [live("Nope"), grid("Nope")]) {
        for (const [method, path, body] of [
          ["GET", base],
          ["GET", `${base}/count`],
          ["GET", `${base}/schema`],
          ["GET", `${base}/subscribe`],
          ["GET", `${base}/${id}`],
          ["POST", base, { title: "x" }],
          ["POST", `${base}/bulk`, { records: [{ title: "x" }] }],
          ["PUT", `${base}/${id}`, { title: "x" }],
          ["DELETE", `${base}/${id}`],
          ["DELETE", `${base}?q={}`],
        ] as const) {
          const res = await t.request(method, path, { token: owner, body });
          expectError(res, 404, "NOT_FOUND", message);
        }
      }
      expectError(
        await t.request("PUT", `/api/apps/${appId}/entities/Nope/permissions`, {
          token: owner,
          body: { read: "all", write: "all" },
        }),
        404,
        "NOT_FOUND",
        message,
      );
      expect(await count("Task")).toBe(before);
    });

    it("an unknown sort field is 400 'Unknown sort field \"x\"'", async () => {
      expectError(
        await t.request("GET", `${live()}?sort=x`, { token: owner }),
        400,
        "BAD_REQUEST",
        'Unknown sort field "x"',
      );
      expectError(
        await t.request("GET", `${live()}?sort=-nope`, { token: owner }),
        400,
        "BAD_REQUEST",
        'Unknown sort field "nope"',
      );
      expectError(
        await t.request("GET", `${live()}?sort=title:sideways`, { token: owner }),
        400,
        "BAD_REQUEST",
        'Invalid sort direction "sideways" for "title": use asc or desc',
      );
      expect((await t.request("GET", `${live()}?sort=title:desc,-priority`, { token: owner })).status).toBe(
        200,
      );
    });

    it("an unknown field in the projection is 400", async () => {
      expectError(
        await t.request("GET", `${live()}?fields=title,zzz`, { token: owner }),
        400,
        "BAD_REQUEST",
        'Unknown field "zzz"',
      );
      const ok = await t.request<{ items: Record<string, unknown>[] }>(
        "GET",
        `${live()}?fields=title&limit=1`,
        {
          token: owner,
        },
      );
      expect(ok.status).toBe(200);
      // The projection narrows the stored fields; the built-in row fields always come along.
      expect(Object.keys(ok.body.items[0] ?? {}).sort()).toEqual(
        ["createdAt", "creatorId", "id", "title", "updatedAt"].sort(),
      );
    });

    it.each(["limit=0", "limit=5000", "limit=-1", "limit=abc", "limit=1.5", "skip=-1", "skip=abc"])(
      "%s is 400",
      async (query) => {
        const res = await t.request<ErrorBody>("GET", `${live()}?${query}`, { token: owner });
        expect(res.status).toBe(400);
        expect(res.body.error.message).toContain(query.split("=")[0]);
      },
    );

    it("the paging limits themselves are accepted", async () => {
      for (const query of ["limit=1", "limit=1000", "skip=0", "skip=100000"])
        expect((await t.request("GET", `${live()}?${query}`, { token: owner })).status, query).toBe(200);
    });
  });

  describe("writes", () => {
    it("bulk create with one invalid record is 422 and creates nothing", async () => {
      const res = await t.request<ErrorBody>("POST", `${live()}/bulk`, {
        token: owner,
        body: {
          records: [{ title: "Bulk ok 1" }, { title: "Bulk bad", priority: "high" }, { priority: 2 }],
        },
      });
      expectError(res, 422, "UNPROCESSABLE", "2 of 3 records are invalid; nothing was created");
      const rows = res.body.error.details.rows as { index: number; errors: { field: string }[] }[];
      expect(rows.map((row) => [row.index, row.errors.map((e) => e.field)])).toEqual([
        [1, ["priority"]],
        [2, ["title"]],
      ]);
      expect(await count()).toBe(before);
    });

    it("bulk create of non-objects is refused without writing", async () => {
      const res = await t.request<ErrorBody>("POST", `${live()}/bulk`, {
        token: owner,
        body: { records: [{ title: "Fine" }, "not an object", null] },
      });
      expect([400, 422]).toContain(res.status);
      expect(await count()).toBe(before);
      const shape = await t.request("POST", `${live()}/bulk`, { token: owner, body: { records: "x" } });
      expect(shape.status).toBe(400);
      const missing = await t.request("POST", `${live()}/bulk`, { token: owner, body: [{ title: "x" }] });
      expect(missing.status).toBe(400);
      expect(await count()).toBe(before);
    });

    it("bulk create of more than 1000 records is 400", async () => {
      const records = Array.from({ length: 1001 }, (_, n) => ({ title: `Many ${n}` }));
      const res = await t.request<ErrorBody>("POST", `${live()}/bulk`, { token: owner, body: { records } });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toMatch(/1000/);
      expect(await count()).toBe(before);
    });

    it("a JSON body over the API limit is 413", async () => {
      const res = await t.request<ErrorBody>("POST", live(), {
        token: owner,
        body: { title: "x", blob: "y".repeat(1_100_000) },
      });
      expect(res.status).toBe(413);
      expect(res.body.error.code).toBe("PAYLOAD_TOO_LARGE");
      expect(await count()).toBe(before);
    });

    it("DELETE without ids or q is 400 and deletes nothing", async () => {
      expectError(
        await t.request("DELETE", live(), { token: owner }),
        400,
        "BAD_REQUEST",
        "Say which records to delete: pass ids or a q filter ({} for all)",
      );
      expectError(
        await t.request("DELETE", grid(), { token: owner }),
        400,
        "BAD_REQUEST",
        "Say which records to delete: pass ids or a q filter ({} for all)",
      );
      expect(await count()).toBe(before);
    });

    it("DELETE with more than 1000 ids is 400 and deletes nothing", async () => {
      const ids = Array.from({ length: 1001 }, (_, n) => `id-${n}`).join(",");
      expectError(
        await t.request("DELETE", `${live()}?ids=${ids}`, { token: owner }),
        400,
        "BAD_REQUEST",
        "At most 1000 ids per call",
      );
      expect(await count()).toBe(before);
    });

    it("PUT with a wrong type is 422 and leaves the row unchanged", async () => {
      const created = await t.request<{ id: string; title: string; priority: number }>("POST", live(), {
        token: owner,
        body: { title: "Keep me", priority: 3, tags: ["a"] },
      });
      expect(created.status).toBe(201);
      before = await count();
      const res = await t.request<ErrorBody>("PUT", `${live()}/${created.body.id}`, {
        token: owner,
        body: { title: "Changed", priority: "three", tags: "not a list" },
      });
      expect(res.status).toBe(422);
      expect(res.body.error.code).toBe("UNPROCESSABLE");
      const fields = (res.body.error.details.fields as { field: string }[]).map((f) => f.field).sort();
      expect(fields).toEqual(["priority", "tags"]);
      const after = await t.request<Record<string, unknown>>("GET", `${live()}/${created.body.id}`, {
        token: owner,
      });
      expect(after.body).toEqual(created.body);
      expect(await count()).toBe(before);
    });

    it("POST with a wrong type is 422 and creates nothing", async () => {
      const res = await t.request<ErrorBody>("POST", live(), {
        token: owner,
        body: { title: 42, done: "yes", priority: 0 },
      });
      expect(res.status).toBe(422);
      const fields = (res.body.error.details.fields as { field: string }[]).map((f) => f.field).sort();
      expect(fields).toEqual(["done", "priority", "title"]);
      expect(await count()).toBe(before);
    });

    it("built-in row fields in the input are ignored, so a creator or id cannot be forged", async () => {
      const res = await t.request<Record<string, unknown>>("POST", live(), {
        token: owner,
        body: {
          title: "Forged",
          id: "forged-id",
          creatorId: "someone-else",
          createdAt: "2000-01-01T00:00:00Z",
        },
      });
      expect(res.status).toBe(201);
      expect(res.body.id).not.toBe("forged-id");
      expect(res.body.creatorId).not.toBe("someone-else");
      expect(res.body.createdAt).not.toBe("2000-01-01T00:00:00.000Z");
      const put = await t.request<Record<string, unknown>>("PUT", `${live()}/${res.body.id}`, {
        token: owner,
        body: { creatorId: "someone-else", id: "other-id" },
      });
      expect(put.status).toBe(200);
      expect(put.body).toMatchObject({ id: res.body.id, creatorId: res.body.creatorId });
    });

    it.each([
      ["a NUL character", "a\u0000b"],
      ["a lone surrogate", "a\ud800b"],
    ])("text with %s is a 4xx on create, bulk create and update, never a 500", async (_label, text) => {
      const row = await t.request<{ id: string; title: string }>("POST", live(), {
        token: owner,
        body: { title: "Unicode ok" },
      });
      before = await count();
      const answers = {
        create: await t.request<ErrorBody>("POST", live(), { token: owner, body: { title: text } }),
        bulk: await t.request<ErrorBody>("POST", `${live()}/bulk`, {
          token: owner,
          body: { records: [{ title: "fine" }, { title: "fine", tags: [text] }] },
        }),
        update: await t.request<ErrorBody>("PUT", `${live()}/${row.body.id}`, {
          token: owner,
          body: { title: text },
        }),
      };
      expect(await count()).toBe(before);
      const still = await t.request<{ title: string }>("GET", `${live()}/${row.body.id}`, { token: owner });
      expect(still.body.title).toBe("Unicode ok");
      const statuses = Object.fromEntries(Object.entries(answers).map(([op, res]) => [op, res.status]));
      for (const [op, res] of Object.entries(answers)) {
        expect(res.status >= 400 && res.status < 500, `${op}: ${JSON.stringify(statuses)}`).toBe(true);
        expect(res.body.error.message.length).toBeGreaterThan(0);
      }
    });

    it("malformed JSON bodies are 400 INVALID_JSON", async () => {
      const row = await t.request<{ id: string }>("POST", live(), { token: owner, body: { title: "Json" } });
      before = await count();
      const headers = { "content-type": "application/json" };
      for (const [method, path] of [
        ["POST", live()],
        ["POST", grid()],
        ["PUT", `${live()}/${row.body.id}`],
        ["POST", `${live()}/bulk`],
        ["PUT", `/api/apps/${appId}/entities/Task`],
        ["PUT", `/api/apps/${appId}/entities/Task/permissions`],
      ] as const) {
        const res = await t.request<ErrorBody>(method, path, {
          token: owner,
          headers,
          rawBody: '{"title": "x",',
        });
        expect(res.status, `${method} ${path}`).toBe(400);
        expect(res.body.error, `${method} ${path}`).toEqual({
          code: "INVALID_JSON",
          message: "Malformed JSON in request body",
        });
      }
      expect(await count()).toBe(before);
      const still = await t.request<{ title: string }>("GET", `${live()}/${row.body.id}`, { token: owner });
      expect(still.body.title).toBe("Json");
    });
  });

  describe("schemas", () => {
    const putSchema = (name: string, schema: unknown) =>
      t.request<ErrorBody>("PUT", `/api/apps/${appId}/entities/${name}`, { token: owner, body: schema });
    const storedSchema = async () =>
      (await t.request<{ schema: unknown }>("GET", `${live()}/schema`, { token: owner })).body.schema;

    it.each([
      [
        "a bad field name",
        { ...TASK, properties: { ...TASK.properties, "1bad": { type: "string" } } },
        'properties.1bad: Field name "1bad" must start with a letter and contain only letters, numbers and underscores',
      ],
      [
        "an unknown type",
        { ...TASK, properties: { ...TASK.properties, note: { type: "text" } } },
        "properties.note.type: Field type must be one of: string, number, integer, boolean, array, object",
      ],
      [
        "the reserved field 'id'",
        { ...TASK, properties: { ...TASK.properties, id: { type: "string" } } },
        'properties.id: "id" is a built-in field of every row and cannot be declared',
      ],
      [
        "a name that does not match the path",
        { ...TASK, name: "Other" },
        'The schema\'s name "Other" does not match "Task"',
      ],
      [
        "a required field that is not a field",
        { ...TASK, required: ["title", "ghost"] },
        'required.1: Required field "ghost" is not one of the fields',
      ],
      ["not an object schema", { ...TASK, type: "array" }, 'type: An entity schema must have type "object"'],
    ])("a schema with %s is 400", async (_label, schema, message) => {
      const schemaBefore = await storedSchema();
      expectError(await putSchema("Task", schema), 400, "BAD_REQUEST", message);
      expect(await storedSchema()).toEqual(schemaBefore);
      expect(await count()).toBe(before);
    });

    it("an invalid permissions body is 400", async () => {
      const res = await t.request<ErrorBody>("PUT", `/api/apps/${appId}/entities/Task/permissions`, {
        token: owner,
        body: { read: "everyone", write: "admin" },
      });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toContain("Access must be one of: all, admin, creator, none");
    });

    it("removing a field keeps its data in stored rows; adding it back shows the old values", async () => {
      const notes = {
        name: "Note",
        type: "object",
        properties: { title: { type: "string" }, secret: { type: "string" }, stars: { type: "integer" } },
        required: ["title"],
        permissions: { read: "all", write: "admin" },
      };
      expect((await putSchema("Note", notes)).status).toBe(200);
      const created = await t.request<{ id: string }>("POST", live("Note"), {
        token: owner,
        body: { title: "Kept", secret: "s3cret", stars: 4 },
      });
      expect(created.status).toBe(201);
      const id = created.body.id;

      const { secret: _secret, stars: _stars, ...slim } = notes.properties;
      expect((await putSchema("Note", { ...notes, properties: slim })).status).toBe(200);
      const hidden = await t.request<Record<string, unknown>>("GET", `${live("Note")}/${id}`, {
        token: owner,
      });
      expect(hidden.status).toBe(200);
      expect(hidden.body.title).toBe("Kept");
      // While the field is gone, an update of the other fields must not drop the old data.
      const edited = await t.request("PUT", `${live("Note")}/${id}`, {
        token: owner,
        body: { title: "Kept 2" },
      });
      expect(edited.status).toBe(200);
      // Sorting or filtering by the removed field is now refused as unknown.
      expect((await t.request("GET", `${live("Note")}?sort=stars`, { token: owner })).status).toBe(400);

      expect((await putSchema("Note", notes)).status).toBe(200);
      const back = await t.request<Record<string, unknown>>("GET", `${live("Note")}/${id}`, { token: owner });
      expect(back.body).toMatchObject({ title: "Kept 2", secret: "s3cret", stars: 4 });
    });

    it("purging removes only the values of fields the schema no longer declares", async () => {
      const memo = {
        name: "Memo",
        type: "object",
        properties: { title: { type: "string" }, secret: { type: "string" }, meta: { type: "object" } },
        permissions: { read: "all", write: "admin" },
      };
      expect((await putSchema("Memo", memo)).status).toBe(200);
      const created = await t.request<{ id: string; updatedAt: string }>("POST", live("Memo"), {
        token: owner,
        body: { title: "Keep", secret: "old", meta: { secret: "nested stays" } },
      });
      const untouched = await t.request<{ id: string }>("POST", live("Memo"), {
        token: owner,
        body: { title: "No secret" },
      });
      expect([created.status, untouched.status]).toEqual([201, 201]);
      const purge = (entity: string, token = owner) =>
        t.request<{ purged: number }>("POST", `/api/apps/${appId}/entities/${entity}/purge`, { token });

      // Nothing removed yet: nothing to purge.
      expect((await purge("Memo")).body).toEqual({ purged: 0 });
      const { secret: _secret, ...rest } = memo.properties;
      expect((await putSchema("Memo", { ...memo, properties: rest })).status).toBe(200);
      expect((await purge("Memo")).body).toEqual({ purged: 1 });
      expect((await purge("Memo")).body).toEqual({ purged: 0 });

      // Adding the field back no longer brings the old value: it was purged.
      expect((await putSchema("Memo", memo)).status).toBe(200);
      const back = await t.request<Record<string, unknown>>("GET", `${live("Memo")}/${created.body.id}`, {
        token: owner,
      });
      expect(back.body).toMatchObject({ title: "Keep", meta: { secret: "nested stays" } });
      expect(back.body).not.toHaveProperty("secret");
      expect(back.body.updatedAt).toBe(created.body.updatedAt);

      // Only for the builder (others do not see the app), and a 404 for an unknown entity.
      const other = await t.signUp(uniqueEmail("bad-input", "purge-other"));
      expectError(await purge("Memo", other.token), 404, "NOT_FOUND", "App not found");
      expect((await t.request("POST", `/api/apps/${appId}/entities/Memo/purge`)).status).toBe(401);
      expectError(await purge("Nope"), 404, "NOT_FOUND", 'Entity "Nope" not found');
    });
  });
});
