import { randomUUID } from "node:crypto";
import {
  HOST_BOOT_DATA_ID,
  HOST_BOOT_FRAME_ID,
  hostBootSchema,
  runtimeBundleSchema,
  vendorPackPath,
} from "@liftoff/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError, uniqueEmail } from "../../testing/expect-error.ts";
import { makeWebDist } from "../../testing/make-web-dist.ts";
import { createSpaceApp, saveAppFile } from "../../testing/space-app-steps.ts";
import {
  createTestPlatform,
  TEST_ADMIN_EMAIL,
  TEST_PASSWORD,
  type TestPlatform,
} from "../../testing/test-platform.ts";
import { signAppToken } from "../app-tokens/app-token.ts";
import { signFrameGrant } from "./frame-grant.ts";
import { productionPacksIdle } from "./production-pack.ts";
import { withHostBoot } from "./serve-host-page.ts";
import { vendorManifestId } from "./vendor-pack.ts";

const SANDBOX = "allow-scripts allow-forms allow-popups allow-modals allow-downloads";

/** The boot data of a host page (parsed), or null when it has none. */
function bootOf(html: string) {
  const match = new RegExp(`<script type="application/json" id="${HOST_BOOT_DATA_ID}">([^<]*)</script>`).exec(
    html,
  );
  return match ? hostBootSchema.parse(JSON.parse(match[1]!)) : null;
}

/** The attributes of the boot frame's <iframe> (entities decoded), or null when the page has none. */
function bootFrameOf(html: string): Record<string, string> | null {
  const match = new RegExp(`<div id="${HOST_BOOT_FRAME_ID}"[^>]*><iframe ([^>]*)></iframe></div>`).exec(html);
  if (!match) return null;
  const decode = (value: string) =>
    value
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&amp;/g, "&");
  return Object.fromEntries(
    [...match[1]!.matchAll(/([a-z-]+)="([^"]*)"/g)].map(([, name, value]) => [name!, decode(value!)]),
  );
}

const HOME = `export default function Home() {\n  return <div className="p-4 text-lg">Hello</div>;\n}\n`;
const NOTE = {
  name: "Note",
  type: "object",
  properties: { text: { type: "string" } },
  required: ["text"],
  permissions: { read: "creator", write: "creator" },
};

/** Serving space apps: bundle, frame, assets, vendor, CORS, host pages and app tokens on the entity API. */
describe("runtime serving", () => {
  let t: TestPlatform;
  let dist: ReturnType<typeof makeWebDist>;
  let admin: string;
  let owner: { token: string; id: string; email: string };
  let app: { id: string; slug: string };

  const upgrade = async (plan: string) => {
    const user = await t.signUp(uniqueEmail("runtime", plan));
    const res = await t.request("POST", `/api/admin/users/${user.user.id}/plan`, {
      token: admin,
      body: { plan },
    });
    expect(res.status).toBe(200);
    return user.token;
  };
  const newApp = (token: string, name: string) => createSpaceApp(t, token, name);
  const save = async (appId: string, id: string, content: string) =>
    (await saveAppFile(t, admin, appId, { id, content })).versionId;
  const addAppUser = async (appId: string, email: string) => {
    const id = randomUUID();
    await t.deps.db
      .insertInto("app_users")
      .values({ id, appId, email, passwordHash: "not-used-here" })
      .execute();
    return signAppToken(t.deps.config, { appId, subjectId: id, kind: "user" });
  };

  beforeAll(async () => {
    dist = makeWebDist();
    t = await createTestPlatform({}, { webDist: dist.dir });
    admin = (await t.signUp(TEST_ADMIN_EMAIL)).token;
    const email = uniqueEmail("runtime", "owner");
    const session = await t.signUp(email);
    owner = { token: session.token, id: session.user.id, email };
    app = await newApp(owner.token, "Runtime App");
    await save(app.id, "pages/Home.jsx", HOME);
  });
  afterAll(async () => {
    await t.close();
    dist.remove();
  });

  it("needs an app id or slug", async () => {
    expectError(
      await t.request("GET", "/runtime/bundle"),
      400,
      "BAD_REQUEST",
      "Loading a runtime app needs an app id or slug",
    );
    expectError(
      await t.request("GET", "/runtime/bundle?slug=no-such-app"),
      404,
      "NOT_FOUND",
      "App not found",
    );
    expectError(await t.request("GET", "/runtime/bundle?appId=nope"), 404, "NOT_FOUND", "App not found");
    expect((await t.request("GET", "/runtime/bundle?appId=x&channel=weird")).status).toBe(400);
  });

  it("refuses an unpublished app to visitors (403 with the app id), serves it after publishing", async () => {
    const before = await t.request<any>("GET", `/runtime/bundle?appId=${app.id}`);
    expectError(before, 403, "FORBIDDEN", "This app is not published yet");
    expect(before.body.error.details).toEqual({ appId: app.id, slug: app.slug, reason: "not_published" });
    // Its URL answers 403 with the page (which says so), not the 404 of a missing app.
    const page = await t.request("GET", `/app/${app.slug}`);
    expect(page.status).toBe(403);
    expect(String(page.body)).toContain("host page");
    expect(before.headers.get("access-control-allow-origin")).toBe("*");

    const published = await t.request<any>("POST", `/api/apps/${app.id}/publish`, { token: owner.token });
    expect(published.status).toBe(200);
    for (const query of [`appId=${app.id}`, `slug=${app.slug}`]) {
      const res = await t.request<any>("GET", `/runtime/bundle?${query}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const bundle = runtimeBundleSchema.parse(res.body);
      expect(bundle).toMatchObject({
        versionId: published.body.publishedVersionId,
        channel: "published",
        pages: ["Home"],
        diagnostics: [],
        app: { id: app.id, slug: app.slug, name: "Runtime App", showWatermark: true, isSignupEnabled: false },
      });
      expect(bundle.assets.js).toMatch(/^\/runtime\/assets\/[0-9a-f]+\.js$/);
      expect(bundle.assets.css).toMatch(/^\/runtime\/assets\/[0-9a-f]+\.css$/);
      expect(bundle).not.toHaveProperty("importMap");
      expect(res.headers.get("access-control-allow-origin")).toBe("*");
      expect(res.headers.get("access-control-allow-credentials")).toBeNull();
    }
  });

  it("serves the draft only to the app's admins", async () => {
    const draft = await save(app.id, "pages/Tasks.jsx", HOME.replace("Home", "Tasks"));
    const url = `/runtime/bundle?appId=${app.id}&channel=draft`;
    expectError(await t.request("GET", url), 403, "FORBIDDEN", "Only the app's admins can preview its draft");
    const userToken = await addAppUser(app.id, uniqueEmail("runtime", "enduser"));
    expect((await t.request<any>("GET", url, { token: userToken })).status).toBe(403);
    expect((await t.request<any>("GET", url, { token: await upgrade("builder") })).status).toBe(403);

    const preview = await t.request<any>("POST", `/api/apps/${app.id}/preview-token`, { token: owner.token });
    for (const token of [preview.body.token, owner.token, admin]) {
      const res = await t.request<any>("GET", url, { token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({ channel: "draft", versionId: draft, pages: ["Home", "Tasks"] });
    }
    // Visitors still get the published version.
    const visitor = await t.request<any>("GET", `/runtime/bundle?appId=${app.id}`);
    expect(visitor.body.pages).toEqual(["Home"]);
  });

  it("serves assets immutable with their content type, and the frame with the import map", async () => {
    const bundle = (await t.request<any>("GET", `/runtime/bundle?appId=${app.id}`)).body;
    const js = await t.request<any>("GET", bundle.assets.js);
    expect(js.status).toBe(200);
    expect(js.headers.get("content-type")).toMatch(/^text\/javascript/);
    expect(js.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(js.headers.get("access-control-allow-origin")).toBe("*");
    expect(js.headers.get("cross-origin-resource-policy")).toBe("cross-origin");
    expect(String(js.body)).toContain("Hello");
    const css = await t.request<any>("GET", bundle.assets.css);
    expect(css.headers.get("content-type")).toMatch(/^text\/css/);
    expect(css.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    // A js hash asked as css, unknown hashes and odd names are 404.
    for (const path of [
      bundle.assets.js.replace(".js", ".css"),
      "/runtime/assets/0123456789abcdef0123.js",
      "/runtime/assets/..%2F..%2Fetc%2Fpasswd",
      "/runtime/assets/x.exe",
    ])
      expect((await t.request("GET", path)).status, path).toBe(404);

    const frame = await t.request<any>("GET", `/runtime/frame?appId=${app.id}&versionId=${bundle.versionId}`);
    expect(frame.status).toBe(200);
    expect(frame.headers.get("content-type")).toMatch(/^text\/html/);
    expect(frame.headers.get("cache-control")).toBe("no-store");
    const html = String(frame.body);
    expect(html).toContain("importmap");
    expect(html).toContain(t.deps.vendor.manifest.imports.react);
    expect(html).toContain(bundle.assets.js);
    expect(html).toContain(bundle.assets.css);
    // The whole module graph is announced up front: the runtime, the app module, and the
    // vendor modules the app imports (react's JSX runtime at least).
    const preloads = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)">/g)].map((m) => m[1]);
    expect(preloads).toContain(t.deps.vendor.manifest.imports["@liftoff/runtime"]);
    expect(preloads).toContain(t.deps.vendor.manifest.imports["react/jsx-runtime"]);
    expect(preloads.at(-1)).toBe(new URL(bundle.assets.js, "http://x").pathname);
    const csp = frame.headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(/script-src 'self' [^;]*'sha256-/);
    expect(csp).not.toContain("unsafe-inline'; script");
    expect((await t.request("GET", `/runtime/frame?appId=${app.id}&versionId=nope`)).status).toBe(404);
    // A version of another app, and a version that does not compile, have no frame.
    const token = await upgrade("builder");
    const broken = await newApp(token, "Broken frame");
    const brokenVersion = await save(
      broken.id,
      "pages/Home.jsx",
      "export default function Home() {\n  const x = ;\n}\n",
    );
    expect((await t.request("GET", `/runtime/frame?appId=${app.id}&versionId=${brokenVersion}`)).status).toBe(
      404,
    );
    // (A draft needs the app's frame grant, see frame-document.test.ts.)
    const grant = signFrameGrant(t.deps.config.authSecret, broken.id);
    expectError(
      await t.request("GET", `/runtime/frame?appId=${broken.id}&versionId=${brokenVersion}&grant=${grant}`),
      422,
      "UNPROCESSABLE",
      "This version has errors and cannot run",
    );
    expect((await t.request("GET", "/runtime/frame")).status).toBe(400);
  });

  it("serves vendor modules immutable and refuses path traversal", async () => {
    const reactUrl = t.deps.vendor.manifest.imports.react as string;
    expect(reactUrl.startsWith("/runtime/vendor/")).toBe(true);
    const react = await t.request<any>("GET", reactUrl);
    expect(react.status).toBe(200);
    expect(react.headers.get("content-type")).toMatch(/^text\/javascript/);
    expect(react.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    // Dot segments (also as %2e) are resolved by URL parsing before routing: they never reach
    // the vendor route, and nothing outside the vendor directory comes back.
    for (const path of ["/runtime/vendor/../../package.json", "/runtime/vendor/%2e%2e/%2e%2e/package.json"]) {
      const res = await t.request("GET", path);
      expect(String(res.body), path).not.toContain('"dependencies"');
    }
    for (const path of [
      "/runtime/vendor/%2e%2e%2f%2e%2e%2fpackage.json",
      "/runtime/vendor/..%2F..%2Fpackage.json",
      "/runtime/vendor/nope.js",
      "/runtime/vendor/",
    ])
      expect((await t.request("GET", path)).status, path).toBe(404);
  });

  it("answers CORS preflights on the runtime surface", async () => {
    for (const path of [
      `/live_api/apps/${app.id}/entities/Note`,
      "/runtime/bundle",
      "/integrations/Core/InvokeLLM",
    ]) {
      const res = await t.request("OPTIONS", path, {
        headers: { origin: "null", "access-control-request-method": "POST" },
      });
      expect(res.status, path).toBe(204);
      expect(res.headers.get("access-control-allow-origin")).toBe("*");
      expect(res.headers.get("access-control-allow-headers")).toBe(
        "authorization, content-type, last-event-id",
      );
      expect(res.headers.get("access-control-allow-methods")).toBe("GET, POST, PUT, DELETE, OPTIONS");
      expect(res.headers.get("access-control-allow-credentials")).toBeNull();
    }
  });

  it("shows the watermark by the owner's plan", async () => {
    const token = await upgrade("builder");
    const paid = await newApp(token, "Paid");
    await save(paid.id, "pages/Home.jsx", HOME);
    expect((await t.request("POST", `/api/apps/${paid.id}/publish`, { token })).status).toBe(200);
    const bundle = (await t.request<any>("GET", `/runtime/bundle?appId=${paid.id}`)).body;
    expect(bundle.app.showWatermark).toBe(false);
  });

  it("serves the host page for /app/{slug} and the app login page", async () => {
    for (const path of [
      `/app/${app.slug}`,
      `/app/${app.slug}/Tasks`,
      `/apps/${app.id}/login?nextUrl=/Tasks`,
    ]) {
      const res = await t.request("GET", path);
      expect(res.status, path).toBe(200);
      expect(String(res.body)).toContain("host page");
    }
    expect(String((await t.request("GET", "/dashboard")).body)).toContain("platform");
  });

  it("routes a custom host to its app while platform paths keep working", async () => {
    const token = await upgrade("business");
    const shop = await newApp(token, "Shop");
    await save(shop.id, "pages/Home.jsx", HOME);
    expect((await t.request("POST", `/api/apps/${shop.id}/publish`, { token })).status).toBe(200);
    const host = `shop-${Date.now()}.example.com`;
    expect((await t.request("POST", `/api/apps/${shop.id}/domain`, { token, body: { host } })).status).toBe(
      200,
    );

    for (const path of ["/", "/Tasks", "/login"]) {
      const res = await t.request("GET", path, { headers: { host } });
      expect(res.status, path).toBe(200);
      expect(String(res.body)).toContain("host page");
      expect(String(res.body)).toContain(`<meta name="liftoff-app-id" content="${shop.id}">`);
    }
    const health = await t.request<any>("GET", "/api/health", { headers: { host } });
    expect(health.status).toBe(200);
    const bundle = await t.request<any>("GET", "/runtime/bundle", { headers: { host: `${host}:443` } });
    expect(bundle.status, JSON.stringify(bundle.body)).toBe(200);
    expect(bundle.body.app.id).toBe(shop.id);
    // Another host is the platform.
    expect(
      String((await t.request("GET", "/", { headers: { host: "unknown.example.org" } })).body),
    ).toContain("platform");
  });

  it("starts a published app's frame from its host page: boot data and the sandboxed frame, escaped", async () => {
    const token = await upgrade("builder");
    // A name that would break out of every place it is written to, were it not escaped.
    const name = `</script><script>alert(1)</script>"'&<!-- x`;
    const hostile = await newApp(token, name);
    const first = await save(hostile.id, "pages/Home.jsx", HOME);

    // Not published: the page is served as before (it asks /runtime/bundle, which says 403),
    // with the same status.
    const beforeRes = await t.request("GET", `/app/${hostile.slug}`);
    expect(beforeRes.status).toBe(403);
    const before = String(beforeRes.body);
    expect(bootOf(before)).toBeNull();
    expect(bootFrameOf(before)).toBeNull();
    expect(before).toContain("host page");

    const published = await t.request<any>("POST", `/api/apps/${hostile.id}/publish`, { token });
    expect(published.status).toBe(200);
    expect(published.body.publishedVersionId).toBe(first);
    // Publishing builds the version's production bundle in the background.
    await productionPacksIdle();
    // A newer draft is never what the page starts, whoever asks.
    await save(hostile.id, "pages/Tasks.jsx", HOME.replace("Home", "Tasks"));
    for (const [path, options] of [
      [`/app/${hostile.slug}`, {}],
      [`/app/${hostile.slug}/Tasks?id=3`, {}],
      [`/app/${hostile.slug}`, { token }],
    ] as const) {
      const res = await t.request("GET", path, options);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("cache-control")).toBe("no-cache");
      const html = String(res.body);
      const boot = bootOf(html);
      expect(boot, path).toEqual({
        appId: hostile.id,
        slug: hostile.slug,
        versionId: first,
        channel: "published",
        name,
        icon: null,
        showWatermark: false,
        relay: {
          pack: expect.stringMatching(/^\/runtime\/assets\/[0-9a-f]{64}\.json$/),
          css: expect.stringMatching(/^\/runtime\/assets\/[0-9a-f]+\.css$/),
        },
      });
      // The page starts fetching the relayed files at once.
      for (const url of [boot?.relay?.pack, boot?.relay?.css])
        expect(html).toContain(`<link rel="preload" as="fetch" crossorigin="anonymous" href="${url}">`);
      expect(bootFrameOf(html), path).toEqual({
        src: `/runtime/frame?appId=${hostile.id}&versionId=${first}&relay=1`,
        sandbox: SANDBOX,
        title: name,
        referrerpolicy: "no-referrer",
        "data-testid": "app-frame",
        style: "display:block;width:100%;height:100%;border:0",
      });
      expect(html).not.toContain("allow-same-origin");
      // The name never appears raw: no element, script end or comment comes from it.
      expect(html).not.toContain("<script>alert(1)");
      expect(html).not.toContain("</script><script>");
      expect(html).not.toContain("<!-- x");
      expect(html).toContain(
        `<title>&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39;&amp;&lt;!-- x</title>`,
      );
      // The frame comes first in the body, outside the page's #root.
      expect(html.indexOf(HOST_BOOT_FRAME_ID)).toBeLessThan(html.indexOf("host page"));
      expect(html).toMatch(/<\/script><\/head>/);
    }
    // The frame the page starts is served.
    const frame = await t.request("GET", `/runtime/frame?appId=${hostile.id}&versionId=${first}`);
    expect(frame.status).toBe(200);
    // The login page has no frame.
    expect(bootOf(String((await t.request("GET", `/apps/${hostile.id}/login`)).body))).toBeNull();

    // Unpublishing takes the frame off the page at once (no stale cache on this instance).
    expect((await t.request("POST", `/api/apps/${hostile.id}/unpublish`, { token })).status).toBe(200);
    const afterRes = await t.request("GET", `/app/${hostile.slug}`);
    expect(afterRes.status).toBe(403);
    const after = String(afterRes.body);
    expect(bootOf(after)).toBeNull();
    expect(bootFrameOf(after)).toBeNull();
    // Unknown slugs, and absurdly long ones, are served the plain page, as a 404.
    for (const slug of ["no-such-app", "x".repeat(300)]) {
      const res = await t.request("GET", `/app/${slug}`);
      expect(res.status).toBe(404);
      expect(bootOf(String(res.body))).toBeNull();
    }
  });

  it("serves a published app's production bundle: one immutable pack with the app and only the vendor code it uses", async () => {
    const token = await upgrade("builder");
    const app = await newApp(token, "Bundled");
    await save(
      app.id,
      "pages/Home.jsx",
      `import { Button } from "@/components/ui/button";\nimport { HeartIcon } from "lucide-react";\n` +
        `export default function Home() { return <Button><HeartIcon />Go bundled</Button>; }\n`,
    );
    expect((await t.request("POST", `/api/apps/${app.id}/publish`, { token })).status).toBe(200);
    await productionPacksIdle();
    const relay = bootOf(String((await t.request("GET", `/app/${app.slug}`)).body))?.relay;
    if (!relay) throw new Error("the page relays nothing");
    expect(relay.js).toBeUndefined();
    const pack = await t.request<any>("GET", relay.pack);
    expect(pack.status).toBe(200);
    expect(pack.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(pack.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const compressed = await t.request("GET", relay.pack, { headers: { "accept-encoding": "br" } });
    expect(compressed.headers.get("content-encoding")).toBe("br");
    const manifest = t.deps.vendor.manifest;
    const { modules, imports } = pack.body as {
      modules: Record<string, string>;
      imports: Record<string, string>;
    };
    // The entry stands in for the runtime; every other module is a chunk the pack maps.
    const runtimeUrl = manifest.imports["@liftoff/runtime"] as string;
    const { "@liftoff/runtime": entry, ...chunks } = imports;
    expect(entry).toBe(runtimeUrl);
    expect(Object.keys(modules).sort()).toEqual([runtimeUrl, ...Object.keys(chunks)].sort());
    for (const [specifier, target] of Object.entries(chunks)) {
      expect(specifier).toMatch(/^@liftoff\/app\/chunk-[A-Z0-9]+\.js$/);
      expect(target).toBe(specifier);
    }
    const code = Object.values(modules).join("\n");
    expect(code).toContain("Go bundled");
    // Tree-shaken: one icon of lucide's 1,600 (its path data), none of recharts, no relative imports.
    expect(code).toContain("M2 9.5a5.5 5.5 0 0 1 9.591-3.676");
    expect(code).not.toContain("M11.525 2.295a.53.53"); // lucide StarIcon
    expect(code).not.toMatch(/["']\.\/[\w.-]+\.js["']/);
    expect(Buffer.byteLength(JSON.stringify(pack.body))).toBeLessThan(600_000);
    // The pack's hash answers only as JSON; another extension is not found, nor is a
    // stylesheet's hash asked for as JSON, nor anything that is not a hash.
    expect((await t.request("GET", relay.pack.replace(/\.json$/, ".js"))).status).toBe(404);
    const cssUrl = bootOf(String((await t.request("GET", `/app/${app.slug}`)).body))?.relay?.css;
    expect(cssUrl).toBeTruthy();
    for (const path of [
      String(cssUrl).replace(/\.css$/, ".json"),
      "/runtime/assets/..%2F..%2Fpackage.json",
      "/runtime/assets/ABCDEF0123456789.json",
      `/runtime/assets/${"a".repeat(65)}.json`,
      "/runtime/assets/.json",
    ])
      expect((await t.request("GET", path)).status, path).toBe(404);
    // Only the published version is bundled: a newer draft's build gets no pack.
    await save(app.id, "pages/Home.jsx", "export default function Home() { return <p>Draft</p>; }\n");
    const draft = (await t.request<any>("GET", `/runtime/bundle?appId=${app.id}&channel=draft`, { token }))
      .body;
    await productionPacksIdle();
    const draftHash = String(draft.assets.js).match(/([0-9a-f]+)\.js$/)?.[1];
    const draftPacks = await t.deps.db
      .selectFrom("production_bundles")
      .select("packHash")
      .where("jsHash", "=", draftHash ?? "")
      .execute();
    expect(draftHash).toBeTruthy();
    expect(draftPacks).toEqual([]);
  });

  it("serves the shared vendor pack (before a version's bundle is ready), and a frame that asks for its files", async () => {
    const token = await upgrade("builder");
    const app = await newApp(token, "Relay");
    const version = await save(
      app.id,
      "pages/Home.jsx",
      `import { Button } from "@/components/ui/button";\nexport default function Home() { return <Button>Go</Button>; }\n`,
    );
    expect((await t.request("POST", `/api/apps/${app.id}/publish`, { token })).status).toBe(200);
    const manifest0 = t.deps.vendor.manifest;
    const relay = {
      pack: vendorPackPath(vendorManifestId(manifest0), [
        "@liftoff/runtime",
        "@/components/ui/button",
        "react/jsx-runtime",
      ]),
    };
    const pack = await t.request<any>("GET", relay.pack);
    expect(pack.status).toBe(200);
    expect(pack.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    // Immutable JSON is compressed like the other assets (API JSON is not).
    const compressed = await t.request("GET", relay.pack, { headers: { "accept-encoding": "br" } });
    expect(compressed.headers.get("content-encoding")).toBe("br");
    const modules = Object.keys(pack.body.modules);
    const manifest = t.deps.vendor.manifest;
    // The runtime, the kit's Button, the JSX runtime, and every chunk they load statically; nothing else.
    for (const specifier of ["@liftoff/runtime", "@/components/ui/button", "react/jsx-runtime"]) {
      expect(modules).toContain(manifest.imports[specifier]);
      for (const dep of manifest.staticDeps?.[specifier] ?? []) expect(modules).toContain(dep);
    }
    expect(modules).not.toContain(manifest.imports.recharts);
    // Vendor files import each other by bare specifier (a blob: URL has no base to resolve "./x.js" against).
    for (const code of Object.values<string>(pack.body.modules))
      expect(code).not.toMatch(/["']\.\/[\w.-]+\.js["']/);
    // Another vendor build's id, a specifier the vendor set lacks, or junk: not found.
    const [, , , manifestId, file] = relay.pack.split("/");
    const other = (specifiers: string[]) =>
      `/runtime/vendor-pack/${manifestId}/${Buffer.from(specifiers.join("\n")).toString("base64url")}.json`;
    for (const path of [
      `/runtime/vendor-pack/0000000000000000/${file}`,
      other(["@liftoff/runtime", "node:fs"]),
      other(["../../package.json"]),
      `/runtime/vendor-pack/${manifestId}/${"A".repeat(5000)}.json`,
    ]) {
      expect((await t.request("GET", path)).status, path).toBe(404);
    }
    // A NUL never gets that far (the hostile-input guard).
    expect((await t.request("GET", `/runtime/vendor-pack/${manifestId}/%00.json`)).status).toBe(400);
    expect((await t.request("GET", other(["react"]))).status).toBe(200);

    // The relayed frame: a nonce for the scripts its boot script adds, blob: for the modules,
    // no import map or module script of its own — and still sandboxed.
    const frame = await t.request("GET", `/runtime/frame?appId=${app.id}&versionId=${version}&relay=1`);
    expect(frame.status).toBe(200);
    const csp = frame.headers.get("content-security-policy") ?? "";
    const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toMatch(/script-src [^;]*blob:/);
    expect(csp).toMatch(/^sandbox allow-scripts/);
    const html = String(frame.body);
    expect(html).toContain(`<script nonce="${nonce}">`);
    expect(html).not.toContain('type="importmap"');
    // The pack brings the frame's import map, chunks included.
    expect(pack.body.imports).toEqual({ ...manifest.imports, ...manifest.chunks });
    // Each response its own nonce; the plain frame has none and no blob: scripts.
    const again = await t.request("GET", `/runtime/frame?appId=${app.id}&versionId=${version}&relay=1`);
    expect(again.headers.get("content-security-policy")).not.toContain(`'nonce-${nonce}'`);
    const plain = await t.request("GET", `/runtime/frame?appId=${app.id}&versionId=${version}`);
    expect(plain.headers.get("content-security-policy")).not.toMatch(/nonce-|blob: 'sha/);
    expect(String(plain.body)).toContain('type="importmap"');
    expect(
      (await t.request("GET", `/runtime/frame?appId=${app.id}&versionId=${version}&relay=yes`)).status,
    ).toBe(400);
  });

  it("starts a custom host's published app from its page, but not its login page", async () => {
    const token = await upgrade("business");
    const shop = await newApp(token, "Boot shop");
    const version = await save(shop.id, "pages/Home.jsx", HOME);
    expect((await t.request("POST", `/api/apps/${shop.id}/publish`, { token })).status).toBe(200);
    const host = `boot-${Date.now()}.example.com`;
    expect((await t.request("POST", `/api/apps/${shop.id}/domain`, { token, body: { host } })).status).toBe(
      200,
    );
    for (const path of ["/", "/Tasks"]) {
      const html = String((await t.request("GET", path, { headers: { host } })).body);
      expect(html).toContain(`<meta name="liftoff-app-id" content="${shop.id}">`);
      // The page learns the platform's URL, which it never opens for the app.
      expect(html).toContain(`<meta name="liftoff-platform-url" content="http://localhost:3000">`);
      expect(bootOf(html)).toMatchObject({ appId: shop.id, versionId: version, showWatermark: false });
      expect(bootFrameOf(html)?.sandbox).toBe(SANDBOX);
    }
    for (const path of ["/login", "/login/"]) {
      const html = String((await t.request("GET", path, { headers: { host } })).body);
      expect(html).toContain(`<meta name="liftoff-app-id" content="${shop.id}">`);
      expect(bootOf(html)).toBeNull();
      expect(bootFrameOf(html)).toBeNull();
    }
  });

  it("injects boot data into any page shape, escaping ids too", () => {
    const boot = {
      appId: 'a"><img src=x onerror=alert(1)>',
      slug: "s",
      versionId: "v&x=1",
      channel: "published" as const,
      name: "",
      icon: "</script>",
      showWatermark: true,
    };
    const html = withHostBoot(
      '<!doctype html><html><head><title>App</title></head><body class="x"><div id="root"></div></body></html>',
      boot,
    );
    expect(bootOf(html)).toEqual(boot);
    expect(html).toContain('<body class="x"><div id="liftoff-boot-frame"');
    expect(html).toContain("<title>App</title>");
    expect(html).not.toContain("<img");
    expect(bootFrameOf(html)?.src).toBe(
      `/runtime/frame?${new URLSearchParams({ appId: boot.appId, versionId: boot.versionId })}`,
    );
    expect(bootFrameOf(html)?.title).toBe("App");
    // Without head or body, it still puts both in.
    const bare = withHostBoot("<p>host</p>", boot);
    expect(bootOf(bare)).toEqual(boot);
    expect(bootFrameOf(bare)?.sandbox).toBe(SANDBOX);
  });

  describe("app tokens on the entity API", () => {
    let notesApp: string;
    let otherApp: string;
    let alice: string;
    let bob: string;
    let notesOwner: string;

    beforeAll(async () => {
      const token = await upgrade("builder");
      notesOwner = token;
      notesApp = (await newApp(token, "Notes")).id;
      otherApp = (await newApp(token, "Other")).id;
      for (const id of [notesApp, otherApp]) {
        const saved = await t.request("PUT", `/api/apps/${id}/entities/Note`, { token, body: NOTE });
        expect(saved.status).toBe(200);
      }
      alice = await addAppUser(notesApp, uniqueEmail("runtime", "alice"));
      bob = await addAppUser(notesApp, uniqueEmail("runtime", "bob"));
    });
    const notes = (appId = notesApp) => `/live_api/apps/${appId}/entities/Note`;

    it("lets an end user see only their own rows, and the admin token see all", async () => {
      const a = await t.request<any>("POST", notes(), { token: alice, body: { text: "alice's" } });
      expect(a.status, JSON.stringify(a.body)).toBe(201);
      expect((await t.request<any>("POST", notes(), { token: bob, body: { text: "bob's" } })).status).toBe(
        201,
      );
      const aliceList = await t.request<any>("GET", notes(), { token: alice });
      expect(aliceList.body.items.map((r: any) => r.text)).toEqual(["alice's"]);
      const bobList = await t.request<any>("GET", notes(), { token: bob });
      expect(bobList.body.items.map((r: any) => r.text)).toEqual(["bob's"]);
      expect((await t.request<any>("GET", `${notes()}/${a.body.id}`, { token: bob })).status).toBe(404);

      const preview = (
        await t.request<any>("POST", `/api/apps/${notesApp}/preview-token`, { token: notesOwner })
      ).body.token;
      const all = await t.request<any>("GET", notes(), { token: preview });
      expect(all.body.items.map((r: any) => r.text).sort()).toEqual(["alice's", "bob's"]);
      expect((await t.request<any>("GET", notes(), {})).body.items).toEqual([]);
    });

    it("refuses a token of another app, a forged one, and a deleted end user", async () => {
      expectError(
        await t.request("GET", notes(otherApp), { token: alice }),
        401,
        "UNAUTHORIZED",
        "This session belongs to another app",
      );
      expectError(
        await t.request("GET", notes(), { token: `${alice}x` }),
        401,
        "UNAUTHORIZED",
        "Please log in to continue",
      );
      const ghost = await signAppToken(t.deps.config, {
        appId: notesApp,
        subjectId: randomUUID(),
        kind: "user",
      });
      expectError(
        await t.request("GET", notes(), { token: ghost }),
        401,
        "UNAUTHORIZED",
        "Please log in to continue",
      );
      // App tokens are no platform session.
      expectError(
        await t.request("GET", "/api/account/current", { token: alice }),
        401,
        "UNAUTHORIZED",
        "Please log in to continue",
      );
      expect(
        (await t.request("GET", `/api/apps/${notesApp}/entities/Note/records`, { token: alice })).status,
      ).toBe(401);
    });

    it("ignores platform cookies on /live_api", async () => {
      // The library's HTTP sign-in is not served (only OAuth callbacks set cookies), so the
      // cookie comes from the library in-process.
      const signIn = await t.deps.auth.api.signInEmail({
        body: { email: owner.email, password: TEST_PASSWORD },
        asResponse: true,
      });
      expect(signIn.status).toBe(200);
      const cookie = (signIn.headers.get("set-cookie") ?? "").split(";")[0]!;
      expect(cookie).toContain("session_token");
      // The cookie is a real platform session …
      const current = await t.request<any>("GET", "/api/account/current", { headers: { cookie } });
      expect(current.status).toBe(200);
      // … but the runtime API treats its bearer as anonymous.
      const ownersApp = app.id;
      const saved = await t.request("PUT", `/api/apps/${ownersApp}/entities/Note`, {
        headers: { cookie },
        body: NOTE,
      });
      expect(saved.status).toBe(200);
      const live = `/live_api/apps/${ownersApp}/entities/Note`;
      // With the bearer session the owner is the app's admin …
      expect(
        (await t.request<any>("POST", live, { token: owner.token, body: { text: "mine" } })).status,
      ).toBe(201);
      expect((await t.request<any>("GET", live, { token: owner.token })).body.items).toHaveLength(1);
      // … with only the cookie, the caller is anonymous: creator rows are invisible, creating is refused.
      expect((await t.request<any>("GET", live, { headers: { cookie } })).body.items).toEqual([]);
      const refused = await t.request<any>("POST", live, { headers: { cookie }, body: { text: "x" } });
      expect(refused.status).toBe(403);
    });
  });
});
