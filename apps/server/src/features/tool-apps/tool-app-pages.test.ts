import {
  customFieldSchema,
  emptyTool,
  publicToolAppSchema,
  type SavedApp,
  savedAppResponseSchema,
  TOOL_APP_DATA_ID,
  type Tool,
} from "@liftoff/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError, uniqueEmail } from "../../testing/expect-error.ts";
import { makeWebDist } from "../../testing/make-web-dist.ts";
import { createTestPlatform, TEST_ADMIN_EMAIL, type TestPlatform } from "../../testing/test-platform.ts";

/** Never to reach an end user: the instructions and a block's instruction and check. */
const SECRET_PROMPT = "SECRET-PROMPT-7f3a Plan a trip to [destination]";
const SECRET_BLOCK = "SECRET-BLOCK-91c2 day by day";
const SECRET_CHECK = "SECRET-CHECK-55d0 is it a plan?";

/** The JSON the host page carries, parsed (null when the page has none). */
function embeddedApp(html: string) {
  const match = new RegExp(`<script type="application/json" id="${TOOL_APP_DATA_ID}">([^<]*)</script>`).exec(
    html,
  );
  return match?.[1] ? publicToolAppSchema.parse(JSON.parse(match[1])) : null;
}

/**
 * The end users' pages of published generated apps and single tools through HTTP and a
 * real database (issue 16): /app/{slug}, its tools, custom hosts and GET /runtime/tool-app,
 * with publish status, drafts and the builder's prompt kept from visitors.
 */
describe("tool app pages", () => {
  let t: TestPlatform;
  let dist: ReturnType<typeof makeWebDist>;
  let adminToken: string;

  beforeAll(async () => {
    dist = makeWebDist();
    t = await createTestPlatform({}, { webDist: dist.dir });
    adminToken = (await t.signUp(TEST_ADMIN_EMAIL)).token;
  });
  afterAll(async () => {
    await t.close();
    dist.remove();
  });

  const newUser = async (label: string, plan?: string) => {
    const session = await t.signUp(uniqueEmail("toolpage", label));
    if (plan) {
      const res = await t.request("POST", `/api/admin/users/${session.user.id}/plan`, {
        token: adminToken,
        body: { plan },
      });
      expect(res.status).toBe(200);
    }
    return session.token;
  };
  const field = (name: string, type: string, required = false) =>
    customFieldSchema.parse({
      name,
      label: name,
      type,
      required,
      personal: type === "email",
      memorize: false,
      stepId: null,
      instructions: "",
      options: type === "select" ? [{ label: "Seven", iconUrl: "" }] : [],
      filterCondition: "SECRET-FILTER",
      toolId: null,
    });
  const tripTool = (): Tool => ({
    ...emptyTool({ toolId: "trip", path: "trip-planner", title: "Trip planner" }),
    status: "active",
    description: "Plans a trip day by day.",
    gptPrompt: SECRET_PROMPT,
    fields: [field("destination", "text", true), field("days", "select")],
    blocks: [
      {
        id: "plan",
        kind: "markdown",
        title: "Plan",
        instruction: SECRET_BLOCK,
        validation: { modelCheckPrompt: SECRET_CHECK },
      },
    ],
  });
  const draftTool = (): Tool => ({
    ...emptyTool({ toolId: "draft", path: "secret-draft", title: "Unfinished" }),
    gptPrompt: SECRET_PROMPT,
  });

  /** A generated app (or single tool) with the given tools, saved and published. */
  const publishedApp = async (token: string, kind: "generated" | "tool", tools: Tool[]) => {
    const created = await t.request<any>("POST", "/api/apps", {
      token,
      body: { appType: kind, name: `Travel ${kind}` },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const appId = created.body.id as string;
    const doc = savedAppResponseSchema.parse(
      (await t.request<any>("GET", `/api/apps/${appId}/saved-app`, { token })).body,
    );
    const app: SavedApp = { ...doc.app, header: "Travel helpers", description: "Tools for trips", tools };
    const saved = await t.request<any>("POST", "/api/apps", {
      token,
      body: { appId, appType: kind, appBuilderVersion: 4, ...(kind === "tool" ? { app } : { genApp: app }) },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const published = await t.request<any>("POST", `/api/apps/${appId}/publish`, { token });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    return { appId, slug: published.body.slug as string };
  };

  it("serves a published generated app's page with its public view: active tools only, no prompt", async () => {
    const token = await newUser("generated");
    const { appId, slug } = await publishedApp(token, "generated", [tripTool(), draftTool()]);

    const home = await t.request("GET", `/app/${slug}`);
    expect(home.status).toBe(200);
    const html = String(home.body);
    expect(html).toContain("host page");
    expect(html).toContain("<title>Travel helpers</title>");
    const app = embeddedApp(html);
    expect(app).toMatchObject({ appId, slug, kind: "generated", header: "Travel helpers" });
    expect(app?.tools.map((tool) => tool.path)).toEqual(["trip-planner"]);
    expect(app?.tools[0]?.blocks).toEqual([{ id: "plan", kind: "markdown", title: "Plan", validated: true }]);
    for (const secret of ["SECRET-PROMPT", "SECRET-BLOCK", "SECRET-CHECK", "SECRET-FILTER", "gptPrompt"])
      expect(html).not.toContain(secret);

    const tool = await t.request("GET", `/app/${slug}/tool/trip-planner`);
    expect(tool.status).toBe(200);
    expect(String(tool.body)).toContain("<title>Trip planner</title>");
    expect(embeddedApp(String(tool.body))?.appId).toBe(appId);

    // A draft's path, an unknown tool and any other path: a clear not-found page (404).
    for (const path of ["/tool/secret-draft", "/tool/nope", "/Tasks"]) {
      const res = await t.request("GET", `/app/${slug}${path}`);
      expect(res.status, path).toBe(404);
      expect(String(res.body)).toContain("<title>Page not found</title>");
      expect(String(res.body)).not.toContain("Unfinished");
    }

    const json = await t.request<any>("GET", `/runtime/tool-app?slug=${slug}`);
    expect(json.status).toBe(200);
    expect(json.headers.get("access-control-allow-origin")).toBe("*");
    expect(json.body.app).toEqual(app);
    expect(JSON.stringify(json.body)).not.toContain("SECRET");
    expect((await t.request<any>("GET", `/runtime/tool-app?appId=${appId}`)).body.app).toEqual(app);
  });

  it("lets other sites frame a tool's ?embed=1 page only when the owner's plan allows embedding", async () => {
    const lite = await newUser("embed-lite");
    const free = await publishedApp(lite, "tool", [tripTool()]);
    const refused = await t.request("GET", `/app/${free.slug}/tool/trip-planner?embed=1`);
    expect(refused.status).toBe(200);
    expect(refused.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    expect(refused.headers.get("content-security-policy")).toBeNull();
    expect(embeddedApp(String(refused.body))?.canEmbed).toBe(false);

    const paid = await newUser("embed-explorer", "explorer");
    const { slug } = await publishedApp(paid, "tool", [tripTool()]);
    const embed = await t.request("GET", `/app/${slug}/tool/trip-planner?embed=1`);
    expect(embed.status).toBe(200);
    expect(embed.headers.get("content-security-policy")).toBe("frame-ancestors *");
    expect(embed.headers.get("x-frame-options")).toBeNull();
    expect(embeddedApp(String(embed.body))?.canEmbed).toBe(true);
    // Without ?embed=1 (and for a missing tool) the platform's framing rule stays.
    const plain = await t.request("GET", `/app/${slug}/tool/trip-planner`);
    expect(plain.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    const missing = await t.request("GET", `/app/${slug}/tool/nope?embed=1`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get("x-frame-options")).toBe("SAMEORIGIN");
  });

  it("opens a single tool at its home; a value cannot close the data script", async () => {
    const token = await newUser("single");
    const hostile = { ...tripTool(), title: "</script><script>alert(1)</script>" };
    const { slug } = await publishedApp(token, "tool", [hostile]);
    const res = await t.request("GET", `/app/${slug}`);
    expect(res.status).toBe(200);
    const html = String(res.body);
    expect(html).not.toContain("</script><script>alert(1)");
    expect(html).toContain("<title>&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;</title>");
    expect(embeddedApp(html)?.tools[0]?.title).toBe(hostile.title);
  });

  it("answers 403 once unpublished (the copy is kept, never served) and serves it again when republished", async () => {
    const token = await newUser("unpublish");
    const { appId, slug } = await publishedApp(token, "generated", [tripTool()]);
    expect((await t.request("GET", `/app/${slug}`)).status).toBe(200);
    expect((await t.request("POST", `/api/apps/${appId}/unpublish`, { token })).status).toBe(200);

    for (const path of [`/app/${slug}`, `/app/${slug}/tool/trip-planner`]) {
      const res = await t.request("GET", path);
      expect(res.status, path).toBe(403);
      expect(embeddedApp(String(res.body)), path).toBeNull();
    }
    const json = await t.request<any>("GET", `/runtime/tool-app?slug=${slug}`);
    expectError(json, 403, "FORBIDDEN", "This app is not published yet");
    expect(json.body.error.details).toEqual({ appId, reason: "not_published" });

    expect((await t.request("POST", `/api/apps/${appId}/publish`, { token })).status).toBe(200);
    expect((await t.request("GET", `/app/${slug}`)).status).toBe(200);
  });

  it("serves the same pages on a custom host, without the /app/{slug} prefix", async () => {
    const token = await newUser("host", "business");
    const { appId } = await publishedApp(token, "generated", [tripTool(), draftTool()]);
    const host = `trips-${Date.now()}.example.com`;
    const mapped = await t.request("POST", `/api/apps/${appId}/domain`, { token, body: { host } });
    expect(mapped.status, JSON.stringify(mapped.body)).toBe(200);

    const home = await t.request("GET", "/", { headers: { host } });
    expect(home.status).toBe(200);
    expect(embeddedApp(String(home.body))?.appId).toBe(appId);
    expect(String(home.body)).toContain(`<meta name="liftoff-app-id" content="${appId}">`);
    expect((await t.request("GET", "/tool/trip-planner", { headers: { host } })).status).toBe(200);
    expect((await t.request("GET", "/tool/secret-draft", { headers: { host } })).status).toBe(404);

    const byHeader = await t.request<any>("GET", "/runtime/tool-app", { headers: { host } });
    expect(byHeader.status).toBe(200);
    expect(byHeader.body.app.appId).toBe(appId);
    const byQuery = await t.request<any>("GET", `/runtime/tool-app?host=${host}`);
    expect(byQuery.body.app.appId).toBe(appId);
  });

  it("serves /chat only while the app's chat assistant is switched on", async () => {
    const token = await newUser("chat");
    const { appId, slug } = await publishedApp(token, "generated", [tripTool()]);
    const off = await t.request("GET", `/app/${slug}/chat`);
    expect(off.status).toBe(404);
    expect(String(off.body)).toContain("<title>Page not found</title>");
    expect(embeddedApp(String(off.body))?.chatAssistant).toBe(false);

    const switchTo = async (isActive: boolean) => {
      const res = await t.request("POST", `/api/apps/${appId}/chat/activate`, {
        token: adminToken,
        body: { isActive },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    };
    await switchTo(true);
    const on = await t.request("GET", `/app/${slug}/chat`);
    expect(on.status).toBe(200);
    expect(String(on.body)).toContain("<title>Chat · Travel helpers</title>");
    expect(embeddedApp(String(on.body))?.chatAssistant).toBe(true);
    expect((await t.request("GET", `/app/${slug}/chat/`)).status).toBe(200);
    expect((await t.request("GET", `/app/${slug}/chat/more`)).status).toBe(404);

    await switchTo(false);
    expect((await t.request("GET", `/app/${slug}/chat`)).status).toBe(404);

    // A single tool has no assistant.
    const single = await publishedApp(token, "tool", [tripTool()]);
    expect((await t.request("GET", `/app/${single.slug}/chat`)).status).toBe(404);
  });

  it("answers 404 for a missing app or a space app, and is listed in the OpenAPI document", async () => {
    expectError(
      await t.request("GET", "/runtime/tool-app?slug=no-such-app"),
      404,
      "NOT_FOUND",
      "App not found",
    );
    expectError(
      await t.request("GET", "/runtime/tool-app?host=nowhere.example.org"),
      404,
      "NOT_FOUND",
      "App not found",
    );
    const token = await newUser("space");
    const space = await t.request<any>("POST", "/api/apps", {
      token,
      body: { appType: "space", name: "Space" },
    });
    expect(space.status, JSON.stringify(space.body)).toBe(201);
    expectError(
      await t.request("GET", `/runtime/tool-app?appId=${space.body.id}`),
      404,
      "NOT_FOUND",
      "App not found",
    );
    const doc = await t.request<any>("GET", "/api/openapi.json");
    expect(doc.body.paths["/runtime/tool-app"]?.get).toBeDefined();
  });
});
