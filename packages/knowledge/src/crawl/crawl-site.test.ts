import { gzipSync } from "node:zlib";
import { AppError, DATA_SOURCE_MESSAGES } from "@liftoff/domain";
import { afterEach, describe, expect, it } from "vitest";
import { crawlSite } from "./crawl-site.ts";
import { CRAWL_SKIP_REASONS } from "./crawl-skip-reasons.ts";
import type { CrawlOptions } from "./crawl-types.ts";
import { page, serveTestSite, type TestRoute, type TestSite } from "./testing/serve-test-site.ts";

const sites: TestSite[] = [];
afterEach(async () => {
  await Promise.all(sites.splice(0).map((site) => site.close()));
});

async function site(routes: Record<string, TestRoute>): Promise<TestSite> {
  const served = await serveTestSite(routes);
  sites.push(served);
  return served;
}

function crawl(start: string, options: Partial<CrawlOptions> = {}) {
  return crawlSite({
    startUrl: start,
    maxDepth: 5,
    maxPages: 50,
    allowPrivateAddresses: true,
    politenessDelayMs: 0,
    pageTimeoutMs: 2_000,
    ...options,
  });
}

const paths = (pages: { url: string }[]) => pages.map((entry) => new URL(entry.url).pathname);

describe("crawlSite on a local site", () => {
  it("walks breadth-first and stops at maxDepth", async () => {
    const s = await site({
      "/": page("Home", ["/a", "/b"]),
      "/a": page("A", ["/a/deep"]),
      "/b": page("B"),
      "/a/deep": page("Deep", ["/a/deeper"]),
      "/a/deeper": page("Deeper"),
    });
    const result = await crawl(`${s.origin}/`, { maxDepth: 1 });
    expect(paths(result.pages)).toEqual(["/", "/a", "/b"]);
    expect(result.pages.map((entry) => entry.depth)).toEqual([0, 1, 1]);
    expect(result.pages[0]).toMatchObject({
      title: "Home",
      bytes: Buffer.byteLength(page("Home", ["/a", "/b"])),
    });
    expect(s.hitCount("/a/deep")).toBe(0);

    const deeper = await crawl(`${s.origin}/`, { maxDepth: 2 });
    expect(paths(deeper.pages)).toEqual(["/", "/a", "/b", "/a/deep"]);
  });

  it("reads at most maxPages pages and reports progress", async () => {
    const links = ["/p1", "/p2", "/p3", "/p4", "/p5"];
    const s = await site({ "/": page("Home", links), ...Object.fromEntries(links.map((l) => [l, page(l)])) });
    const progress: { crawled: number; queued: number; url: string }[] = [];
    const result = await crawl(`${s.origin}/`, { maxPages: 3, onPage: (p) => void progress.push(p) });
    expect(paths(result.pages)).toEqual(["/", "/p1", "/p2"]);
    expect(s.hitCount("/p3")).toBe(0);
    expect(progress.map((p) => p.crawled)).toEqual([1, 2, 3]);
    expect(progress[0]).toEqual({ crawled: 1, queued: 5, url: `${s.origin}/` });
  });

  it("follows only same-site links (localhost is another site than 127.0.0.1)", async () => {
    const other = await site({ "/x": page("Other") });
    const s = await site({
      "/": page("Home", [`http://localhost:${other.port}/x`, "/local", "mailto:a@b.c", "javascript:void(0)"]),
      "/local": page("Local"),
    });
    const result = await crawl(`${s.origin}/`);
    expect(paths(result.pages)).toEqual(["/", "/local"]);
    expect(other.hits).toEqual([]);
  });

  it("dedupes /a and /a#x (and a redirect onto an already read page)", async () => {
    const s = await site({
      "/": page("Home", ["/a", "/a#x", "/a?#y", "/old", "/new"]),
      "/a": page("A"),
      "/new": page("New"),
      "/old": (_req, res) => {
        res.writeHead(301, { location: "/new" });
        res.end();
      },
    });
    const result = await crawl(`${s.origin}/`);
    expect(paths(result.pages)).toEqual(["/", "/a", "/new"]);
    expect(s.hitCount("/a")).toBe(1);
  });

  it("follows a same-site redirect and keeps the final URL", async () => {
    const s = await site({
      "/": (_req, res) => {
        res.writeHead(302, { location: "/home" });
        res.end();
      },
      "/home": page("Home"),
    });
    const result = await crawl(`${s.origin}/`);
    expect(result.pages.map((p) => p.url)).toEqual([`${s.origin}/home`]);
  });

  it("does not follow a redirect to another site, nor endless redirects", async () => {
    const other = await site({ "/x": page("Other") });
    const s = await site({
      "/": page("Home", ["/go", "/loop0"]),
      "/go": (_req, res) => {
        res.writeHead(302, { location: `http://localhost:${other.port}/x` });
        res.end();
      },
      ...Object.fromEntries(
        Array.from({ length: 8 }, (_, i) => [
          `/loop${i}`,
          (_req: unknown, res: import("node:http").ServerResponse) => {
            res.writeHead(302, { location: `/loop${i + 1}` });
            res.end();
          },
        ]),
      ),
    });
    const result = await crawl(`${s.origin}/`);
    expect(paths(result.pages)).toEqual(["/"]);
    expect(result.skipped).toEqual([
      { url: `${s.origin}/go`, reason: CRAWL_SKIP_REASONS.otherSite },
      { url: `${s.origin}/loop0`, reason: CRAWL_SKIP_REASONS.tooManyRedirects },
    ]);
    expect(s.hitCount("/loop5")).toBe(1);
    expect(s.hitCount("/loop6")).toBe(0);
    expect(other.hits).toEqual([]);
  });

  it("honours robots.txt Disallow for * and reads robots.txt once", async () => {
    const s = await site({
      "/robots.txt": (_req, res) => {
        res.writeHead(200, { "content-type": "text/plain" });
        res.end("User-agent: *\nDisallow: /private\n");
      },
      "/": page("Home", ["/private/a", "/public"]),
      "/public": page("Public", ["/private/b"]),
      "/private/a": page("Secret"),
    });
    const result = await crawl(`${s.origin}/`);
    expect(paths(result.pages)).toEqual(["/", "/public"]);
    expect(result.skipped).toContainEqual({
      url: `${s.origin}/private/a`,
      reason: CRAWL_SKIP_REASONS.robots,
    });
    expect(s.hitCount("/private/a")).toBe(0);
    expect(s.hitCount("/robots.txt")).toBe(1);
  });

  it("uses the group of our own user agent over *", async () => {
    const s = await site({
      "/robots.txt": (_req, res) => {
        res.writeHead(200, { "content-type": "text/plain" });
        res.end("User-agent: *\nDisallow: /\n\nUser-agent: LiftoffBot\nDisallow: /nobot\n");
      },
      "/": page("Home", ["/nobot", "/ok"]),
      "/ok": page("Ok"),
    });
    const result = await crawl(`${s.origin}/`);
    expect(paths(result.pages)).toEqual(["/", "/ok"]);
    expect(s.hitCount("/nobot")).toBe(0);
  });

  it("fails with noPagesCrawled when robots.txt forbids everything", async () => {
    const s = await site({
      "/robots.txt": (_req, res) => {
        res.writeHead(200, { "content-type": "text/plain" });
        res.end("User-agent: *\nDisallow: /\n");
      },
      "/": page("Home"),
    });
    const error = await crawl(`${s.origin}/`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      code: "UNPROCESSABLE",
      message: DATA_SOURCE_MESSAGES.noPagesCrawled,
      details: { reason: CRAWL_SKIP_REASONS.robots },
    });
    expect(s.hitCount("/")).toBe(0);
  });

  it("spaces requests to one host by politenessDelayMs", async () => {
    const s = await site({ "/": page("Home", ["/a", "/b"]), "/a": page("A"), "/b": page("B") });
    await crawl(`${s.origin}/`, { politenessDelayMs: 150 });
    // robots.txt, /, /a, /b
    expect(s.hits).toHaveLength(4);
    for (let i = 1; i < s.hits.length; i++) {
      expect(s.hits[i]!.at - s.hits[i - 1]!.at).toBeGreaterThanOrEqual(125);
    }
  });

  it("respects a Crawl-delay larger than politenessDelayMs", async () => {
    const s = await site({
      "/robots.txt": (_req, res) => {
        res.writeHead(200, { "content-type": "text/plain" });
        res.end("User-agent: *\nCrawl-delay: 0.3\n");
      },
      "/": page("Home", ["/a"]),
      "/a": page("A"),
    });
    await crawl(`${s.origin}/`, { politenessDelayMs: 0 });
    const [, home, a] = s.hits;
    expect(a!.at - home!.at).toBeGreaterThanOrEqual(270);
  });

  it("keeps only HTML pages", async () => {
    const s = await site({
      "/": page("Home", ["/data", "/xhtml", "/file.pdf"]),
      "/data": (_req, res) => {
        res.writeHead(200, { "content-type": "text/plain" });
        res.end("plain");
      },
      "/xhtml": (_req, res) => {
        res.writeHead(200, { "content-type": "application/xhtml+xml" });
        res.end(page("X"));
      },
    });
    const result = await crawl(`${s.origin}/`);
    expect(paths(result.pages)).toEqual(["/", "/xhtml"]);
    expect(result.skipped).toEqual(
      expect.arrayContaining([
        { url: `${s.origin}/data`, reason: CRAWL_SKIP_REASONS.notHtml },
        { url: `${s.origin}/file.pdf`, reason: CRAWL_SKIP_REASONS.notHtml },
      ]),
    );
    // A link that is surely not a page costs no request.
    expect(s.hitCount("/file.pdf")).toBe(0);
  });

  it("skips pages larger than maxPageBytes, declared or streamed", async () => {
    const big = `<html><body>${"x".repeat(50_000)}</body></html>`;
    let streamedBytes = 0;
    const s = await site({
      "/": page("Home", ["/big", "/stream"]),
      "/big": big,
      "/stream": (_req, res) => {
        // Chunked, no Content-Length: only counting while reading can catch it.
        res.writeHead(200, { "content-type": "text/html" });
        const timer = setInterval(() => {
          streamedBytes += 4_000;
          if (!res.write("y".repeat(4_000))) return;
        }, 2);
        res.on("close", () => clearInterval(timer));
      },
    });
    const result = await crawl(`${s.origin}/`, { maxPageBytes: 10_000 });
    expect(paths(result.pages)).toEqual(["/"]);
    expect(result.skipped).toEqual([
      { url: `${s.origin}/big`, reason: CRAWL_SKIP_REASONS.tooLarge },
      { url: `${s.origin}/stream`, reason: CRAWL_SKIP_REASONS.tooLarge },
    ]);
    expect(streamedBytes).toBeLessThan(200_000);
  });

  it("counts the decoded size of a gzip page and reads it", async () => {
    const html = page("Zipped", [], "<meta charset=utf-8>");
    const s = await site({
      "/": (_req, res) => {
        res.writeHead(200, { "content-type": "text/html", "content-encoding": "gzip" });
        res.end(gzipSync(html));
      },
      "/bomb": (_req, res) => {
        res.writeHead(200, { "content-type": "text/html", "content-encoding": "gzip" });
        res.end(gzipSync(Buffer.alloc(1_000_000, 32)));
      },
    });
    const result = await crawl(`${s.origin}/`);
    expect(result.pages[0]).toMatchObject({ title: "Zipped", html, bytes: Buffer.byteLength(html) });
    const bomb = await crawl(`${s.origin}/bomb`, { maxPageBytes: 10_000 }).catch((e: unknown) => e);
    expect(bomb).toMatchObject({ details: { reason: CRAWL_SKIP_REASONS.tooLarge } });
  });

  it("times out a hanging page and a page whose body never ends", async () => {
    const s = await site({
      "/": page("Home", ["/hang", "/trickle", "/after"]),
      "/hang": () => {},
      "/trickle": (_req, res) => {
        res.writeHead(200, { "content-type": "text/html" });
        res.write("<html><title>never ends");
      },
      "/after": page("After"),
    });
    const started = Date.now();
    const result = await crawl(`${s.origin}/`, { pageTimeoutMs: 250 });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(paths(result.pages)).toEqual(["/", "/after"]);
    expect(result.skipped).toEqual([
      { url: `${s.origin}/hang`, reason: CRAWL_SKIP_REASONS.timedOut },
      { url: `${s.origin}/trickle`, reason: CRAWL_SKIP_REASONS.timedOut },
    ]);
  });

  it("stops following links on meta nofollow, skips rel=nofollow and resolves against <base href>", async () => {
    const s = await site({
      "/": `<html><head><title>Home</title><base href="/docs/"></head><body>
        <a href="intro">intro</a><a rel="external nofollow" href="/hidden">hidden</a><a href="/closed">c</a>
        </body></html>`,
      "/docs/intro": page("Intro"),
      "/hidden": page("Hidden"),
      "/closed": page("Closed", ["/behind"], '<meta name="robots" content="noindex, nofollow">'),
      "/behind": page("Behind"),
    });
    const result = await crawl(`${s.origin}/`);
    expect(paths(result.pages)).toEqual(["/", "/docs/intro", "/closed"]);
    expect(s.hitCount("/hidden")).toBe(0);
    expect(s.hitCount("/behind")).toBe(0);
  });

  it("rejects an invalid start URL and an aborted crawl", async () => {
    for (const startUrl of ["not a url", "ftp://example.com/", "localhost:3000", "/relative"]) {
      await expect(crawl(startUrl)).rejects.toMatchObject({
        code: "BAD_REQUEST",
        message: DATA_SOURCE_MESSAGES.invalidUrl,
      });
    }
    const s = await site({ "/": page("Home", ["/a"]), "/a": page("A") });
    const controller = new AbortController();
    const aborted = crawl(`${s.origin}/`, {
      signal: controller.signal,
      onPage: () => controller.abort(new Error("stop")),
    });
    await expect(aborted).rejects.toThrow("stop");
    expect(s.hitCount("/a")).toBe(0);
  });

  it("reports the first skip reason when no page could be read", async () => {
    const s = await site({});
    await expect(crawl(`${s.origin}/missing`)).rejects.toMatchObject({
      code: "UNPROCESSABLE",
      details: { reason: "HTTP 404", url: `${s.origin}/missing` },
    });
  });
});
