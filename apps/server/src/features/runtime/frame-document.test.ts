import { APP_FRAME_SANDBOX } from "@liftoff/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError, uniqueEmail } from "../../testing/expect-error.ts";
import { createTestPlatform, TEST_ADMIN_EMAIL, type TestPlatform } from "../../testing/test-platform.ts";
import { signFrameGrant, verifyFrameGrant } from "./frame-grant.ts";
import { FRAME_DRAFT_FORBIDDEN_MESSAGE } from "./load-frame-document.ts";

const HOME = `export default function Home() {\n  return <div>Hello</div>;\n}\n`;

/** The directives of a CSP header, by name. */
function directives(csp: string | null): Map<string, string[]> {
  return new Map(
    (csp ?? "")
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

/** GET /runtime/frame: opaque wherever opened, embeddable only by the platform and the app's host, drafts only for builders. */
describe("frame document", () => {
  let t: TestPlatform;
  let admin: string;
  let owner: string;
  let app: { id: string; slug: string };
  let other: { id: string };
  let published: string;
  let draft: string;

  const frameUrl = (versionId: string, grant?: string, appId = app.id) =>
    `/runtime/frame?${new URLSearchParams({ appId, versionId, ...(grant ? { grant } : {}) })}`;
  const save = async (appId: string, content: string) => {
    const res = await t.request<any>("POST", `/api/apps/${appId}/files/update`, {
      token: admin,
      body: { file: { id: "pages/Home.jsx", content } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.versionId as string;
  };

  beforeAll(async () => {
    t = await createTestPlatform();
    admin = (await t.signUp(TEST_ADMIN_EMAIL)).token;
    const user = await t.signUp(uniqueEmail("frame", "owner"));
    owner = user.token;
    expect(
      (
        await t.request("POST", `/api/admin/users/${user.user.id}/plan`, {
          token: admin,
          body: { plan: "business" },
        })
      ).status,
    ).toBe(200);
    app = (
      await t.request<any>("POST", "/api/apps", { token: owner, body: { appType: "space", name: "Frame" } })
    ).body;
    other = (
      await t.request<any>("POST", "/api/apps", { token: owner, body: { appType: "space", name: "Other" } })
    ).body;
    published = await save(app.id, HOME);
    expect((await t.request("POST", `/api/apps/${app.id}/publish`, { token: owner })).status).toBe(200);
    draft = await save(app.id, HOME.replace("Hello", "Draft"));
  });
  afterAll(() => t.close());

  it("is sandboxed by its own CSP, without allow-same-origin, and framed only by the platform", async () => {
    const res = await t.request("GET", frameUrl(published));
    expect(res.status).toBe(200);
    const csp = directives(res.headers.get("content-security-policy"));
    expect(csp.get("sandbox")).toEqual(APP_FRAME_SANDBOX.split(" "));
    expect(csp.get("sandbox")).not.toContain("allow-same-origin");
    expect(csp.get("sandbox")).not.toContain("allow-top-navigation");
    // The platform (PUBLIC_URL), and the origin that served it (the harness calls http://localhost).
    expect(csp.get("frame-ancestors")).toEqual(["http://localhost:3000", "http://localhost"]);
    expect(res.headers.get("referrer-policy")).toBe("no-referrer");
  });

  it("lets the app's custom host frame it, and no other host", async () => {
    const host = `frame-${Date.now()}.example.com`;
    expect(
      (await t.request("POST", `/api/apps/${app.id}/domain`, { token: owner, body: { host } })).status,
    ).toBe(200);
    const res = await t.request("GET", frameUrl(published), { headers: { host } });
    expect(res.status).toBe(200);
    const csp = directives(res.headers.get("content-security-policy"));
    expect(csp.get("frame-ancestors")).toEqual(["http://localhost:3000", "http://localhost", `${host}:*`]);
    expect(csp.get("sandbox")).toEqual(APP_FRAME_SANDBOX.split(" "));
    // Another app's frame is not the custom host's to embed.
    const otherVersion = await save(other.id, HOME);
    const otherGrant = signFrameGrant(t.deps.config.authSecret, other.id);
    const foreign = await t.request("GET", frameUrl(otherVersion, otherGrant, other.id), {
      headers: { host },
    });
    expect(directives(foreign.headers.get("content-security-policy")).get("frame-ancestors")).toEqual([
      "http://localhost:3000",
      "http://localhost",
    ]);
  });

  it("serves a draft only with the app's frame grant", async () => {
    // Without a grant: refused, with or without a platform session (a cookie or bearer must
    // never be what opens a frame), and with garbage, another app's or an expired grant.
    expectError(await t.request("GET", frameUrl(draft)), 403, "FORBIDDEN", FRAME_DRAFT_FORBIDDEN_MESSAGE);
    expect((await t.request("GET", frameUrl(draft), { token: owner })).status).toBe(403);
    const secret = t.deps.config.authSecret;
    for (const grant of [
      "nonsense",
      "9999999999.AAAA",
      signFrameGrant(secret, other.id),
      signFrameGrant(secret, app.id, Date.now() - 3 * 3600_000),
      signFrameGrant("another-secret-of-another-install", app.id),
    ])
      expect((await t.request("GET", frameUrl(draft, grant))).status, grant).toBe(403);

    // The builder's preview token comes with the grant, and it opens the draft.
    const preview = await t.request<any>("POST", `/api/apps/${app.id}/preview-token`, { token: owner });
    expect(preview.status).toBe(200);
    expect(verifyFrameGrant(secret, app.id, preview.body.frameGrant)).toBe(true);
    const res = await t.request("GET", frameUrl(draft, preview.body.frameGrant));
    expect(res.status).toBe(200);
    expect(directives(res.headers.get("content-security-policy")).get("sandbox")).toEqual(
      APP_FRAME_SANDBOX.split(" "),
    );
    // Nobody else gets a preview token (nor its grant).
    const stranger = (await t.signUp(uniqueEmail("frame", "stranger"))).token;
    expect((await t.request("POST", `/api/apps/${app.id}/preview-token`, { token: stranger })).status).toBe(
      404,
    );
  });

  it("hands the grant with /runtime/bundle only to admins served a draft", async () => {
    const visitor = await t.request<any>("GET", `/runtime/bundle?appId=${app.id}`);
    expect(visitor.body.versionId).toBe(published);
    expect(visitor.body.frameGrant).toBeUndefined();
    expect((await t.request("GET", `/runtime/bundle?appId=${app.id}&channel=draft`)).status).toBe(403);
    const builder = await t.request<any>("GET", `/runtime/bundle?appId=${app.id}&channel=draft`, {
      token: owner,
    });
    expect(builder.body.versionId).toBe(draft);
    expect((await t.request("GET", frameUrl(draft, builder.body.frameGrant))).status).toBe(200);
  });
});
