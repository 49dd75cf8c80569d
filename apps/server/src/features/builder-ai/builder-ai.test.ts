import { randomUUID } from "node:crypto";
import { planLimits, TOOL_GENERATIONS_LIMIT_MESSAGE, toolSchema } from "@liftoff/domain";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { expectError, uniqueEmail } from "../../testing/expect-error.ts";
import { createFakeOpenAiServer, type FakeOpenAiServer } from "../../testing/fake-openai-server.ts";
import { createTestPlatform, type TestPlatform } from "../../testing/test-platform.ts";

/**
 * POST /api/builder/magicCreate and POST /api/apps/{appId}/tools/generate through the real
 * platform, database and provider code, against the local fake OpenAI-compatible server.
 */
const FIELD = {
  name: "budget",
  label: "Budget",
  type: "select",
  required: true,
  personal: false,
  instructions: "",
  options: ["Low", "Medium", "High"],
};

const TOOL = {
  title: "Trip planner",
  description: "Plans a trip day by day.",
  path: "trip-planner",
  welcomeMessage: "Where to?",
  inputLabel: "Your trip",
  inputPlaceholder: "A week in Lisbon",
  isMultiStepInput: false,
  inputSteps: [],
  fields: [
    {
      name: "destination",
      label: "Destination",
      type: "text",
      required: true,
      personal: false,
      stepId: null,
      instructions: "",
      options: [],
    },
    {
      name: "days",
      label: "Days",
      type: "select",
      required: true,
      personal: false,
      stepId: null,
      instructions: "",
      options: ["3", "7"],
    },
  ],
  gptPrompt: "Plan a trip to [destination] for [days] days.",
  blocks: [
    { id: "plan", kind: "markdown", title: "Plan", instruction: "Day by day." },
    { id: "costs", kind: "table", title: "Costs", instruction: "One row per cost." },
  ],
  ctaMessage: "Need a flight?",
  ctaButton: "Book",
  ctaLink: "",
  examples: ["A week in Lisbon"],
};

const json = (value: unknown) => ({ text: JSON.stringify(value) });

let fake: FakeOpenAiServer;
let t: TestPlatform;
let owner: { token: string; userId: string };
let stranger: { token: string; userId: string };

async function signUp(label: string) {
  const session = await t.signUp(uniqueEmail("builder-ai", label));
  return { token: session.token, userId: session.user.id };
}

async function accountOf(userId: string) {
  return t.deps.db
    .selectFrom("accounts")
    .select(["id", "appGenerationsUsed"])
    .where("userId", "=", userId)
    .executeTakeFirstOrThrow();
}

/** Generated apps and single tools cannot be created through the API yet: written straight to the database. */
async function insertApp(
  userId: string,
  kind: "generated" | "tool" | "space",
  data: Record<string, unknown> = {},
) {
  const { id: accountId } = await accountOf(userId);
  const id = randomUUID();
  await t.deps.db
    .insertInto("apps")
    .values({ id, accountId, kind, name: `A ${kind}`, slug: `a-${id}`, data: JSON.stringify(data) })
    .execute();
  return id;
}

beforeAll(async () => {
  fake = await createFakeOpenAiServer();
  t = await createTestPlatform({
    AI_PROVIDER: "openai-compatible",
    AI_BASE_URL: fake.baseURL,
    AI_API_KEY: "sk-test",
    AI_MODEL: "fake-builder",
    AI_MAX_RETRIES: "0",
  });
  owner = await signUp("owner");
  stranger = await signUp("stranger");
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
beforeEach(() => {
  fake.reset();
});

describe("POST /api/builder/magicCreate", () => {
  // null: anonymous (undefined would take the default).
  const magic = (body: unknown, token: string | null = owner.token) =>
    t.request<any>("POST", "/api/builder/magicCreate", { token: token ?? undefined, body });
  const BODY = { input: "How much the trip may cost", magicType: "field", prompt: "Plan a trip to [city]." };

  it("makes a field from one sentence, asking the model with the tool's instructions", async () => {
    fake.enqueue(json(FIELD));
    const res = await magic(BODY);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      result: {
        name: "budget",
        label: "Budget",
        type: "select",
        required: true,
        personal: false,
        memorize: false,
        stepId: null,
        instructions: "",
        options: [
          { label: "Low", iconUrl: "" },
          { label: "Medium", iconUrl: "" },
          { label: "High", iconUrl: "" },
        ],
        filterCondition: "",
        toolId: null,
      },
    });
    const [request] = fake.completionRequests();
    expect(request?.body).toMatchObject({ model: "fake-builder", response_format: { type: "json_object" } });
    const [system, user] = request?.body.messages ?? [];
    expect(system.content).toContain('{"name":"<field name>"');
    // A lite builder is not offered photo fields, nor anyone the tool item field.
    expect(system.content).not.toContain("- photo:");
    expect(system.content).not.toContain("tool_item_select");
    expect(user.content).toContain("Field to add: How much the trip may cost");
    expect(user.content).toContain("Plan a trip to [city].");
  });

  it("answers 422 with the spec's message when the answer has no usable name", async () => {
    fake.enqueue(json({ ...FIELD, name: "" }));
    const res = await magic(BODY);
    expectError(res, 422, "UNPROCESSABLE", "Magic edit failed, try again using a different field name");
    fake.enqueue(json({ label: "Budget", type: "text" }), json({ ...FIELD, name: "input" }));
    expect((await magic(BODY)).body.error.message).toBe(
      "Magic edit failed, try again using a different field name",
    );
    expect((await magic(BODY)).body.error.message).toBe(
      "Magic edit failed, try again using a different field name",
    );
  });

  it("answers 422 'Failed creating the field' to garbage, never a 500", async () => {
    fake.enqueue({ text: "Sure! A budget field would be great." }, json(["budget"]), { text: "" });
    for (let i = 0; i < 3; i++) {
      const res = await magic(BODY);
      expectError(res, 422, "UNPROCESSABLE", "Failed creating the field");
    }
    // A fenced answer is still read.
    fake.enqueue({ text: `Here it is:\n\`\`\`json\n${JSON.stringify(FIELD)}\n\`\`\`` });
    expect((await magic(BODY)).body.result.name).toBe("budget");
  });

  it("answers 503 'Magic edit failed' when the provider fails", async () => {
    fake.enqueue({ status: 500, message: "upstream exploded" });
    const res = await magic(BODY);
    expectError(res, 503, "SERVICE_UNAVAILABLE", "Magic edit failed");
    expect(res.body.error.details).toEqual({ reason: "provider_error", providerStatus: 500 });
    fake.enqueue({ status: 429, message: "slow down" });
    const limited = await magic(BODY);
    expectError(limited, 503, "SERVICE_UNAVAILABLE", "Magic edit failed");
    expect(limited.body.error.details).toMatchObject({ reason: "rate_limited" });
    expect(JSON.stringify(limited.body)).not.toContain("slow down");
  });

  it("checks the caller and the body before calling the model", async () => {
    expectError(await magic({ magicType: "nope" }, null), 401, "UNAUTHORIZED", "Please log in to continue");
    for (const body of [
      { ...BODY, input: "" },
      { ...BODY, input: "   " },
      { ...BODY, input: "x".repeat(501) },
      { ...BODY, magicType: "tool" },
      { ...BODY, prompt: "x".repeat(20_001) },
      { magicType: "field" },
    ])
      expect((await magic(body)).status, JSON.stringify(body).slice(0, 80)).toBe(400);
    // Someone else's app is not found.
    const theirs = await insertApp(stranger.userId, "generated");
    expectError(await magic({ ...BODY, appId: theirs }), 404, "NOT_FOUND", "App not found");
    expect(fake.completionRequests()).toHaveLength(0);
    // One's own app is fine.
    const mine = await insertApp(owner.userId, "generated");
    fake.enqueue(json(FIELD));
    expect((await magic({ ...BODY, appId: mine })).status).toBe(200);
  });
});

describe("POST /api/apps/{appId}/tools/generate", () => {
  const generate = (
    appId: string,
    body: unknown = { description: "A trip planner" },
    token: string | null = owner.token,
  ) => t.request<any>("POST", `/api/apps/${appId}/tools/generate`, { token: token ?? undefined, body });

  it("writes a whole draft tool with a free path and counts one generation", async () => {
    const user = await signUp("generator");
    const appId = await insertApp(user.userId, "generated", {
      savedApp: {
        appBuilderVersion: 4,
        tools: [{ toolId: "tool-1", title: "Existing", path: "trip-planner", status: "active" }],
      },
    });
    fake.enqueue(json({ ...TOOL, status: "active", isProTool: true }));
    const res = await generate(appId, { description: "Plans trips day by day" }, user.token);
    expect(res.status).toBe(200);
    const tool = toolSchema.parse(res.body.tool);
    expect(tool).toMatchObject({
      title: "Trip planner",
      path: "trip-planner-2",
      status: "draft",
      isProTool: false,
      creditsPerRun: 1,
      gptPrompt: "Plan a trip to [destination] for [days] days.",
      examples: ["A week in Lisbon"],
      ctaButton: "Book",
    });
    expect(tool.toolId).not.toBe("tool-1");
    expect(tool.fields.map((f) => f.name)).toEqual(["destination", "days"]);
    expect(tool.blocks.map((b) => [b.kind, b.instruction])).toEqual([
      ["markdown", "Day by day."],
      ["table", "One row per cost."],
    ]);

    const [request] = fake.completionRequests();
    expect(request?.body.messages[0].content).toContain("gptPrompt");
    expect(request?.body.messages[1].content).toBe("Tool to create: Plans trips day by day");
    expect((await accountOf(user.userId)).appGenerationsUsed).toBe(1);
    const account = await t.request<any>("GET", "/api/account/current", { token: user.token });
    expect(account.body).toMatchObject({
      appGenerationsUsed: 1,
      appGenerationsTotal: planLimits(null).appGenerationsTotal,
    });
  });

  it("writes the one tool of a single tool without a saved document yet", async () => {
    const user = await signUp("single");
    const appId = await insertApp(user.userId, "tool");
    fake.enqueue(json(TOOL));
    const res = await generate(appId, undefined, user.token);
    expect(res.status).toBe(200);
    expect(res.body.tool).toMatchObject({ toolId: "tool-1", path: "trip-planner", status: "draft" });
  });

  it("checks the caller, the body and the app before calling the model", async () => {
    const mine = await insertApp(owner.userId, "generated");
    expectError(
      await generate(mine, { description: 3 }, null),
      401,
      "UNAUTHORIZED",
      "Please log in to continue",
    );
    for (const body of [
      {},
      { description: "" },
      { description: "  " },
      { description: "x".repeat(1_001) },
      { description: 3 },
    ])
      expect((await generate(mine, body)).status, JSON.stringify(body).slice(0, 60)).toBe(400);
    const theirs = await insertApp(stranger.userId, "generated");
    expectError(await generate(theirs), 404, "NOT_FOUND", "App not found");
    expectError(await generate("no-such-app"), 404, "NOT_FOUND", "App not found");
    const space = await insertApp(owner.userId, "space");
    expectError(await generate(space), 400, "BAD_REQUEST", "Only generated apps and single tools have tools");
    expect(fake.completionRequests()).toHaveLength(0);
  });

  it("answers 403 with the upgrade reason once the account's generations are used up", async () => {
    const user = await signUp("limit");
    const appId = await insertApp(user.userId, "generated");
    const total = planLimits(null).appGenerationsTotal;
    const { id } = await accountOf(user.userId);
    await t.deps.db
      .updateTable("accounts")
      .set({ appGenerationsUsed: total - 1 })
      .where("id", "=", id)
      .execute();
    fake.enqueue(json(TOOL));
    expect((await generate(appId, undefined, user.token)).status).toBe(200);
    expect((await accountOf(user.userId)).appGenerationsUsed).toBe(total);

    const res = await generate(appId, undefined, user.token);
    expectError(res, 403, "PLAN_LIMIT", TOOL_GENERATIONS_LIMIT_MESSAGE);
    expect(res.body.error.details).toEqual({ reason: "new_tool_generations_limit", limit: total });
    expect(fake.completionRequests()).toHaveLength(1);
    expect((await accountOf(user.userId)).appGenerationsUsed).toBe(total);
  });

  it("counts the last generation once when two race for it", async () => {
    const user = await signUp("race");
    const appId = await insertApp(user.userId, "generated");
    const total = planLimits(null).appGenerationsTotal;
    const { id } = await accountOf(user.userId);
    await t.deps.db
      .updateTable("accounts")
      .set({ appGenerationsUsed: total - 1 })
      .where("id", "=", id)
      .execute();
    // A slow model: both requests pass the first check before either is counted.
    fake.enqueue({ ...json(TOOL), chunkDelayMs: 400 }, { ...json(TOOL), chunkDelayMs: 400 });
    const answers = await Promise.all([
      generate(appId, undefined, user.token),
      generate(appId, undefined, user.token),
    ]);
    // Both passed the first check and reached the model; only one is counted and answered.
    expect(fake.completionRequests()).toHaveLength(2);
    expect(answers.map((res) => res.status).sort()).toEqual([200, 403]);
    expect(answers.find((res) => res.status === 403)?.body.error.details.reason).toBe(
      "new_tool_generations_limit",
    );
    expect((await accountOf(user.userId)).appGenerationsUsed).toBe(total);
  });

  it("refuses when the app has no room for another tool on the owner's plan", async () => {
    const user = await signUp("full");
    const max = planLimits(null).maxToolsPerApp;
    const tools = Array.from({ length: max }, (_, i) => ({ toolId: `t${i}`, title: `T${i}`, path: `t${i}` }));
    const appId = await insertApp(user.userId, "generated", { savedApp: { appBuilderVersion: 4, tools } });
    const res = await generate(appId, undefined, user.token);
    expect(res.status).toBe(403);
    expect(res.body.error).toMatchObject({ code: "PLAN_LIMIT", details: { reason: "default" } });
    expect(fake.completionRequests()).toHaveLength(0);
  });

  it("handles garbage and provider failures without a 500 and without counting", async () => {
    const user = await signUp("garbage");
    const appId = await insertApp(user.userId, "generated");
    fake.enqueue(
      { text: "I would build a trip planner." },
      json({ title: "", gptPrompt: "" }),
      json({
        ...TOOL,
        fields: "many",
        blocks: { a: 1 },
        examples: 3,
        inputSteps: null,
        ctaLink: "javascript:alert(1)",
      }),
      { status: 500, message: "down" },
    );
    for (const reason of ["invalid_output", "invalid_output"]) {
      const res = await generate(appId, undefined, user.token);
      expect(res.status).toBe(503);
      expect(res.body.error.details.reason).toBe(reason);
    }
    // Wrong types are read loosely: still a valid tool.
    const loose = await generate(appId, undefined, user.token);
    expect(loose.status).toBe(200);
    expect(loose.body.tool).toMatchObject({ fields: [], blocks: [], examples: [], ctaLink: "" });
    const down = await generate(appId, undefined, user.token);
    expect(down.status).toBe(503);
    expect(down.body.error.details).toEqual({ reason: "provider_error", providerStatus: 500 });
    expect((await accountOf(user.userId)).appGenerationsUsed).toBe(1);
  });
});

describe("without a model", () => {
  let bare: TestPlatform;
  beforeAll(async () => {
    bare = await createTestPlatform();
  });
  afterAll(() => bare?.close());

  it("answers both routes 503 saying which variables to set, counting nothing", async () => {
    const session = await bare.signUp("nomodel@liftoff.test");
    const account = await bare.deps.db
      .selectFrom("accounts")
      .select("id")
      .where("userId", "=", session.user.id)
      .executeTakeFirstOrThrow();
    const appId = randomUUID();
    await bare.deps.db
      .insertInto("apps")
      .values({
        id: appId,
        accountId: account.id,
        kind: "generated",
        name: "G",
        slug: `g-${appId}`,
        data: "{}",
      })
      .execute();
    for (const [path, body] of [
      ["/api/builder/magicCreate", { input: "A budget", magicType: "field" }],
      [`/api/apps/${appId}/tools/generate`, { description: "A trip planner" }],
    ] as const) {
      const res = await bare.request<any>("POST", path, { token: session.token, body });
      expect(res.status).toBe(503);
      expect(res.body.error.message).toContain("No AI model is configured");
      expect(res.body.error.details).toEqual({ reason: "ai_not_configured" });
    }
    const after = await bare.deps.db
      .selectFrom("accounts")
      .select("appGenerationsUsed")
      .where("id", "=", account.id)
      .executeTakeFirstOrThrow();
    expect(after.appGenerationsUsed).toBe(0);
  });
});
