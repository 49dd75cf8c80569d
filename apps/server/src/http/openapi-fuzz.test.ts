import { JSON_MAX_DEPTH } from "@liftoff/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignupApp, signUpEndUser } from "../testing/app-user-test-setup.ts";
import { uniqueEmail } from "../testing/expect-error.ts";
import { type FakeNotionServer, startFakeNotionServer } from "../testing/fake-notion-server.ts";
import { createTestPlatform, TEST_ADMIN_EMAIL, type TestPlatform } from "../testing/test-platform.ts";

/**
 * The generic defence of issue 12: every operation of /api/openapi.json, in every auth
 * context (anonymous, an app API key, a builder, a builder of another tenant, an end user's
 * app token, a forged app token, the platform admin), gets hostile values in each path parameter, each query parameter, each
 * body property and as the whole body — NUL, unpaired surrogates, JSON nested thousands
 * deep, huge numbers, huge strings, wrong types, missing fields. No answer may be a 5xx
 * (503 "not configured" aside: no AI model is set up here), no request may hang, and
 * Vitest fails the file on an unhandled rejection (the process would have exited). Routes
 * that need a session answer an anonymous caller 401 whatever the input (item 13).
 *
 * Deterministic: the same fixed lists every run; 1.5 minutes on the 2-core machine.
 */

type Schema = {
  type?: string | string[];
  enum?: unknown[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  minimum?: number;
  minLength?: number;
  format?: string;
  $ref?: string;
};
type Parameter = { name: string; in: "path" | "query" | "header" | "cookie"; schema?: Schema };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  security?: unknown[];
};
type Doc = { paths: Record<string, Record<string, Operation>> };
type Context = { label: string; headers: Record<string, string>; anonymous: boolean };
type Failure = { context: string; method: string; path: string; status: number | string; body: string };

const REQUEST_TIMEOUT_MS = 15_000;
const deepArray = (levels: number) => `${"[".repeat(levels)}${"]".repeat(levels)}`;

/** Hostile text for paths and queries (encoded with encodeURIComponent when sent). */
const HOSTILE_TEXT = [
  "a\u0000b",
  "\ud800",
  "",
  "../../../etc/passwd",
  "-1",
  "1e309",
  "99999999999999999999999999",
  '{"$where":"1"}',
  "\u202e😀",
  "x".repeat(5_000),
];
/** Hostile JSON values for a body property (and for the whole body). */
const HOSTILE_VALUES: unknown[] = [
  null,
  true,
  -1,
  1e308,
  Number.MAX_SAFE_INTEGER * 2,
  "\u0000",
  "\ud800",
  "x".repeat(50_000),
  [null, "\u0000"],
  { "\u0000": 1 },
  { __proto__: { polluted: true }, constructor: { prototype: { polluted: true } } },
];
/** For each body property (the list above is for whole bodies): fewer, to stay within time. */
const HOSTILE_PROPERTY_VALUES: unknown[] = [
  null,
  1e308,
  "\u0000",
  "\ud800",
  "x".repeat(20_000),
  { "\u0000": 1 },
];
/** Whole bodies as raw text. */
const HOSTILE_BODIES = [
  "",
  "{",
  "null",
  "[]",
  '"text"',
  "12",
  deepArray(JSON_MAX_DEPTH + 1),
  deepArray(100_000),
  `{"a":${deepArray(5_000)}}`,
  '{"a":"\\u0000"}',
  '{"\\ud800":"x"}',
];

describe("OpenAPI fuzz: no 5xx, no crash, in every auth context", () => {
  let t: TestPlatform;
  let notion: FakeNotionServer;
  let doc: Doc;
  let contexts: Context[];
  const valid: Record<string, string> = {};
  let savedAppId = "";
  let contextItemId = "";

  beforeAll(async () => {
    // The notes-workspace connector configured (against the fake Notion), so its routes are
    // reached past "not configured": connect, callback, files, disconnect.
    notion = await startFakeNotionServer();
    t = await createTestPlatform(notion.env);
    const admin = await t.signUp(TEST_ADMIN_EMAIL);
    const a = await t.signUp(uniqueEmail("fuzz", "a"));
    const b = await t.signUp(uniqueEmail("fuzz", "b"));
    const appId = await createSignupApp(t, a.token, { name: "Fuzz A" });
    await createSignupApp(t, b.token, { name: "Fuzz B" });
    const schema = {
      name: "Task",
      type: "object",
      properties: { title: { type: "string" }, n: { type: "number" } },
      permissions: { read: "all", write: "all" },
    };
    const saved = await t.request("PUT", `/api/apps/${appId}/entities/Task`, {
      token: a.token,
      body: schema,
    });
    expect(saved.status).toBe(200);
    const row = await t.request<{ id: string }>("POST", `/live_api/apps/${appId}/entities/Task`, {
      token: a.token,
      body: { title: "row" },
    });
    expect(row.status).toBe(201);
    const endUser = await signUpEndUser(t, appId, uniqueEmail("fuzz", "end-user"));
    // A single tool, so the routes of generated apps and tools reach their handlers.
    const tool = await t.request<{ id: string }>("POST", "/api/apps", {
      token: a.token,
      body: { appType: "tool", name: "Fuzz tool" },
    });
    expect(tool.status).toBe(201);
    savedAppId = tool.body.id;
    // Published with its tool active, so the run routes reach their handlers too.
    const toolDoc = await t.request<any>("GET", `/api/apps/${savedAppId}/saved-app`, { token: a.token });
    const runnable = toolDoc.body.app;
    runnable.tools[0] = {
      ...runnable.tools[0],
      status: "active",
      title: "Fuzz",
      gptPrompt: "Answer [input]",
    };
    const toolSaved = await t.request("POST", "/api/apps", {
      token: a.token,
      body: { appId: savedAppId, appType: "tool", appBuilderVersion: 4, app: runnable },
    });
    expect(toolSaved.status).toBe(200);
    expect((await t.request("POST", `/api/apps/${savedAppId}/publish`, { token: a.token })).status).toBe(200);
    const toolId = runnable.tools[0].toolId as string;
    // A data source of the single tool, so the data-source routes get past their first check.
    const contextItem = await t.request<{ contextItems: { id: string }[] }>(
      "POST",
      `/api/context/ingest/text?appId=${savedAppId}`,
      { token: a.token, body: { context: "Fuzzing notes: the lighthouse opens at nine." } },
    );
    expect(contextItem.status).toBe(201);
    contextItemId = contextItem.body.contextItems[0]!.id;
    // App API keys: one runs the single tool through the Run API (its own context below),
    // another is the `keyId` the key routes get (the builder may revoke it while fuzzed).
    const runKey = await t.request<{ secret: string }>("POST", `/api/apps/${savedAppId}/api-keys`, {
      token: a.token,
      body: { name: "Fuzz run key" },
    });
    expect(runKey.status).toBe(201);
    const revocable = await t.request<{ key: { id: string } }>("POST", `/api/apps/${appId}/api-keys`, {
      token: a.token,
      body: { name: "Fuzz key" },
    });
    expect(revocable.status).toBe(201);
    const app = await t.deps.db
      .selectFrom("apps")
      .select(["draftVersionId"])
      .where("id", "=", appId)
      .executeTakeFirstOrThrow();
    Object.assign(valid, {
      appId,
      entity: "Task",
      Entity: "Task",
      id: row.body.id,
      versionId: app.draftVersionId ?? "v",
      messageId: "00000000-0000-4000-8000-000000000000",
      userId: a.user.id,
      provider: "google",
      endpoint: "UploadFile",
      name: "file.png",
      number: "1",
      toolId,
      runId: "00000000-0000-4000-8000-000000000001",
      keyId: revocable.body.key.id,
    });
    contexts = [
      { label: "anonymous", headers: {}, anonymous: true },
      // The Run API's own credential (only its routes read it), ahead of the builder who
      // may revoke keys.
      { label: "app API key", headers: { authorization: `Bearer ${runKey.body.secret}` }, anonymous: false },
      { label: "builder", headers: { authorization: `Bearer ${a.token}` }, anonymous: false },
      { label: "other tenant", headers: { authorization: `Bearer ${b.token}` }, anonymous: false },
      { label: "end user", headers: { authorization: `Bearer ${endUser.token}` }, anonymous: false },
      { label: "admin", headers: { authorization: `Bearer ${admin.token}` }, anonymous: false },
      // An unsigned token claiming to be the owner as the app's admin: it must count for
      // nobody, so it meets the anonymous rule (401 where a session is needed).
      {
        label: "forged app token",
        headers: { authorization: `Bearer ${forgedAppToken(t.deps.config.publicUrl, appId, a.user.id)}` },
        anonymous: true,
      },
    ];
    doc = (await t.request<Doc>("GET", "/api/openapi.json")).body;
  });
  afterAll(async () => {
    await t?.close();
    await notion?.close();
  });

  // Generous: in CI this file shares the two cores with another integration file.
  it("answers every hostile request without a 5xx", { timeout: 600_000 }, async () => {
    const failures: Failure[] = [];
    const unauthenticated: Failure[] = [];
    let sent = 0;
    const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        path,
        method: method.toUpperCase(),
        operation,
      })),
    );
    expect(operations.length).toBeGreaterThan(60);

    for (const context of contexts) {
      for (const { path, method, operation } of operations) {
        // Logging out would end the context's session for the rest of the run; it takes no input.
        if (path === "/api/session/logout" && !context.anonymous) continue;
        // Elsewhere the admin reaches what the builder reaches (an app admin of every app):
        // the admin context is spent where only it gets past the first check.
        if (context.label === "admin" && !path.startsWith("/api/admin/")) continue;
        // Only the routes for app code read app tokens; elsewhere it is any bearer.
        if (context.label === "forged app token" && !/^\/(live_api|integrations|runtime)\//.test(path))
          continue;
        if (context.label === "app API key" && !path.startsWith("/api/v1/")) continue;
        // Routes only generated apps and single tools have, and a save through POST /api/apps, get the tool's id.
        const values = /^\/api\/(context|tools\/)|\/fields\/\{field\}\/items$/.test(path)
          ? { ...valid, appId: savedAppId, id: contextItemId }
          : /\/(saved-app|style|chat\/activate|tools\/\{toolId\}\/runs|runs)/.test(path)
            ? { ...valid, appId: savedAppId }
            : valid;
        for (const request of hostileRequests(path, method, operation, values)) {
          sent += 1;
          const answer = await send(t, method, request, context.headers);
          const failure = { context: context.label, method, path: request.url.slice(0, 200), ...answer };
          if (typeof answer.status !== "number" || (answer.status >= 500 && !isNotConfigured(answer))) {
            failures.push(failure);
          }
          // Item 13: a route that needs a session says 401 to a stranger whatever the input
          // (the edge's 400 for NUL, surrogates and deep JSON is about no route in particular).
          if (
            context.anonymous &&
            (operation.security?.length ?? 0) > 0 &&
            answer.status !== 401 &&
            !isEdgeRefusal(answer) &&
            !isNoRoute(answer)
          ) {
            unauthenticated.push(failure);
          }
        }
      }
    }
    expect(sent).toBeGreaterThan(10_000);
    expect(failures.slice(0, 20), `${failures.length} failures of ${sent}`).toEqual([]);
    expect(unauthenticated.slice(0, 20), `${unauthenticated.length} of ${sent}`).toEqual([]);
    // Still serving.
    expect((await t.request("GET", "/api/health")).status).toBe(200);
  });
});

/** `lat_` + a JWS with `alg: none`: the claims of a real admin token, without a signature. */
function forgedAppToken(issuer: string, appId: string, userId: string): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const now = Math.floor(Date.now() / 1000);
  const claims = {
    sub: userId,
    aud: appId,
    iss: issuer,
    iat: now,
    exp: now + 3600,
    kind: "admin",
    gen: 0,
  };
  return `lat_${part({ alg: "none", typ: "lat+jwt" })}.${part(claims)}.`;
}

type HostileRequest = { url: string; body?: string; contentType?: string };

/** The requests for one operation: one hostile place each, everything else valid. */
function hostileRequests(
  path: string,
  method: string,
  operation: Operation,
  valid: Record<string, string>,
): HostileRequest[] {
  const params = operation.parameters ?? [];
  const pathParams = params.filter((p) => p.in === "path");
  const queryParams = params.filter((p) => p.in === "query");
  // Query parameters we have a valid value for (an integration's appId) are always sent, so
  // a hostile body or path reaches the handler instead of stopping at "appId is missing".
  const validQuery = queryParams
    .filter((p) => valid[p.name] !== undefined)
    .map((p) => `${encodeURIComponent(p.name)}=${encodeText(valid[p.name] as string)}`);
  const fillPath = (overrides: Record<string, string> = {}) =>
    path.replace(/\{(\w+)\}/g, (_, name: string) => encodeText(overrides[name] ?? valid[name] ?? "x"));
  const fill = (overrides: Record<string, string> = {}) =>
    validQuery.length > 0 ? `${fillPath(overrides)}?${validQuery.join("&")}` : fillPath(overrides);
  const jsonSchema = operation.requestBody?.content?.["application/json"]?.schema;
  const isForm = Boolean(operation.requestBody?.content?.["multipart/form-data"]);
  const validBody = jsonSchema ? JSON.stringify(sample(jsonSchema)) : undefined;
  const withBody = (url: string): HostileRequest =>
    validBody !== undefined ? { url, body: validBody, contentType: "application/json" } : { url };
  const requests: HostileRequest[] = [];

  for (const param of pathParams) {
    for (const text of HOSTILE_TEXT) requests.push(withBody(fill({ [param.name]: text })));
  }
  for (const param of queryParams) {
    for (const text of HOSTILE_TEXT) {
      const others = validQuery.filter((pair) => !pair.startsWith(`${encodeURIComponent(param.name)}=`));
      const query = [...others, `${encodeURIComponent(param.name)}=${encodeText(text)}`].join("&");
      requests.push(withBody(`${fillPath()}?${query}`));
    }
  }
  // Hostile query parameters the operation does not declare, and one repeated.
  requests.push(withBody(`${fillPath()}?${[...validQuery, "%00=1&q=a&q=%00"].join("&")}`));
  if (method !== "GET" && method !== "HEAD") {
    const url = fill();
    for (const body of HOSTILE_BODIES) requests.push({ url, body, contentType: "application/json" });
    for (const value of HOSTILE_VALUES) {
      requests.push({ url, body: JSON.stringify(value), contentType: "application/json" });
    }
    if (jsonSchema) {
      const base = sample(jsonSchema);
      if (base && typeof base === "object" && !Array.isArray(base)) {
        for (const key of Object.keys(resolve(jsonSchema).properties ?? {})) {
          for (const value of HOSTILE_PROPERTY_VALUES) {
            requests.push({
              url,
              body: JSON.stringify({ ...(base as object), [key]: value }),
              contentType: "application/json",
            });
          }
          // Missing: the property left out.
          const { [key]: _left, ...rest } = base as Record<string, unknown>;
          requests.push({ url, body: JSON.stringify(rest), contentType: "application/json" });
        }
      }
    }
    if (isForm) {
      const boundary = "fuzzboundary";
      const part = (name: string, value: string, file?: string) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${file ? `; filename="${file}"` : ""}\r\n\r\n${value}\r\n`;
      for (const [name, value, file] of [
        ["file", "a\u0000b", "x\u0000.csv"],
        ["file", "\ud800", "\ud800.png"],
        ["mapping", deepArray(10_000), undefined],
        ["file", "x".repeat(100_000), "../../x.csv"],
      ] as const) {
        requests.push({
          url,
          body: `${part(name, value, file)}--${boundary}--\r\n`,
          contentType: `multipart/form-data; boundary=${boundary}`,
        });
      }
      requests.push({ url, body: "--x\r\nbroken", contentType: "multipart/form-data; boundary=x" });
    }
  }
  return requests;
}

async function send(
  t: TestPlatform,
  method: string,
  request: HostileRequest,
  headers: Record<string, string>,
): Promise<{ status: number | string; body: string }> {
  const all: Record<string, string> = { ...headers };
  if (request.contentType) all["content-type"] = request.contentType;
  const run = async () => {
    const res = await t.app.request(request.url, { method, headers: all, body: request.body });
    // A stream that opened is an answer: it is not read to its (never coming) end.
    if (res.headers.get("content-type")?.includes("text/event-stream")) {
      await res.body?.cancel();
      return { status: res.status, body: "(event stream)" };
    }
    return { status: res.status, body: (await res.text()).slice(0, 300) };
  };
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<{ status: string; body: string }>((resolve) => {
    timer = setTimeout(() => resolve({ status: "timeout", body: "" }), REQUEST_TIMEOUT_MS);
  });
  try {
    return await Promise.race([run(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * encodeURIComponent, except that an unpaired surrogate (which it refuses) is sent as the
 * three bytes a careless client would write for it (WTF-8, e.g. %ED%A0%80).
 */
function encodeText(text: string): string {
  // With the u flag a paired surrogate is one code point; only an unpaired one is a lone unit.
  return text.replace(/[\uD800-\uDFFF]|[\s\S]/gu, (char) => {
    const code = char.charCodeAt(0);
    if (char.length === 1 && code >= 0xd800 && code <= 0xdfff) {
      return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join("");
    }
    return encodeURIComponent(char);
  });
}

function isNotConfigured(answer: { status: number | string; body: string }): boolean {
  return answer.status === 503 && answer.body.includes('"SERVICE_UNAVAILABLE"');
}

/** A hostile path parameter (empty, "../") that made the URL another route's, or none. */
function isNoRoute(answer: { status: number | string; body: string }): boolean {
  return answer.status === 404 && answer.body.includes("No API route");
}

function isEdgeRefusal(answer: { status: number | string; body: string }): boolean {
  return (
    answer.status === 400 &&
    /NUL character or an unpaired UTF-16 surrogate|not valid percent-encoded|JSON nested deeper/.test(
      answer.body,
    )
  );
}

function resolve(schema: Schema): Schema {
  return schema.anyOf?.[0] ?? schema.oneOf?.[0] ?? schema;
}

/** A plausible valid value for a schema, so that one hostile property is the only fault. */
function sample(input: Schema, depth = 0): unknown {
  const schema = resolve(input);
  if (schema.enum) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type.find((x) => x !== "null") : schema.type;
  switch (type) {
    case "object": {
      if (depth > 4) return {};
      const out: Record<string, unknown> = {};
      for (const key of schema.required ?? []) {
        const property = schema.properties?.[key];
        out[key] = property ? sample(property, depth + 1) : "x";
      }
      return out;
    }
    case "array":
      return [];
    case "integer":
    case "number":
      return schema.minimum ?? 1;
    case "boolean":
      return true;
    case "string":
      if (schema.format === "email") return "fuzz@example.test";
      return "x".repeat(Math.max(1, schema.minLength ?? 1));
    default:
      return "x";
  }
}
