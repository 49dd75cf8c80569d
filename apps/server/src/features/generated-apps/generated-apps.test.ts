import {
  customFieldSchema,
  emptyTool,
  GENERATED_APP_MESSAGES,
  maxToolsMessage,
  planLimits,
  rangeMessage,
  SAVED_APP_LIMITS,
  type SavedApp,
  savedAppResponseSchema,
  type Tool,
} from "@liftoff/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSecretBox } from "../../ai/secret-box.ts";
import { expectError, uniqueEmail } from "../../testing/expect-error.ts";
import {
  createTestPlatform,
  TEST_ADMIN_EMAIL,
  TEST_PASSWORD,
  type TestPlatform,
} from "../../testing/test-platform.ts";
import { SAVE_CONFLICT_MESSAGE } from "./commit-saved-app.ts";

/**
 * Generated apps and single tools through HTTP and a real database (issue 15): the saved
 * document (POST /api/apps), style, settings, kept versions, publish and the chat
 * assistant, with every refusal changing nothing.
 */
describe("generated apps and single tools", () => {
  let t: TestPlatform;
  let adminToken: string;

  beforeAll(async () => {
    t = await createTestPlatform();
    adminToken = (await t.signUp(TEST_ADMIN_EMAIL, TEST_PASSWORD, "Admin")).token;
  });
  afterAll(async () => {
    await t.close();
  });

  const newUser = async (label: string, plan?: string) => {
    const session = await t.signUp(uniqueEmail("gen", label));
    if (plan) {
      const res = await t.request("POST", `/api/admin/users/${session.user.id}/plan`, {
        token: adminToken,
        body: { plan },
      });
      expect(res.status).toBe(200);
    }
    return session.token;
  };
  const createApp = async (token: string, appType: "generated" | "tool", name: string) => {
    const res = await t.request<any>("POST", "/api/apps", { token, body: { appType, name } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id as string;
  };
  const getDoc = async (token: string, appId: string) => {
    const res = await t.request<any>("GET", `/api/apps/${appId}/saved-app`, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return savedAppResponseSchema.parse(res.body);
  };
  const save = (token: string, appId: string, appType: "generated" | "tool", doc: unknown) =>
    t.request<any>("POST", "/api/apps", {
      token,
      body: {
        appId,
        appType,
        appBuilderVersion: 4,
        ...(appType === "tool" ? { app: doc } : { genApp: doc }),
      },
    });
  const versions = async (token: string, appId: string) =>
    (await t.request<any>("GET", `/api/apps/${appId}/saved-app/versions`, { token })).body.versions as {
      number: number;
      source: string;
    }[];
  const withTool = (app: SavedApp, index: number, change: Partial<Tool>): SavedApp => ({
    ...app,
    tools: app.tools.map((tool, at) => (at === index ? { ...tool, ...change } : tool)),
  });
  const newTool = (toolId: string, path: string, title = ""): Tool => emptyTool({ toolId, path, title });
  const field = (name: string, type = "text") =>
    customFieldSchema.parse({
      name,
      label: name,
      type,
      required: false,
      personal: type === "email",
      memorize: false,
      stepId: null,
      instructions: "",
      options: type === "select" ? [{ label: "One", iconUrl: "" }] : [],
      filterCondition: "",
      toolId: null,
    });

  it("saves a single tool's document, versions it and reads it back after a restart of the reader", async () => {
    const token = await newUser("save");
    const appId = await createApp(token, "tool", "Cover letter");
    const start = await getDoc(token, appId);
    expect(start).toMatchObject({
      kind: "tool",
      version: 1,
      ownerPlan: null,
      status: "draft",
      hasUnpublishedChanges: false,
    });

    const edited = withTool(start.app, 0, {
      gptPrompt: "Write a cover letter for [role] at [company].",
      fields: [field("role"), field("company")],
      examples: ["Designer at Acme"],
    });
    const res = await save(token, appId, "tool", edited);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ version: 2, warnings: {} });
    const again = await getDoc(token, appId);
    expect(again.app).toEqual(edited);
    expect(again.version).toBe(2);

    // The same document again writes no version.
    expect((await save(token, appId, "tool", edited)).body.version).toBe(2);
    expect(await versions(token, appId)).toMatchObject([
      { number: 2, source: "save" },
      { number: 1, source: "create" },
    ]);

    // An unknown tag and an untagged field are warnings: saved, and shown.
    const loose = withTool(edited, 0, {
      gptPrompt: "For [role] and [salary]",
      fields: edited.tools[0]!.fields,
    });
    const warned = await save(token, appId, "tool", loose);
    expect(warned.status).toBe(200);
    expect(warned.body.warnings).toMatchObject({ "tools.0.gptPrompt": expect.stringContaining("salary") });
    expect(warned.body.warnings["tools.0.fields.1.name"]).toBeDefined();
  });

  it("refuses a bad document with a message per field and changes nothing", async () => {
    const token = await newUser("bad-doc", "builder");
    const appId = await createApp(token, "generated", "Trip ideas");
    const start = await getDoc(token, appId);
    const good = { ...start.app, tools: [newTool("t1", "plan", "Planner")] };
    expect((await save(token, appId, "generated", good)).status).toBe(200);

    const bad = {
      ...good,
      settings: { ...good.settings, dailyUserLimit: 500, weeklyUserLimit: 0 },
      tools: [
        {
          ...good.tools[0]!,
          path: "no spaces!",
          fields: [field("City"), field("city"), field("input")],
          examples: ["a", "b", "c", "d"],
          ctaLink: "javascript:alert(1)",
        },
      ],
    };
    const refused = await save(token, appId, "generated", bad);
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe("VALIDATION_FAILED");
    const byPath = Object.fromEntries(
      (refused.body.error.details.fields as { path: string; message: string }[]).map((f) => [
        f.path,
        f.message,
      ]),
    );
    expect(byPath).toMatchObject({
      "settings.dailyUserLimit": rangeMessage("Daily runs per user", 1, 100),
      "settings.weeklyUserLimit": rangeMessage("Weekly runs per user", 1, 100),
      "tools.0.path": GENERATED_APP_MESSAGES.invalidPath,
      "tools.0.examples": GENERATED_APP_MESSAGES.tooManyExamples,
      "tools.0.ctaLink": GENERATED_APP_MESSAGES.ctaLinkInvalid,
    });
    // Field rules run once the shapes are right.
    const fieldsOnly = await save(token, appId, "generated", {
      ...good,
      tools: [{ ...good.tools[0]!, fields: [field("City"), field("city"), field("input")] }],
    });
    expect(fieldsOnly.status).toBe(400);
    const fieldMessages = (fieldsOnly.body.error.details.fields as { path: string; message: string }[]).map(
      (f) => f.message,
    );
    expect(fieldMessages).toContain(GENERATED_APP_MESSAGES.fieldExistsTryAnother);
    expect(fieldMessages).toContain(GENERATED_APP_MESSAGES.inputReserved);

    const after = await getDoc(token, appId);
    expect(after.app).toEqual(good);
    expect(after.version).toBe(2);
    expect(await versions(token, appId)).toHaveLength(2);
  });

  it("refuses activation without a title and past the plan's live-tool limit, with the upgrade reason", async () => {
    const token = await newUser("activate");
    const appId = await createApp(token, "generated", "Two tools");
    const start = await getDoc(token, appId);
    const untitled = { ...start.app, tools: [{ ...newTool("a", "a"), status: "active" as const }] };
    const noTitle = await save(token, appId, "generated", untitled);
    expectError(noTitle, 400, "VALIDATION_FAILED", GENERATED_APP_MESSAGES.activationNeedsTitle);
    expect(noTitle.body.error.details.fields).toEqual([
      { path: "tools.0.status", message: GENERATED_APP_MESSAGES.activationNeedsTitle },
    ]);

    const live = planLimits(null).liveToolsPerApp;
    const tools = Array.from({ length: live + 1 }, (_, i) => newTool(`t${i}`, `tool-${i}`, `Tool ${i}`));
    expect((await save(token, appId, "generated", { ...start.app, tools })).status).toBe(200);
    const allActive = tools.map((tool) => ({ ...tool, status: "active" as const }));
    const over = await save(token, appId, "generated", { ...start.app, tools: allActive });
    expect(over.status).toBe(400);
    expect(over.body.error.message).toBe(
      `Your plan includes ${live} live AI tools. To activate more tools, you can put other tools in draft mode or upgrade your plan`,
    );
    expect(over.body.error.details.reason).toBe("activated_tools_per_app_limit");
    // Within the limit it goes through.
    const within = tools.map((tool, i) => (i < live ? { ...tool, status: "active" as const } : tool));
    expect((await save(token, appId, "generated", { ...start.app, tools: within })).status).toBe(200);

    // The tools-per-app limit blocks adding more.
    const max = planLimits(null).maxToolsPerApp;
    const many = Array.from({ length: max + 1 }, (_, i) => newTool(`m${i}`, `m-${i}`));
    const tooMany = await save(token, appId, "generated", { ...start.app, tools: many });
    expectError(tooMany, 400, "VALIDATION_FAILED", maxToolsMessage(max));
  });

  it("upgrades an older document on save and on read, never refusing it", async () => {
    // Builder plan: a lite builder may not change settings at all, and this one's are clamped.
    const token = await newUser("old-doc", "builder");
    const appId = await createApp(token, "tool", "Old tool");
    const v2 = {
      header: "Old tool",
      gptPrompt: "Summarise [topic]",
      fields: [{ name: "topic", label: "Topic", type: "text" }],
      settings: { dailyUserLimit: 500 },
    };
    const res = await t.request<any>("POST", "/api/apps", {
      token,
      body: { appId, appType: "tool", app: v2 },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.app.appBuilderVersion).toBe(4);
    expect(res.body.app.tools[0]).toMatchObject({ gptPrompt: "Summarise [topic]" });
    expect(res.body.app.tools[0].fields[0]).toMatchObject({ name: "topic" });
    expect(res.body.app.settings).toMatchObject({ dailyUserLimit: 100 });

    // A stored document from an older builder is read as v4.
    await t.deps.db
      .updateTable("apps")
      .set({
        data: JSON.stringify({ savedApp: { header: "Stored v3", appBuilderVersion: 3, gptPrompt: "Hi" } }),
      })
      .where("id", "=", appId)
      .execute();
    const read = await getDoc(token, appId);
    expect(read.app).toMatchObject({ appBuilderVersion: 4, header: "Stored v3" });
    expect(read.app.tools[0]!.gptPrompt).toBe("Hi");
  });

  it("keeps the last saved versions (auto-saves close together fold into one) and restores one as a new version", async () => {
    const token = await newUser("versions");
    const appId = await createApp(token, "tool", "Versioned");
    const start = await getDoc(token, appId);
    const kept = SAVED_APP_LIMITS.savedVersionsKept;
    // Saves within a couple of minutes of each other are one version: the last document wins.
    for (const word of ["a", "b", "c"])
      expect(
        (await save(token, appId, "tool", withTool(start.app, 0, { welcomeMessage: word }))).body.version,
      ).toBe(2);
    expect((await versions(token, appId)).map((v) => v.number)).toEqual([2, 1]);
    // Older saves are versions of their own: each save here is made to look minutes apart.
    const age = () =>
      t.deps.db
        .updateTable("saved_app_versions")
        .set({ createdAt: new Date(Date.now() - 10 * 60 * 1000) })
        .where("appId", "=", appId)
        .execute();
    for (let i = 1; i <= kept + 2; i++) {
      await age();
      const res = await save(token, appId, "tool", withTool(start.app, 0, { welcomeMessage: `Hello ${i}` }));
      expect(res.status).toBe(200);
    }
    const list = await versions(token, appId);
    expect(list).toHaveLength(kept);
    expect(list[0]!.number).toBe(kept + 4);
    expect(list.at(-1)!.number).toBe(5);

    // Version 7 holds "Hello 5" (version 2 took "c", then 3 is "Hello 1").
    const restored = await t.request<any>("POST", `/api/apps/${appId}/saved-app/versions/7/restore`, {
      token,
    });
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect(restored.body.app.tools[0].welcomeMessage).toBe("Hello 5");
    expect(restored.body.version).toBe(kept + 5);
    expect((await versions(token, appId))[0]).toMatchObject({ number: kept + 5, source: "restore" });
    // A version no longer kept is gone.
    expectError(
      await t.request<any>("POST", `/api/apps/${appId}/saved-app/versions/1/restore`, { token }),
      404,
      "NOT_FOUND",
      "Version not found",
    );
  });

  it("saves the style, hiding the watermark only where the plan allows", async () => {
    const liteToken = await newUser("style-lite");
    const appId = await createApp(liteToken, "tool", "Styled");
    const start = await getDoc(liteToken, appId);
    const style = {
      ...start.app.style,
      styleName: "dark",
      buttonBackgroundColor: "#ff5500",
      logoUrl: "https://example.com/logo.png",
    };
    const ok = await t.request<any>("POST", `/api/apps/${appId}/style`, {
      token: liteToken,
      body: { appStyle: style },
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.app.style).toEqual(style);
    expect(ok.body.version).toBe(2);
    expect((await versions(liteToken, appId))[0]!.source).toBe("style");

    const hidden = await t.request<any>("POST", `/api/apps/${appId}/style`, {
      token: liteToken,
      body: { appStyle: { ...style, isWatermarkHidden: true } },
    });
    expectError(hidden, 400, "VALIDATION_FAILED", GENERATED_APP_MESSAGES.watermarkNeedsUpgrade);
    expect(hidden.body.error.details.reason).toBe("watermark");
    const badColour = await t.request<any>("POST", `/api/apps/${appId}/style`, {
      token: liteToken,
      body: { appStyle: { ...style, headerTextColor: "red; background:url(x)" } },
    });
    expect(badColour.status).toBe(400);
    expect((await getDoc(liteToken, appId)).app.style).toEqual(style);

    const builderToken = await newUser("style-builder", "builder");
    const builderApp = await createApp(builderToken, "tool", "Styled too");
    const builderStart = await getDoc(builderToken, builderApp);
    const allowed = await t.request<any>("POST", `/api/apps/${builderApp}/style`, {
      token: builderToken,
      body: { appStyle: { ...builderStart.app.style, isWatermarkHidden: true } },
    });
    expect(allowed.status).toBe(200);
  });

  it("saves settings by kind: ranges, the lite prompt, sign-up rules and the payment token kept apart", async () => {
    const liteToken = await newUser("settings-lite");
    const liteApp = await createApp(liteToken, "tool", "Lite settings");
    const refused = await t.request<any>("POST", `/api/apps/${liteApp}/settings`, {
      token: liteToken,
      body: { appSettings: { dailyUserLimit: 20 } },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe("Upgrade your plan to change the settings of this app");

    const token = await newUser("settings", "builder");
    const appId = await createApp(token, "tool", "Settings");
    const read = await t.request<any>("GET", `/api/apps/${appId}/settings`, { token });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({
      appSettings: {
        dailyUserLimit: expect.any(Number),
        header: "Settings",
        modelTemperature: 0.7,
        creditsPerRun: 1,
      },
      canEnableSignup: false,
      hasCustomDomain: false,
    });

    const outOfRange = await t.request<any>("POST", `/api/apps/${appId}/settings`, {
      token,
      body: { appSettings: { dailyUserLimit: 0, weeklyUserLimit: 101 } },
    });
    expect(outOfRange.status).toBe(400);
    expect(outOfRange.body.error.details.fields.map((f: { path: string }) => f.path).sort()).toEqual([
      "appSettings.dailyUserLimit",
      "appSettings.weeklyUserLimit",
    ]);
    const unknown = await t.request<any>("POST", `/api/apps/${appId}/settings`, {
      token,
      body: { appSettings: { mainPageX: 1 } },
    });
    expect(unknown.status).toBe(400);

    const saved = await t.request<any>("POST", `/api/apps/${appId}/settings`, {
      token,
      body: {
        appSettings: {
          dailyUserLimit: 12,
          weeklyUserLimit: 40,
          welcomeMessage: "Hi there",
          header: "New header",
        },
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.appSettings).toMatchObject({
      dailyUserLimit: 12,
      weeklyUserLimit: 40,
      welcomeMessage: "Hi there",
    });
    const doc = await getDoc(token, appId);
    expect(doc.app.header).toBe("New header");
    expect(doc.app.tools[0]!.welcomeMessage).toBe("Hi there");
    expect(doc.app.settings.dailyUserLimit).toBe(12);

    // Admin-only settings are refused for the owner; sign-up needs a published app.
    const adminOnly = await t.request<any>("POST", `/api/apps/${appId}/settings`, {
      token,
      body: { appSettings: { modelTemperature: 1.2 } },
    });
    expectError(adminOnly, 400, "VALIDATION_FAILED", GENERATED_APP_MESSAGES.adminOnlySetting);
    const signup = await t.request<any>("POST", `/api/apps/${appId}/settings`, {
      token,
      body: { appSettings: { isSignupEnabled: true } },
    });
    expectError(
      signup,
      400,
      "VALIDATION_FAILED",
      "For user signup, you have to publish the app and set custom domain",
    );

    // The admin sets temperature, on the grid of 0.1 only.
    expect(
      (
        await t.request<any>("POST", `/api/apps/${appId}/settings`, {
          token: adminToken,
          body: { appSettings: { modelTemperature: 1.25 } },
        })
      ).status,
    ).toBe(400);
    const byAdmin = await t.request<any>("POST", `/api/apps/${appId}/settings`, {
      token: adminToken,
      body: { appSettings: { modelTemperature: 1.2, paymentProviderAccessToken: "sk_live_secret" } },
    });
    expect(byAdmin.status, JSON.stringify(byAdmin.body)).toBe(200);
    expect(byAdmin.body.appSettings.modelTemperature).toBe(1.2);
    expect(byAdmin.body.appSettings.paidMembershipsSettings.hasPaymentProviderAccessToken).toBe(true);
    expect(JSON.stringify(byAdmin.body)).not.toContain("sk_live_secret");
    expect(JSON.stringify(await getDoc(token, appId))).not.toContain("sk_live_secret");
    const row = await t.deps.db
      .selectFrom("apps")
      .select("data")
      .where("id", "=", appId)
      .executeTakeFirstOrThrow();
    // Sealed with the platform's secret (AES-GCM), never stored as typed.
    const sealed = (row.data.secrets as { paymentProviderAccessToken: string }).paymentProviderAccessToken;
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain("sk_live_secret");
    expect(createSecretBox(t.deps.config.authSecret).open(sealed)).toBe("sk_live_secret");
    expect(JSON.stringify(row.data.savedApp)).not.toContain("sk_live_secret");
  });

  it("publishes a copy of the document once a tool is active, and tells when the builder's copy differs", async () => {
    const token = await newUser("publish");
    const appId = await createApp(token, "tool", "Publish me");
    expectError(
      await t.request<any>("POST", `/api/apps/${appId}/publish`, { token }),
      422,
      "UNPROCESSABLE",
      "Activate at least one tool before publishing",
    );
    const start = await getDoc(token, appId);
    const active = withTool(start.app, 0, { status: "active", gptPrompt: "Help with [input]" });
    expect((await save(token, appId, "tool", active)).status).toBe(200);
    const published = await t.request<any>("POST", `/api/apps/${appId}/publish`, { token });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    expect(published.body).toMatchObject({ status: "published", publishedAt: expect.any(String) });
    expect(await getDoc(token, appId)).toMatchObject({
      status: "published",
      hasUnpublishedChanges: false,
      canEnableSignup: true,
    });

    await save(token, appId, "tool", withTool(active, 0, { welcomeMessage: "Changed" }));
    expect((await getDoc(token, appId)).hasUnpublishedChanges).toBe(true);
    const unpublished = await t.request<any>("POST", `/api/apps/${appId}/unpublish`, { token });
    expect(unpublished.body.status).toBe("draft");
  });

  it("switches the chat assistant for platform admins only, keeping its id", async () => {
    const token = await newUser("chat");
    const appId = await createApp(token, "generated", "Chatty");
    expectError(
      await t.request<any>("POST", `/api/apps/${appId}/chat/activate`, { token, body: { isActive: true } }),
      403,
      "FORBIDDEN",
      "Only platform admins can change the chat assistant",
    );
    const on = await t.request<any>("POST", `/api/apps/${appId}/chat/activate`, {
      token: adminToken,
      body: { isActive: true },
    });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    expect(on.body.chatSettings.status).toBe("active");
    expect(on.body.chatAppId).toEqual(expect.any(String));
    const off = await t.request<any>("POST", `/api/apps/${appId}/chat/activate`, {
      token: adminToken,
      body: { isActive: false },
    });
    expect(off.body).toEqual({
      chatAppId: on.body.chatAppId,
      chatSettings: { status: "draft", chatAppId: on.body.chatAppId },
      version: expect.any(Number),
    });
    expect((await getDoc(token, appId)).app.chatSettings.status).toBe("draft");
    expect(
      (
        await t.request<any>("POST", `/api/apps/${appId}/chat/activate`, {
          token: adminToken,
          body: { isActive: "yes" },
        })
      ).status,
    ).toBe(400);
  });

  it("keeps every route to the owner and platform admins, and authenticates before validating", async () => {
    const owner = await newUser("owner");
    const stranger = await newUser("stranger");
    const appId = await createApp(owner, "tool", "Private");
    const start = await getDoc(owner, appId);
    const calls: [string, string, unknown][] = [
      ["GET", `/api/apps/${appId}/saved-app`, undefined],
      ["GET", `/api/apps/${appId}/saved-app/versions`, undefined],
      ["POST", `/api/apps/${appId}/saved-app/versions/1/restore`, undefined],
      ["POST", `/api/apps/${appId}/style`, { appStyle: start.app.style }],
      ["GET", `/api/apps/${appId}/settings`, undefined],
      ["POST", `/api/apps/${appId}/settings`, { appSettings: { dailyUserLimit: 5 } }],
      ["POST", `/api/apps/${appId}/chat/activate`, { isActive: true }],
      ["POST", `/api/apps/${appId}/publish`, undefined],
      ["POST", "/api/apps", { appId, appType: "tool", app: start.app }],
    ];
    for (const [method, path, body] of calls) {
      const asStranger = await t.request<any>(method, path, { token: stranger, body });
      expectError(asStranger, 404, "NOT_FOUND", "App not found");
      // Anonymous with a malformed body: 401 first, the body's rules stay private.
      const anonymous = await t.request<any>(
        method,
        path,
        method === "GET" ? {} : { body: { nonsense: true } },
      );
      expect(anonymous.status, `${method} ${path}`).toBe(401);
    }
    expect((await getDoc(owner, appId)).version).toBe(1);

    // A space app has no saved document.
    const space = await t.request<any>("POST", "/api/apps", {
      token: stranger,
      body: { appType: "space", name: "Space" },
    });
    expectError(
      await t.request<any>("GET", `/api/apps/${space.body.id}/saved-app`, { token: stranger }),
      400,
      "BAD_REQUEST",
      "Only generated apps and single tools have tools and branding",
    );
    const asSave = await t.request<any>("POST", "/api/apps", {
      token: stranger,
      body: { appId: space.body.id, appType: "space", genApp: {} },
    });
    expect(asSave.status).toBe(400);
    // The wrong kind, or no document, is a 400 and changes nothing.
    expect((await save(owner, appId, "generated", start.app)).status).toBe(400);
    const noDoc = await t.request<any>("POST", "/api/apps", {
      token: owner,
      body: { appId, appType: "tool" },
    });
    expectError(noDoc, 400, "BAD_REQUEST", "Send the app document as genApp or app");
    expect((await getDoc(owner, appId)).version).toBe(1);
  });

  it("serialises concurrent saves: of four edits of the same version exactly one lands, the others are told to reload", async () => {
    const token = await newUser("race");
    const appId = await createApp(token, "tool", "Race");
    const start = await getDoc(token, appId);
    const results = await Promise.all(
      [1, 2, 3, 4].map((i) =>
        t.request<any>("POST", "/api/apps", {
          token,
          body: {
            appId,
            appType: "tool",
            baseVersion: start.version,
            app: withTool(start.app, 0, { welcomeMessage: `W${i}` }),
          },
        }),
      ),
    );
    const landed = results.filter((res) => res.status === 200);
    expect(landed).toHaveLength(1);
    for (const res of results.filter((r) => r.status !== 200))
      expectError(res, 409, "CONFLICT", SAVE_CONFLICT_MESSAGE);
    const final = await getDoc(token, appId);
    expect(final.app).toEqual(landed[0]!.body.app);
    // The next save from the same editor carries the new version and goes through.
    const next = await t.request<any>("POST", "/api/apps", {
      token,
      body: {
        appId,
        appType: "tool",
        baseVersion: final.version,
        app: withTool(final.app, 0, { welcomeMessage: "W5" }),
      },
    });
    expect(next.status).toBe(200);
  });

  it("keeps the chat assistant and the payment connection the server's, whatever a document says", async () => {
    const token = await newUser("owned", "moon");
    const appId = await createApp(token, "generated", "Owned");
    const start = await getDoc(token, appId);
    const forged = {
      ...start.app,
      chatSettings: { status: "active", chatAppId: "forged" },
      settings: {
        ...start.app.settings,
        paidMembershipsSettings: {
          paymentProvider: "stripe",
          hasPaymentProviderAccessToken: true,
          isSetupCompleted: true,
        },
        paidMembershipsProduct: { id: "prod_1", name: "Gold" },
      },
    };
    const res = await save(token, appId, "generated", forged);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.app.chatSettings).toEqual(start.app.chatSettings);
    expect(res.body.app.settings.paidMembershipsSettings).toEqual(start.app.settings.paidMembershipsSettings);
    expect(res.body.app.settings.paidMembershipsProduct).toBeNull();

    // The admin switches it on; a restore of an older version does not switch it back off.
    const on = await t.request<any>("POST", `/api/apps/${appId}/chat/activate`, {
      token: adminToken,
      body: { isActive: true },
    });
    expect(on.body.version).toEqual(expect.any(Number));
    const restored = await t.request<any>("POST", `/api/apps/${appId}/saved-app/versions/1/restore`, {
      token,
    });
    expect(restored.status).toBe(200);
    expect(restored.body.app.chatSettings.status).toBe("active");

    // A lite owner cannot store a payment token; a stored one is sealed, not plain text.
    const liteToken = await newUser("owned-lite");
    const liteApp = await createApp(liteToken, "tool", "Lite");
    const liteSet = await t.request<any>("POST", `/api/apps/${liteApp}/settings`, {
      token: liteToken,
      body: { appSettings: { paymentProviderAccessToken: "sk_live_lite" } },
    });
    expectError(liteSet, 400, "VALIDATION_FAILED", "Upgrade your plan to change the settings of this app");
    const liteRow = await t.deps.db
      .selectFrom("apps")
      .select("data")
      .where("id", "=", liteApp)
      .executeTakeFirstOrThrow();
    expect(liteRow.data.secrets).toBeUndefined();
  });
});
