import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ContextItem } from "@liftoff/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiAt } from "./support/api.ts";
import { uniqueEmail } from "./support/browser.ts";
import { type PlatformServer, startPlatformServer } from "./support/start-platform-server.ts";

/**
 * kill -9 of the production server while it crawls a site into a data source, then a
 * restart on the same data: the item is never left "Syncing...". The restarted server
 * puts it back in the queue and reads it again to the end; nothing of the killed attempt
 * is kept or searchable.
 */
let dataDir: string;
let server: PlatformServer | null = null;
let site: Server;
let origin: string;
let slow = true;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "liftoff-e2e-ingest-crash-"));
  // Ten pages; while `slow`, each takes 700 ms, so the kill lands mid-crawl.
  site = createServer((request, response) => {
    const match = /^\/(?:page-(\d+))?$/.exec(request.url ?? "");
    if (!match) {
      response.writeHead(404).end();
      return;
    }
    const n = Number(match[1] ?? 0);
    // The start page links to all nine others: depth 1, within the lite plan's crawl.
    const links =
      n === 0 ? Array.from({ length: 9 }, (_, i) => `<a href="/page-${i + 1}">${i + 1}</a>`).join(" ") : "";
    const html = `<!doctype html><html><head><title>Page ${n}</title></head><body><article><h1>Page ${n}</h1><p>${`Lighthouse keeper log entry number ${n}. `.repeat(20)}</p>${links}</article></body></html>`;
    setTimeout(
      () => {
        response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
        response.end(html);
      },
      slow ? 700 : 0,
    );
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await server?.close();
  site?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("a data source when the server is killed mid-ingest", () => {
  it("is read again after the restart, to the end, with nothing of the killed attempt kept", async () => {
    const env = { CRAWL_PRIVATE_ADDRESSES: "true" };
    server = await startPlatformServer(env, { dataDir });
    let base = server.baseUrl;
    const session = await apiAt<{ token: string; user: { id: string } }>(
      base,
      null,
      "POST",
      "/api/session/signup",
      {
        email: uniqueEmail("ingest-crash"),
        password: "liftoff-e2e-42",
        name: "Crash builder",
      },
    );
    const token = session.token;
    const app = await apiAt<{ id: string }>(base, token, "POST", "/api/apps", {
      appType: "generated",
      name: "Log",
    });
    const queued = await apiAt<{ contextItems: ContextItem[] }>(
      base,
      token,
      "POST",
      `/api/context/ingest/web?appId=${app.id}`,
      { url: `${origin}/` },
    );
    const itemId = queued.contextItems[0]!.id;
    const itemOf = async (at: string) =>
      (
        await apiAt<{ contextItems: ContextItem[] }>(at, token, "GET", `/api/context/items?appId=${app.id}`)
      ).contextItems.find((item) => item.id === itemId)!;
    // Wait until it is crawling, with a page or two read.
    const started = Date.now();
    for (;;) {
      const item = await itemOf(base);
      if (item.status === "running" && (item.progress?.done ?? 0) >= 1) break;
      if (Date.now() - started > 20_000) throw new Error(`never crawling: ${JSON.stringify(item)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await server.kill();

    slow = false;
    server = await startPlatformServer(env, { dataDir });
    base = server.baseUrl;
    const restarted = Date.now();
    let item = await itemOf(base);
    while (item.status !== "synced" && item.status !== "error") {
      if (Date.now() - restarted > 40_000) throw new Error(`still ${item.status} after the restart`);
      await new Promise((resolve) => setTimeout(resolve, 200));
      item = await itemOf(base);
    }
    expect(item).toMatchObject({ status: "synced", attempts: 2, error: null });
    expect(item.numOfChunks).toBeGreaterThanOrEqual(10);
    const preview = await apiAt<{ totalChunks: number; chunks: { locator: string }[] }>(
      base,
      token,
      "GET",
      `/api/context/${itemId}/chunks`,
    );
    expect(preview.totalChunks).toBe(item.numOfChunks);
    expect(new Set(preview.chunks.map((chunk) => chunk.locator)).size).toBe(10);
    const found = await apiAt<{ results: { chunk: { text: string } }[] }>(
      base,
      token,
      "POST",
      `/api/context/search?appId=${app.id}`,
      { query: "lighthouse keeper log entry number 9" },
    );
    expect(found.results[0]?.chunk.text).toContain("number 9");
  });
});
