import type { LookupAddress } from "node:dns";
import { AppError, DATA_SOURCE_MESSAGES } from "@liftoff/domain";
import { afterEach, describe, expect, it } from "vitest";
import { checkPublicAddress } from "./check-public-address.ts";
import { createCrawlAgents } from "./crawl-agents.ts";
import { crawlSite } from "./crawl-site.ts";
import { createSafeLookup } from "./create-safe-lookup.ts";
import { isPublicIp } from "./is-public-ip.ts";
import { requestOnce } from "./request-once.ts";
import { resolvePublicAddress } from "./resolve-public-address.ts";
import { page, serveTestSite, type TestSite } from "./testing/serve-test-site.ts";

const blocked = { code: "BAD_REQUEST", message: DATA_SOURCE_MESSAGES.blockedAddress };
const strict = { allowPrivateAddresses: false };

let served: TestSite | null = null;
afterEach(async () => {
  await served?.close();
  served = null;
});

describe("isPublicIp", () => {
  it.each([
    "127.0.0.1",
    "10.0.0.1",
    "172.16.5.4",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",
    "0.1.2.3",
    "224.0.0.1",
    "255.255.255.255",
    "240.0.0.1",
    "::1",
    "::",
    "fe80::1",
    "fd00::1",
    "fc00::1",
    "ff02::1",
    "::ffff:127.0.0.1",
    "::ffff:169.254.169.254",
    "::7f00:1",
    "64:ff9b::a00:1",
    "2002:a00:1::1",
    "[::1]",
    "not-an-ip",
  ])("refuses %s", (address) => {
    expect(isPublicIp(address)).toBe(false);
  });

  it.each(["8.8.8.8", "93.184.215.14", "2606:4700:4700::1111", "::ffff:8.8.8.8"])("accepts %s", (address) => {
    expect(isPublicIp(address)).toBe(true);
  });
});

describe("checkPublicAddress (the per-hop check)", () => {
  it.each([
    "http://127.0.0.1:8080/",
    "http://localhost/",
    "http://[::1]/",
    "http://169.254.169.254/latest/meta-data/",
    "http://2130706433/",
    "http://0x7f.1/",
    "http://0177.0.0.1/",
    "http://10.0.0.1/",
    "http://192.168.0.10:3000/",
    "http://100.64.1.1/",
    "http://0.0.0.0/",
    "http://[::ffff:127.0.0.1]/",
    "http://[fd12::1]/",
  ])("refuses %s", async (url) => {
    await expect(checkPublicAddress(url, strict)).rejects.toMatchObject(blocked);
  });

  it("accepts a public literal on any port, and anything when private addresses are allowed", async () => {
    await expect(checkPublicAddress("http://93.184.215.14:8443/x", strict)).resolves.toBeInstanceOf(URL);
    await expect(
      checkPublicAddress("http://127.0.0.1:1/", { allowPrivateAddresses: true }),
    ).resolves.toBeInstanceOf(URL);
  });

  it("refuses other schemes and unparsable URLs as invalid", async () => {
    for (const url of ["ftp://example.com/", "file:///etc/passwd", "gopher://x/", "nonsense"]) {
      await expect(checkPublicAddress(url, strict)).rejects.toMatchObject({
        code: "BAD_REQUEST",
        message: DATA_SOURCE_MESSAGES.invalidUrl,
      });
    }
  });

  it("refuses a redirect target on a private address (what safeFetch checks on every hop)", async () => {
    // An allowed-looking start (public literal) whose Location points inside the network.
    const start = await checkPublicAddress("http://93.184.215.14/start", strict);
    for (const location of ["http://169.254.169.254/", "http://localhost:6379/", "//10.1.2.3/admin"]) {
      await expect(checkPublicAddress(new URL(location, start), strict)).rejects.toMatchObject(blocked);
    }
  });

  it("resolvePublicAddress refuses a name with any private address", async () => {
    await expect(resolvePublicAddress("localhost", strict)).rejects.toBeInstanceOf(AppError);
    await expect(
      resolvePublicAddress("localhost", { allowPrivateAddresses: true }),
    ).resolves.not.toHaveLength(0);
  });
});

describe("the connect-time guard (DNS rebinding)", () => {
  it("the safe lookup refuses in both the single and the all-addresses shape", async () => {
    const lookup = createSafeLookup(strict);
    const ask = (all: boolean) =>
      new Promise<string | LookupAddress[]>((resolve, reject) =>
        lookup("localhost", { all }, (error, address) => (error ? reject(error) : resolve(address))),
      );
    await expect(ask(false)).rejects.toMatchObject(blocked);
    await expect(ask(true)).rejects.toMatchObject(blocked);
    const open = createSafeLookup({ allowPrivateAddresses: true });
    await expect(
      new Promise((resolve, reject) =>
        open("localhost", { all: true }, (error, address) => (error ? reject(error) : resolve(address))),
      ),
    ).resolves.not.toHaveLength(0);
  });

  it("a request whose name resolves privately never reaches the server", async () => {
    served = await serveTestSite({ "/": page("Home") });
    const agents = createCrawlAgents();
    try {
      const request = requestOnce({
        url: new URL(`http://localhost:${served.port}/`),
        userAgent: "test",
        agents,
        lookup: createSafeLookup(strict),
        signal: AbortSignal.timeout(2_000),
      });
      await expect(request).rejects.toMatchObject(blocked);
    } finally {
      agents.destroy();
    }
    expect(served.hits).toEqual([]);
  });
});

describe("crawlSite with private addresses refused", () => {
  it("refuses a local start URL before any request", async () => {
    served = await serveTestSite({ "/": page("Home") });
    for (const startUrl of [`http://127.0.0.1:${served.port}/`, `http://localhost:${served.port}/`]) {
      const error = await crawlSite({
        startUrl,
        maxDepth: 1,
        maxPages: 5,
        allowPrivateAddresses: false,
      }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject(blocked);
    }
    expect(served.hits).toEqual([]);
  });

  it.each([
    "http://localhost/",
    "http://[::1]/",
    "http://169.254.169.254/",
    "http://2130706433/",
    "http://10.0.0.1/",
  ])("refuses %s", async (startUrl) => {
    await expect(
      crawlSite({ startUrl, maxDepth: 1, maxPages: 5, allowPrivateAddresses: false }),
    ).rejects.toMatchObject(blocked);
  });
});
