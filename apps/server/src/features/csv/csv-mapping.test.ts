import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createFakeOpenAiServer, type FakeOpenAiServer } from "../../testing/fake-openai-server.ts";
import { createTestPlatform, type TestPlatform } from "../../testing/test-platform.ts";

/**
 * POST /api/csv/generateMapping through the real platform and the real provider code,
 * against the local fake OpenAI-compatible server.
 */
const SCHEMA = {
  name: "Contact",
  type: "object",
  properties: {
    name: { type: "string" },
    email: { type: "string", format: "email" },
    age: { type: "integer" },
    tags: { type: "array", items: { type: "string" } },
    address: { type: "object", properties: { city: { type: "string" } } },
    extra: { type: "object" },
  },
  required: ["name"],
};

const BODY = {
  headers: ["Full name", "E-mail", "Age", "City", "Labels", "Notes"],
  previewData: [
    ["Ada Lovelace", "ada@example.com", "36", "London", "math, poetry", "first programmer"],
    ["Alan Turing", "alan@example.com", "41", "Wilmslow", "math", ""],
  ],
  schema: SCHEMA,
  entityName: "Contact",
};

const answer = (mappings: unknown[]) => ({ text: JSON.stringify({ mappings }) });

let fake: FakeOpenAiServer;
let t: TestPlatform;
let token: string;

beforeAll(async () => {
  fake = await createFakeOpenAiServer();
  t = await createTestPlatform({
    AI_PROVIDER: "openai-compatible",
    AI_BASE_URL: fake.baseURL,
    AI_API_KEY: "sk-test",
    AI_MODEL: "fake-mapper",
    AI_MAX_RETRIES: "0",
  });
  token = (await t.signUp("mapper@liftoff.test")).token;
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
beforeEach(() => {
  fake.requests.length = 0;
});

const generate = (body: unknown = BODY) =>
  t.request<any>("POST", "/api/csv/generateMapping", { token, body });

describe("POST /api/csv/generateMapping with a model", () => {
  it("asks the model with the headers, preview rows and schema, and answers its mapping", async () => {
    fake.enqueue(
      answer([
        { csvHeader: "Full name", schemaField: "name", dataType: "text" },
        { csvHeader: "E-mail", schemaField: "email", dataType: "text" },
        { csvHeader: "Age", schemaField: "age", dataType: "number" },
        { csvHeader: "City", schemaField: "address.city", dataType: "text" },
        { csvHeader: "Labels", schemaField: "tags", dataType: "multiselect" },
        { csvHeader: "Notes", schemaField: "extra.notes", dataType: "text" },
      ]),
    );
    const res = await generate();
    expect(res.status).toBe(200);
    expect(res.body.mappings).toEqual([
      { csvHeader: "Full name", schemaField: "name", dataType: "text" },
      { csvHeader: "E-mail", schemaField: "email", dataType: "text" },
      { csvHeader: "Age", schemaField: "age", dataType: "number" },
      { csvHeader: "City", schemaField: "address.city", dataType: "text" },
      { csvHeader: "Labels", schemaField: "tags", dataType: "multiselect" },
      // Inside a free-form object any key may go.
      { csvHeader: "Notes", schemaField: "extra.notes", dataType: "text" },
    ]);

    const [request] = fake.completionRequests();
    expect(request?.headers.authorization).toBe("Bearer sk-test");
    expect(request?.body).toMatchObject({ model: "fake-mapper", temperature: 0 });
    expect(request?.body.stream).not.toBe(true);
    expect(request?.body.response_format).toEqual({ type: "json_object" });
    const system = request?.body.messages[0];
    expect(system.role).toBe("system");
    expect(system.content).toContain('{"mappings":[{"csvHeader"');
    const user = request?.body.messages[1].content as string;
    expect(user).toContain("Entity: Contact");
    expect(user).toContain(JSON.stringify(BODY.headers));
    expect(user).toContain('"Full name":"Ada Lovelace"');
    expect(user).toContain('"Labels":"math"');
    expect(user).toContain('"city":{"type":"string"}');
  });

  it("keeps one item per header and only fields the schema can hold", async () => {
    fake.enqueue(
      answer([
        { csvHeader: "Age", schemaField: "age", dataType: "weird" },
        { csvHeader: "Full name", schemaField: "fullName", dataType: "text" },
        { csvHeader: "e-mail", schemaField: "email", dataType: "text" },
        { csvHeader: "E-mail", schemaField: "name", dataType: "text" },
        { csvHeader: "City", schemaField: "address.zip", dataType: "text" },
        { csvHeader: "Labels", schemaField: "age", dataType: "number" },
        { csvHeader: "Not in file", schemaField: "name", dataType: "text" },
        { csvHeader: "Notes", schemaField: "__proto__.polluted", dataType: "text" },
      ]),
    );
    const res = await generate();
    expect(res.status).toBe(200);
    expect(res.body.mappings).toEqual([
      { csvHeader: "Full name", schemaField: null, dataType: "text" },
      // An exact header match wins over a case-insensitive one.
      { csvHeader: "E-mail", schemaField: "name", dataType: "text" },
      // A data type outside the grid's types is replaced by the field's own.
      { csvHeader: "Age", schemaField: "age", dataType: "number" },
      { csvHeader: "City", schemaField: null, dataType: "text" },
      // 'age' was taken by an earlier column.
      { csvHeader: "Labels", schemaField: null, dataType: "number" },
      { csvHeader: "Notes", schemaField: null, dataType: "text" },
    ]);
  });

  it("takes the JSON out of a fenced answer", async () => {
    fake.enqueue({
      text: 'Here you go:\n```json\n{"mappings":[{"csvHeader":"Full name","schemaField":"name","dataType":"text"}]}\n```',
    });
    const res = await generate();
    expect(res.status).toBe(200);
    expect(res.body.mappings[0]).toEqual({ csvHeader: "Full name", schemaField: "name", dataType: "text" });
    expect(res.body.mappings).toHaveLength(6);
  });

  it("answers 503 when the model's output is not the mapping", async () => {
    fake.enqueue({ text: "I think Full name goes to name." });
    const res = await generate();
    expect(res.status).toBe(503);
    expect(res.body.error).toMatchObject({
      code: "SERVICE_UNAVAILABLE",
      message: "The AI model gave an answer that could not be used for the CSV column mapping.",
      details: { reason: "invalid_output" },
    });
    fake.enqueue({ text: '{"mappings": "none"}' });
    expect((await generate()).body.error.details.reason).toBe("invalid_output");
  });

  it("answers 503 with the rate-limit message on the provider's 429", async () => {
    fake.enqueue({ status: 429, message: "Too many requests" });
    const res = await generate();
    expect(res.status).toBe(503);
    expect(res.body.error).toMatchObject({
      message: "Rate limit exceeded. Please try again later.",
      details: { reason: "rate_limited", providerStatus: 429 },
    });
    // The provider's own text stays in the server log.
    expect(JSON.stringify(res.body)).not.toContain("Too many requests");
  });

  it("answers 503 on the provider's 500", async () => {
    fake.enqueue({ status: 500, message: "upstream exploded" });
    const res = await generate();
    expect(res.status).toBe(503);
    expect(res.body.error).toMatchObject({ details: { reason: "provider_error", providerStatus: 500 } });
    expect(res.body.error.message).toContain("HTTP 500");
  });

  it("validates the request before calling the model", async () => {
    expect((await t.request("POST", "/api/csv/generateMapping", { body: BODY })).status).toBe(401);
    expect((await generate({ ...BODY, headers: [] })).status).toBe(400);
    expect((await generate({ ...BODY, previewData: Array(6).fill(["x"]) })).status).toBe(400);
    expect(fake.completionRequests()).toHaveLength(0);
  });
});

describe("POST /api/csv/generateMapping without a model", () => {
  let bare: TestPlatform;
  beforeAll(async () => {
    bare = await createTestPlatform();
  });
  afterAll(() => bare?.close());

  it("answers 503 saying which variables to set", async () => {
    const { token: owner } = await bare.signUp("nomodel@liftoff.test");
    const res = await bare.request<any>("POST", "/api/csv/generateMapping", { token: owner, body: BODY });
    expect(res.status).toBe(503);
    expect(res.body.error.message).toContain("No AI model is configured");
    expect(res.body.error.message).toContain("AI_PROVIDER");
    expect(res.body.error.details).toEqual({ reason: "ai_not_configured" });
  });
});
