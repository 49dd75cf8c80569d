import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uniqueEmail } from "../testing/expect-error.ts";
import { makeWebDist } from "../testing/make-web-dist.ts";
import { createSpaceApp, saveAppFile } from "../testing/space-app-steps.ts";
import { createTestPlatform, TEST_ADMIN_EMAIL, type TestPlatform } from "../testing/test-platform.ts";
import { negotiateEncoding, REFINE_MIN_BYTES } from "./compress-assets.ts";

// Big enough to compress (over 1 KB), and repetitive like real bundles.
const SCRIPT = `export const rows = [${Array.from({ length: 400 }, (_, i) => `"row ${i}"`).join(",")}];\n`;
const PAGE = `<!doctype html><html><head><title>App</title></head><body>${"<p>platform page</p>".repeat(80)}</body></html>`;
// Over REFINE_MIN_BYTES, and varied like real code (a seeded stream of words), so brotli 11
// finds more than 9 does.
const BIG_SCRIPT = (() => {
  const words = ["const", "return", "props", "state", "render", "value", "items", "map", "filter", "=>"];
  let seed = 7;
  const parts: string[] = [];
  for (let i = 0; i < 30_000; i++) {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    parts.push(`${words[seed % words.length]}${seed % 97}`);
  }
  return `export const text = "${parts.join(" ")}";\n`;
})();
const HOME = `export default function Home() {\n  return <div className="p-4 text-lg">${"Hello ".repeat(200)}</div>;\n}\n`;

describe("negotiateEncoding", () => {
  it("prefers brotli, falls back to gzip, honours q=0 and wildcards", () => {
    expect(negotiateEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(negotiateEncoding("gzip, deflate")).toBe("gzip");
    expect(negotiateEncoding("br;q=0, gzip")).toBe("gzip");
    expect(negotiateEncoding("gzip;q=0.5, br;q=0.2")).toBe("gzip");
    expect(negotiateEncoding("*")).toBe("br");
    expect(negotiateEncoding("identity")).toBeNull();
    expect(negotiateEncoding("")).toBeNull();
    expect(negotiateEncoding(undefined)).toBeNull();
  });
});

/** Text assets leave compressed with the right caching; API JSON and streams do not. */
describe("compressed assets", () => {
  let t: TestPlatform;
  let dist: ReturnType<typeof makeWebDist>;

  const get = (path: string, headers: Record<string, string> = {}) => t.app.request(path, { headers });
  const decode = async (res: Response) => {
    const bytes = Buffer.from(await res.arrayBuffer());
    const encoding = res.headers.get("content-encoding");
    if (encoding === "br") return brotliDecompressSync(bytes).toString("utf8");
    if (encoding === "gzip") return gunzipSync(bytes).toString("utf8");
    return bytes.toString("utf8");
  };

  beforeAll(async () => {
    dist = makeWebDist({
      "index.html": PAGE,
      "host.html": PAGE.replace("platform page", "host page"),
      "assets/index-abc123.js": SCRIPT,
      "assets/tiny-abc123.js": "export {};\n",
      "assets/big-abc123.js": BIG_SCRIPT,
    });
    t = await createTestPlatform({}, { webDist: dist.dir });
  });
  afterAll(async () => {
    await t.close();
    dist.remove();
  });

  it("sends document-only secure headers with documents, not with scripts or JSON", async () => {
    const page = await get("/apps");
    const script = await get("/assets/index-abc123.js");
    const json = await get("/api/health");
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    expect(page.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    for (const res of [script, json]) {
      expect(res.status).toBe(200);
      for (const name of [
        "x-frame-options",
        "x-xss-protection",
        "x-download-options",
        "origin-agent-cluster",
      ])
        expect(res.headers.get(name), name).toBeNull();
      // The ones that apply to subresources stay.
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("cross-origin-resource-policy")).toBe("same-origin");
    }
    for (const res of [page, script, json]) expect(res.headers.get("strict-transport-security")).toBeTruthy();
  });

  it("serves a big immutable file at once, then at brotli's best quality once it is ready", async () => {
    expect(BIG_SCRIPT.length).toBeGreaterThanOrEqual(REFINE_MIN_BYTES);
    const br = { "accept-encoding": "br" };
    const first = await get("/assets/big-abc123.js", br);
    expect(first.headers.get("content-encoding")).toBe("br");
    const firstBytes = (await first.clone().arrayBuffer()).byteLength;
    expect(await decode(first)).toBe(BIG_SCRIPT);
    // The refinement runs in the background; later answers shrink once it is done.
    let later = firstBytes;
    for (let i = 0; i < 100 && later >= firstBytes; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const res = await get("/assets/big-abc123.js", br);
      later = (await res.clone().arrayBuffer()).byteLength;
      expect(await decode(res)).toBe(BIG_SCRIPT);
    }
    expect(later).toBeLessThan(firstBytes);
  });

  it("serves the web app's hashed files compressed (brotli, else gzip), immutable", async () => {
    for (const [accept, encoding] of [
      ["gzip, deflate, br", "br"],
      ["gzip", "gzip"],
    ] as const) {
      const res = await get("/assets/index-abc123.js", { "accept-encoding": accept });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-encoding")).toBe(encoding);
      expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(res.headers.get("vary")).toMatch(/accept-encoding/i);
      expect(res.headers.get("content-length")).toBeNull();
      expect(await decode(res)).toBe(SCRIPT);
    }
    // The brotli bytes are a fraction of the original.
    const br = await get("/assets/index-abc123.js", { "accept-encoding": "br" });
    expect((await br.arrayBuffer()).byteLength).toBeLessThan(SCRIPT.length / 4);
    // A client that takes no encoding gets the bytes as they are; tiny files stay as they are.
    const plain = await get("/assets/index-abc123.js");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.text()).toBe(SCRIPT);
    const tiny = await get("/assets/tiny-abc123.js", { "accept-encoding": "br" });
    expect(tiny.headers.get("content-encoding")).toBeNull();
    expect(await tiny.text()).toBe("export {};\n");
  });

  it("serves pages compressed with an ETag, and a revisit with it gets 304", async () => {
    for (const path of ["/apps", "/apps/some-app/login"]) {
      const res = await get(path, { "accept-encoding": "br" });
      expect(res.status, path).toBe(200);
      expect(res.headers.get("content-encoding"), path).toBe("br");
      expect(res.headers.get("cache-control"), path).toBe("no-cache");
      const tag = res.headers.get("etag");
      expect(tag, path).toMatch(/^W\/"[^"]+"$/);
      expect(await decode(res)).toContain(path === "/apps" ? "platform page" : "host page");
      const again = await get(path, { "accept-encoding": "br", "if-none-match": tag! });
      expect(again.status, path).toBe(304);
      expect((await again.arrayBuffer()).byteLength).toBe(0);
    }
    // A missing app's page is a 404, compressed like any page.
    const missing = await get("/app/no-such-app", { "accept-encoding": "gzip" });
    expect(missing.status).toBe(404);
    expect(missing.headers.get("content-encoding")).toBe("gzip");
    expect(await decode(missing)).toContain("host page");
  });

  it("compresses build artifacts, vendor modules and the runtime bundle, never other API JSON", async () => {
    const admin = (await t.signUp(TEST_ADMIN_EMAIL)).token;
    const owner = (await t.signUp(uniqueEmail("compress", "owner"))).token;
    const appId = (await createSpaceApp(t, owner, "Compressed")).id;
    await saveAppFile(t, admin, appId, { id: "pages/Home.jsx", content: HOME });
    // An entity schema, as most apps have: the answer is then over the 1 KB floor.
    const properties = Object.fromEntries(
      ["title", "notes", "status", "owner", "dueDate", "priority", "estimate", "category"].map((name) => [
        name,
        { type: "string", description: `The task's ${name}` },
      ]),
    );
    const entity = await t.request("PUT", `/api/apps/${appId}/entities/Task`, {
      token: owner,
      body: { name: "Task", type: "object", properties },
    });
    expect(entity.status).toBe(200);
    const bundle = await get(`/runtime/bundle?appId=${appId}&channel=draft`, {
      authorization: `Bearer ${owner}`,
      "accept-encoding": "br",
    });
    expect(bundle.status).toBe(200);
    // The one API answer every published app's visit asks for: compressed.
    expect(bundle.headers.get("content-encoding")).toBe("br");
    expect(bundle.headers.get("cache-control")).toBe("no-store");
    const body = JSON.parse(await decode(bundle)) as {
      assets: { js: string; css: string };
    };
    const vendorUrl = Object.values(t.deps.vendor.manifest.imports)[0]!;
    for (const url of [body.assets.js, body.assets.css, vendorUrl]) {
      const first = await get(url, { "accept-encoding": "br" });
      expect(first.status, url).toBe(200);
      expect(first.headers.get("content-encoding"), url).toBe("br");
      expect(first.headers.get("cache-control"), url).toMatch(/immutable/);
      const text = await decode(first);
      // The second answer comes from the per-process cache and is the same bytes.
      const second = await get(url, { "accept-encoding": "br" });
      expect(await decode(second)).toBe(text);
      const plain = await get(url);
      expect(await plain.text()).toBe(text);
    }
    // Other API JSON: no encoding (measured cheaper to send than to compress per request).
    const list = await get("/api/apps", { authorization: `Bearer ${owner}`, "accept-encoding": "br" });
    expect(list.status).toBe(200);
    expect(list.headers.get("content-encoding")).toBeNull();
    expect(list.headers.get("etag")).toBeNull();
  });
});
