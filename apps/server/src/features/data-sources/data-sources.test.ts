import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { type ContextItem, type ContextItemEvent, DATA_SOURCE_MESSAGES, planLimits } from "@liftoff/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { waitForContextItem } from "../../testing/data-source-fixtures.ts";
import { expectError, uniqueEmail } from "../../testing/expect-error.ts";
import { createTestPlatform, TEST_ADMIN_EMAIL, type TestPlatform } from "../../testing/test-platform.ts";
import { INGEST_MAX_ATTEMPTS } from "./ingest-worker.ts";

/**
 * Data sources through the real platform and database: each ingest path and its refusals,
 * the plan's limits, the queue's statuses as the builder sees them (and live), retrieval,
 * and the sweep that never lets an item stay "Syncing..." after its process died.
 */
let t: TestPlatform;
let adminToken: string;

beforeAll(async () => {
  t = await createTestPlatform();
  adminToken = (await t.signUp(TEST_ADMIN_EMAIL)).token;
});
afterAll(async () => {
  await t?.close();
});

async function builder(label: string, plan?: string) {
  const session = await t.signUp(uniqueEmail("data", label));
  if (plan)
    expect(
      (
        await t.request("POST", `/api/admin/users/${session.user.id}/plan`, {
          token: adminToken,
          body: { plan },
        })
      ).status,
    ).toBe(200);
  const created = await t.request<any>("POST", "/api/apps", {
    token: session.token,
    body: { appType: "generated", name: "Shop helper" },
  });
  expect(created.status).toBe(201);
  return { token: session.token, userId: session.user.id, appId: created.body.id as string };
}

const addText = (b: { token: string; appId: string }, context: unknown, name?: string) =>
  t.request<any>("POST", `/api/context/ingest/text?appId=${b.appId}`, {
    token: b.token,
    body: name === undefined ? { context } : { context, name },
  });

async function upload(
  b: { token: string; appId: string },
  files: { name: string; type: string; bytes: Uint8Array | string }[],
) {
  const form = new FormData();
  for (const file of files)
    form.append(
      "file",
      new Blob([typeof file.bytes === "string" ? file.bytes : Buffer.from(file.bytes)], { type: file.type }),
      file.name,
    );
  const res = await t.app.request(`/api/context/ingest/file?appId=${b.appId}`, {
    method: "POST",
    headers: { authorization: `Bearer ${b.token}` },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as any };
}

const list = (b: { token: string; appId: string }) =>
  t.request<{ contextItems: ContextItem[]; hasReachedDataLimit: boolean }>(
    "GET",
    `/api/context/items?appId=${b.appId}`,
    { token: b.token },
  );

/** Waits until the item leaves the queue (synced, error or usage_limit_reached). */
const settled = (b: { token: string; appId: string }, itemId: string) =>
  waitForContextItem(t, { token: b.token, appId: b.appId, itemId });

const search = (b: { token: string; appId: string }, query: string) =>
  t.request<any>("POST", `/api/context/search?appId=${b.appId}`, { token: b.token, body: { query } });

describe("data sources", () => {
  it("reads pasted text into searchable chunks with every field of the item filled", async () => {
    const b = await builder("text", "explorer");
    const paragraph = (topic: string) =>
      `${topic} ${"Our team answers every message within one working day. ".repeat(12)}`;
    const text = [
      paragraph("Returns: you can return unworn shoes within 30 days for a full refund."),
      paragraph("Shipping: parcels to Norway take four to six days and cost 12 euros."),
    ].join("\n\n");
    const added = await addText(b, text, "Store policies");
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const queued = added.body.contextItems[0] as ContextItem;
    expect(queued).toMatchObject({
      name: "Store policies",
      type: "txt",
      source: "local files",
      provider: "liftoff",
    });
    expect(["pending", "running", "synced"]).toContain(queued.status);

    const item = await settled(b, queued.id);
    expect(item).toMatchObject({
      status: "synced",
      error: null,
      attempts: 1,
      size: new TextEncoder().encode(text.trim()).byteLength,
    });
    expect(item.numOfChunks).toBeGreaterThan(1);
    expect(item.lastSyncedAt).not.toBeNull();

    const preview = await t.request<any>("GET", `/api/context/${item.id}/chunks`, { token: b.token });
    expect(preview.status).toBe(200);
    expect(preview.body.totalChunks).toBe(item.numOfChunks);
    for (const chunk of preview.body.chunks) expect(chunk.text.length).toBeLessThanOrEqual(1000);

    const found = await search(b, "how long does shipping to Norway take?");
    expect(found.status).toBe(200);
    expect(found.body.method).toBe("full_text");
    expect(found.body.results[0].chunk.text).toContain("Norway");
    expect(found.body.results[0].itemName).toBe("Store policies");
    expect(found.body.results[0].fullText.rank).toBe(1);

    // The owner's monthly data processing counted the bytes (rounded up to 1 MB).
    const account = await t.deps.db
      .selectFrom("accounts")
      .select("dataProcessingUsed")
      .where("userId", "=", b.userId)
      .executeTakeFirstOrThrow();
    expect(account.dataProcessingUsed).toBe(1);
  });

  it("refuses bad input with the spec's messages and stores nothing", async () => {
    const b = await builder("refusals");
    expectError(await addText(b, "   "), 400, "VALIDATION_FAILED", DATA_SOURCE_MESSAGES.emptyText);
    expectError(await addText(b, 42), 400, "VALIDATION_FAILED", DATA_SOURCE_MESSAGES.emptyText);
    const none = await upload(b, []);
    expectError(none, 400, "BAD_REQUEST", DATA_SOURCE_MESSAGES.noFile);
    const badCsv = await upload(b, [{ name: "list.csv", type: "text/csv", bytes: "just one line\n" }]);
    expectError(badCsv, 400, "BAD_REQUEST", DATA_SOURCE_MESSAGES.csvRejected);
    const exe = await upload(b, [{ name: "tool.exe", type: "application/octet-stream", bytes: "MZ..." }]);
    expectError(exe, 400, "BAD_REQUEST", DATA_SOURCE_MESSAGES.unsupportedFile);
    const big = new Uint8Array(planLimits("lite").maxFileSizeBytes + 1).fill(65);
    const tooBig = await upload(b, [{ name: "big.txt", type: "text/plain", bytes: big }]);
    expectError(tooBig, 413, "PAYLOAD_TOO_LARGE", DATA_SOURCE_MESSAGES.fileTooBig("10 MB"));
    const two = await upload(b, [
      { name: "a.txt", type: "text/plain", bytes: "a" },
      { name: "b.txt", type: "text/plain", bytes: "b" },
    ]);
    expectError(two, 400, "BAD_REQUEST", DATA_SOURCE_MESSAGES.fileCount(1));
    expect((await list(b)).body.contextItems).toEqual([]);
  });

  it("holds one item on lite and more on paid plans, checked under concurrency", async () => {
    const lite = await builder("lite-limit");
    const attempts = await Promise.all([addText(lite, "first text"), addText(lite, "second text")]);
    expect(attempts.map((res) => res.status).sort()).toEqual([201, 403]);
    const refused = attempts.find((res) => res.status === 403)!;
    expectError(refused, 403, "PLAN_LIMIT", DATA_SOURCE_MESSAGES.liteItemLimit);
    expect((await list(lite)).body.contextItems).toHaveLength(1);

    const paid = await builder("paid-limit", "explorer");
    const five = await upload(
      paid,
      ["a", "b", "c"].map((name) => ({ name: `${name}.txt`, type: "text/plain", bytes: `About ${name}.` })),
    );
    expect(five.status).toBe(201);
    expect(five.body.contextItems).toHaveLength(3);
  });

  it("reads a CSV as one retrievable item per row", async () => {
    const b = await builder("csv", "explorer");
    const csv = "name,colour,price\nAurora mug,sea green,18\nBasalt bowl,charcoal,26\nCoral plate,pink,21\n";
    const res = await upload(b, [{ name: "products.csv", type: "text/csv", bytes: csv }]);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const item = await settled(b, res.body.contextItems[0].id);
    // The header row (the columns) and one chunk per row.
    expect(item).toMatchObject({ status: "synced", type: "csv", numOfChunks: 4 });
    const found = await search(b, "charcoal");
    expect(found.body.results).toHaveLength(1);
    expect(found.body.results[0].chunk.text).toContain("Basalt bowl");
    expect(found.body.results[0].chunk.locator).toMatch(/row/);
  });

  it("reads PDF, DOCX and DOC files, each page or document citable; a scanned PDF says why it failed", async () => {
    const b = await builder("documents", "explorer");
    const fixture = (name: string) =>
      new Uint8Array(
        readFileSync(
          new URL(`../../../../../packages/knowledge/src/extract/fixtures/${name}`, import.meta.url),
        ),
      );
    const res = await upload(b, [
      { name: "sample.pdf", type: "application/pdf", bytes: fixture("sample.pdf") },
      {
        name: "sample.docx",
        type: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        bytes: fixture("sample.docx"),
      },
      { name: "sample.doc", type: "application/msword", bytes: fixture("sample.doc") },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const items = await Promise.all(res.body.contextItems.map((item: ContextItem) => settled(b, item.id)));
    expect(items.map((item) => [item.name, item.type, item.status])).toEqual([
      ["sample.pdf", "pdf", "synced"],
      ["sample.docx", "doc", "synced"],
      ["sample.doc", "doc", "synced"],
    ]);
    const found = await search(b, "orbital mechanics");
    const pdfHit = found.body.results.find((result: any) => result.itemName === "sample.pdf");
    expect(pdfHit.chunk.locator).toBe("page 2");
    expect(found.body.results.map((result: any) => result.itemName).sort()).toEqual([
      "sample.doc",
      "sample.docx",
      "sample.pdf",
    ]);

    // A PDF of images only: an error with the reason, at the first attempt (retrying cannot help).
    const scanned = buildImagePdf();
    const bad = await upload(b, [{ name: "scan.pdf", type: "application/pdf", bytes: scanned }]);
    const failed = await settled(b, bad.body.contextItems[0].id);
    expect(failed).toMatchObject({ status: "error", error: DATA_SOURCE_MESSAGES.scannedPdf, attempts: 1 });
    // A file that claims to be a PDF but is not one.
    const fake = await upload(b, [{ name: "fake.pdf", type: "application/pdf", bytes: "not a pdf at all" }]);
    expect(await settled(b, fake.body.contextItems[0].id)).toMatchObject({ status: "error", attempts: 1 });
  });

  it("renames, re-syncs and deletes an item; nobody else can touch it", async () => {
    const b = await builder("manage", "explorer");
    const other = await builder("stranger", "explorer");
    const added = await addText(b, "The studio opens at nine on weekdays.");
    const id = added.body.contextItems[0].id as string;
    await settled(b, id);

    for (const [method, path, body] of [
      ["PATCH", `/api/context/${id}`, { name: "x" }],
      ["DELETE", `/api/context/${id}`, undefined],
      ["POST", `/api/context/${id}/sync`, undefined],
      ["GET", `/api/context/${id}/chunks`, undefined],
    ] as const) {
      expectError(
        await t.request(method, path, { token: other.token, body }),
        404,
        "NOT_FOUND",
        DATA_SOURCE_MESSAGES.itemNotFound,
      );
      expect((await t.request(method, path, { body })).status).toBe(401);
    }
    expect(
      (await t.request("GET", `/api/context/items?appId=${b.appId}`, { token: other.token })).status,
    ).toBe(404);
    expect((await search(other, "studio")).body.results).toEqual([]);

    expectError(
      await t.request("PATCH", `/api/context/${id}`, { token: b.token, body: { name: "  " } }),
      400,
      "VALIDATION_FAILED",
      DATA_SOURCE_MESSAGES.nameEmpty,
    );
    const renamed = await t.request<any>("PATCH", `/api/context/${id}`, {
      token: b.token,
      body: { name: "Hours" },
    });
    expect(renamed.body.name).toBe("Hours");

    const resynced = await t.request<any>("POST", `/api/context/${id}/sync`, { token: b.token });
    expect(resynced.status).toBe(200);
    // The previous chunks stay searchable while the item is read again.
    expect((await search(b, "studio weekdays")).body.results).toHaveLength(1);
    const again = await settled(b, id);
    expect(again).toMatchObject({ status: "synced", name: "Hours" });

    expect((await t.request("DELETE", `/api/context/${id}`, { token: b.token })).status).toBe(200);
    expect((await list(b)).body.contextItems).toEqual([]);
    const chunks = await t.deps.db
      .selectFrom("context_chunks")
      .select("id")
      .where("itemId", "=", id)
      .execute();
    expect(chunks).toEqual([]);
  });

  it("marks items usage_limit_reached when the month's data processing is used up", async () => {
    const b = await builder("data-limit");
    await t.deps.db
      .updateTable("accounts")
      .set({ dataProcessingUsed: planLimits("lite").dataProcessingTotal })
      .where("userId", "=", b.userId)
      .execute();
    expect((await list(b)).body.hasReachedDataLimit).toBe(true);
    const added = await addText(b, "Anything at all.");
    const item = await settled(b, added.body.contextItems[0].id);
    expect(item).toMatchObject({ status: "usage_limit_reached", error: DATA_SOURCE_MESSAGES.dataLimit });
    expect((await search(b, "anything")).body.results).toEqual([]);

    await t.deps.db
      .updateTable("accounts")
      .set({ dataProcessingUsed: 0 })
      .where("userId", "=", b.userId)
      .execute();
    await t.request("POST", `/api/context/${item.id}/sync`, { token: b.token });
    expect(await settled(b, item.id)).toMatchObject({ status: "synced", error: null });
  });

  it("streams statuses live: a snapshot, then Pending, Syncing... and Synced", async () => {
    const b = await builder("live", "explorer");
    const controller = new AbortController();
    const res = await t.app.request(`/api/context/items/events?appId=${b.appId}`, {
      headers: { authorization: `Bearer ${b.token}` },
      signal: controller.signal,
    });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    const events: ContextItemEvent[] = [];
    let buffer = "";
    const readUntil = async (done: (event: ContextItemEvent) => boolean) => {
      for (;;) {
        const { value } = await reader.read();
        buffer += decoder.decode(value ?? new Uint8Array(), { stream: true });
        let end = buffer.indexOf("\n\n");
        while (end >= 0) {
          const line = buffer
            .slice(0, end)
            .split("\n")
            .find((entry) => entry.startsWith("data:"));
          buffer = buffer.slice(end + 2);
          if (line) {
            const event = JSON.parse(line.slice(5)) as ContextItemEvent;
            events.push(event);
            if (done(event)) return;
          }
          end = buffer.indexOf("\n\n");
        }
      }
    };
    await readUntil((event) => event.type === "snapshot");
    const added = await addText(b, "Live status text about bicycles.");
    const id = added.body.contextItems[0].id;
    await readUntil(
      (event) => event.type === "item" && event.item.id === id && event.item.status === "synced",
    );
    const statuses = events.flatMap((event) => (event.type === "item" ? [event.item.status] : []));
    // Each event carries the row as it is when read: a worker that claims the item within
    // the same millisecond makes the first one already Syncing... (seen on a loaded machine).
    expect(["pending", "running"]).toContain(statuses[0]);
    expect(statuses).toContain("running");
    expect(statuses.at(-1)).toBe("synced");

    await t.request("DELETE", `/api/context/${id}`, { token: b.token });
    await readUntil((event) => event.type === "removed" && event.itemId === id);
    controller.abort();
  });

  it("crawls a site into a data source, and refuses private addresses unless the admin allows them", async () => {
    const b = await builder("web", "explorer");
    const page = (title: string, body: string, links: string[] = []) =>
      `<!doctype html><html><head><title>${title}</title></head><body><nav>Menu</nav><article><h1>${title}</h1><p>${body}</p>${links.map((href) => `<a href="${href}">${href}</a>`).join(" ")}</article></body></html>`;
    const routes: Record<string, string> = {
      "/": page("Harbour Bikes", "We repair and rent bicycles by the harbour. ".repeat(8), [
        "/prices",
        "/team",
      ]),
      "/prices": page("Prices", "A puncture repair costs 15 euros and a full service 60 euros. ".repeat(6)),
      "/team": page("Team", "Our mechanics have twenty years of experience with cargo bikes. ".repeat(6), [
        "/secret",
      ]),
      "/secret": page("Secret", "Disallowed by robots."),
    };
    const site = createServer((request, response) => {
      if (request.url === "/robots.txt") {
        response.writeHead(200, { "content-type": "text/plain" });
        response.end("User-agent: *\nDisallow: /secret\n");
        return;
      }
      const html = routes[request.url ?? ""];
      response.writeHead(html ? 200 : 404, { "content-type": "text/html; charset=utf-8" });
      response.end(html ?? "not found");
    });
    await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
    const origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    const crawl = (url: string) =>
      t.request<any>("POST", `/api/context/ingest/web?appId=${b.appId}`, { token: b.token, body: { url } });
    try {
      t.deps.config.crawlPrivateAddresses = false;
      for (const url of [
        `${origin}/`,
        "http://localhost/",
        "http://169.254.169.254/latest/meta-data",
        "http://[::1]/",
      ])
        expectError(await crawl(url), 400, "BAD_REQUEST", DATA_SOURCE_MESSAGES.blockedAddress);
      expectError(
        await crawl("ftp://example.com/"),
        400,
        "VALIDATION_FAILED",
        DATA_SOURCE_MESSAGES.invalidUrl,
      );
      expect((await list(b)).body.contextItems).toEqual([]);

      t.deps.config.crawlPrivateAddresses = true;
      const started = await crawl(`${origin}/`);
      expect(started.status, JSON.stringify(started.body)).toBe(201);
      expect(started.body.contextItems[0]).toMatchObject({ type: "web_page", source: "web scraper" });
      const item = await settled(b, started.body.contextItems[0].id);
      expect(item.status, item.error ?? "").toBe("synced");
      const found = await search(b, "how much is a puncture repair?");
      expect(found.body.results[0].chunk.text).toContain("puncture");
      expect(found.body.results[0].chunk.locator).toBe(`${origin}/prices`);
      expect((await search(b, "disallowed robots")).body.results).toEqual([]);
    } finally {
      t.deps.config.crawlPrivateAddresses = false;
      site.close();
    }
  });

  it("puts an item whose process died back in the queue, and fails it with a reason after the last attempt", async () => {
    const b = await builder("sweep", "explorer");
    const added = await addText(b, "Sweep me.");
    const id = added.body.contextItems[0].id as string;
    await settled(b, id);
    const past = new Date(Date.now() - 60_000);
    // A dead process's attempt: running, lease over, and half its chunks written.
    await t.deps.db
      .updateTable("context_items")
      .set({ status: "running", leaseUntil: past, attempts: 1, generation: 7 })
      .where("id", "=", id)
      .execute();
    await t.deps.db
      .insertInto("context_chunks")
      .values({
        id: `half-${id}`,
        itemId: id,
        appId: b.appId,
        generation: 7,
        position: 0,
        start: 0,
        end: 4,
        locator: null,
        text: "half written zebra",
        search: "'zebra':1",
      })
      .execute();
    // Never searchable: generation 7 is not the item's index.
    expect((await search(b, "zebra")).body.results).toEqual([]);
    expect(await t.deps.ingest.sweep(new Date())).toBeGreaterThanOrEqual(1);
    const half = await t.deps.db
      .selectFrom("context_chunks")
      .select("id")
      .where("id", "=", `half-${id}`)
      .execute();
    expect(half).toEqual([]);
    const requeued = await t.deps.db
      .selectFrom("context_items")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(requeued.status).toBe("pending");

    await t.deps.db
      .updateTable("context_items")
      .set({ status: "running", leaseUntil: past, attempts: INGEST_MAX_ATTEMPTS })
      .where("id", "=", id)
      .execute();
    await t.deps.ingest.sweep(new Date());
    const failed = (await list(b)).body.contextItems.find((item) => item.id === id)!;
    expect(failed).toMatchObject({ status: "error", error: DATA_SOURCE_MESSAGES.interrupted });
    // The earlier index still answers: a failed re-read does not take it away.
    expect((await search(b, "sweep")).body.results).toHaveLength(1);
  });
});

/** A one-page PDF that only paints a grey box, as a scan has no text layer. */
function buildImagePdf(): Uint8Array {
  const content = "q 200 0 0 200 100 400 cm 0.5 g 0 0 1 1 re f Q";
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>",
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
  ];
  let pdf = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(pdf.length);
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n \n`).join("")}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(pdf);
}
