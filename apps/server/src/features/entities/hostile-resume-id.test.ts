import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uniqueEmail } from "../../testing/expect-error.ts";
import { createTestPlatform, type TestPlatform } from "../../testing/test-platform.ts";

/**
 * Issue 12, item 2: an anonymous SSE subscribe with a resume id beyond int8 left a
 * subscription whose next change rejected outside any handler, and Node exited. Every SSE
 * route gets hostile resume ids (as `Last-Event-ID` and as `?lastEventId=`), then a row is
 * written: each hostile id is a clear 400, the server still answers, and a healthy
 * subscriber still gets the event. (Vitest fails the run on an unhandled rejection, which
 * is how the crash showed here before the fix.)
 */

const TASK = {
  name: "Task",
  type: "object",
  properties: { title: { type: "string" } },
  required: ["title"],
  permissions: { read: "all", write: "all" },
};

/** Beyond int8, negative, not a number, padded, other digits, hex, exponent, NUL. */
const HOSTILE = [
  "99999999999999999999999999",
  "9223372036854775808",
  "-1",
  "abc",
  " 1",
  "1 ",
  "١٢",
  "0x10",
  "1e3",
  "1.5",
  "+1",
];

type Reader = ReadableStreamDefaultReader<string>;

async function readUntil(reader: Reader, text: { value: string }, needle: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!text.value.includes(needle)) {
    if (Date.now() > deadline) throw new Error(`no ${needle} in ${text.value}`);
    const chunk = await reader.read();
    if (chunk.done) throw new Error(`stream ended before ${needle}: ${text.value}`);
    text.value += chunk.value;
  }
}

describe("hostile SSE resume ids", () => {
  let t: TestPlatform;
  let owner: string;
  let appId: string;
  const routes = () => [
    { label: "runtime", path: `/live_api/apps/${appId}/entities/Task/subscribe`, token: undefined },
    { label: "builder grid", path: `/api/apps/${appId}/entities/Task/records/subscribe`, token: owner },
  ];

  /** The answer's status and JSON body; a stream (the failure: it would never end) is cancelled. */
  async function answer(path: string, headers: Record<string, string>) {
    const res = await t.app.request(path, { headers });
    if (res.headers.get("content-type")?.includes("text/event-stream")) {
      await res.body?.cancel();
      return { status: res.status, body: { error: { code: "", message: "a stream" } } };
    }
    return { status: res.status, body: (await res.json()) as { error: { code: string; message: string } } };
  }

  beforeAll(async () => {
    t = await createTestPlatform();
    owner = (await t.signUp(uniqueEmail("resume", "owner"))).token;
    appId = (
      await t.request<{ id: string }>("POST", "/api/apps", {
        token: owner,
        body: { appType: "space", name: "Resume" },
      })
    ).body.id;
    expect(
      (await t.request("PUT", `/api/apps/${appId}/entities/Task`, { token: owner, body: TASK })).status,
    ).toBe(200);
    expect(
      (await t.request("POST", `/live_api/apps/${appId}/entities/Task`, { body: { title: "first" } })).status,
    ).toBe(201);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("answers 400 to every hostile resume id on every SSE route, and keeps serving everyone else", async () => {
    const healthy = await t.app.request(`/live_api/apps/${appId}/entities/Task/subscribe`);
    expect(healthy.status).toBe(200);
    const reader = healthy.body!.pipeThrough(new TextDecoderStream()).getReader();
    const text = { value: "" };
    await readUntil(reader, text, "event: ready");

    for (const route of routes()) {
      const auth: Record<string, string> = route.token ? { authorization: `Bearer ${route.token}` } : {};
      for (const id of [...HOSTILE, "1\u0000"]) {
        const asQuery = await answer(`${route.path}?lastEventId=${encodeURIComponent(id)}`, auth);
        expect(asQuery.status, `${route.label} ?lastEventId=${JSON.stringify(id)}`).toBe(400);
        expect(asQuery.body.error.code).toMatch(/BAD_REQUEST|VALIDATION_FAILED/);
        // A header is bytes: it cannot carry NUL or non-Latin-1 text at all (fetch and Node's
        // parser refuse them), and HTTP strips the whitespace around a header's value.
        if (!/^[\x21-\x7e]+$/.test(id)) continue;
        const asHeader = await answer(route.path, { ...auth, "last-event-id": id });
        expect(asHeader.status, `${route.label} Last-Event-ID ${JSON.stringify(id)}`).toBe(400);
        expect(asHeader.body.error.message).toMatch(/last-event-id/i);
      }
    }

    // A write after all of that reaches the healthy subscriber, and the server answers.
    const created = await t.request<{ id: string }>("POST", `/live_api/apps/${appId}/entities/Task`, {
      body: { title: "after the hostile ids" },
    });
    expect(created.status).toBe(201);
    await readUntil(reader, text, created.body.id);
    await reader.cancel();
    expect((await t.request("GET", "/api/health")).status).toBe(200);
  });

  it("still resumes from the largest valid id and treats an empty id as no resume", async () => {
    for (const route of routes()) {
      const auth: Record<string, string> = route.token ? { authorization: `Bearer ${route.token}` } : {};
      const cases: Record<string, string>[] = [
        { "last-event-id": "9223372036854775807" },
        { "last-event-id": "" },
        {},
      ];
      for (const headers of cases) {
        const res = await t.app.request(route.path, { headers: { ...auth, ...headers } });
        expect(res.status, `${route.label} ${JSON.stringify(headers)}`).toBe(200);
        const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
        const text = { value: "" };
        await readUntil(reader, text, "event: ready");
        const created = await t.request<{ id: string }>("POST", `/live_api/apps/${appId}/entities/Task`, {
          body: { title: "later" },
        });
        expect(created.status).toBe(201);
        if (headers["last-event-id"] === "9223372036854775807") {
          // Resuming from the end of time: nothing is replayed, nothing fails.
          expect(text.value).toContain('"cursor":"9223372036854775807"');
        } else {
          await readUntil(reader, text, created.body.id);
        }
        await reader.cancel();
      }
    }
    expect((await t.request("GET", "/api/health")).status).toBe(200);
  });
});
