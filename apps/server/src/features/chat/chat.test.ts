import { randomUUID } from "node:crypto";
import {
  CHAT_MESSAGES,
  type ChatMessage,
  type ChatStreamEvent,
  CONTINUE_TRUNCATED_PROMPT,
} from "@liftoff/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError, uniqueEmail } from "../../testing/expect-error.ts";
import { createFakeOpenAiServer, type FakeOpenAiServer } from "../../testing/fake-openai-server.ts";
import { RENAME_TITLE_REPLY, TASK_APP_REPLY } from "../../testing/scripted-app-replies.ts";
import { createTestPlatform, TEST_ADMIN_EMAIL, type TestPlatform } from "../../testing/test-platform.ts";
import { failStaleChatMessages } from "./fail-stale-chat-messages.ts";

/** Reads a chat SSE response to its end: every event, in order. */
async function readEvents(response: Response): Promise<ChatStreamEvent[]> {
  const text = await response.text();
  return text
    .split("\n\n")
    .map((block) => block.split("\n").find((line) => line.startsWith("data:")))
    .filter((line): line is string => Boolean(line))
    .map((line) => JSON.parse(line.slice(5).trim()) as ChatStreamEvent);
}

describe("builder chat", () => {
  let t: TestPlatform;
  let fake: FakeOpenAiServer;
  let owner: string;
  let admin: string;

  beforeAll(async () => {
    fake = await createFakeOpenAiServer({ chunkSize: 17 });
    t = await createTestPlatform({
      AI_PROVIDER: "openai-compatible",
      AI_BASE_URL: fake.baseURL,
      AI_MODEL: "fake-model",
      AI_MAX_RETRIES: "0",
    });
    owner = (await t.signUp(uniqueEmail("chat", "owner"))).token;
    admin = (await t.signUp(TEST_ADMIN_EMAIL)).token;
    // Many space apps below: a plan without an app-count limit in the way.
    await t.deps.db.updateTable("accounts").set({ plan: "galaxy" }).execute();
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  const newApp = async (token = owner) => {
    const res = await t.request<any>("POST", "/api/apps", {
      token,
      body: { appType: "space", name: "Chat app" },
    });
    expect(res.status).toBe(201);
    return res.body.id as string;
  };
  const send = async (appId: string, content: string, token = owner, extra: Record<string, unknown> = {}) => {
    const response = await t.app.request(`/api/apps/${appId}/chat`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ content, ...extra }),
    });
    return response;
  };
  const sendAndWait = async (
    appId: string,
    content: string,
    token = owner,
    extra: Record<string, unknown> = {},
  ) => {
    const response = await send(appId, content, token, extra);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    const events = await readEvents(response);
    const done = events.at(-1);
    if (done?.type !== "done") throw new Error(`stream ended without done: ${JSON.stringify(events.at(-1))}`);
    return { events, message: done.message };
  };
  const history = async (appId: string, token = owner) =>
    (await t.request<any>("GET", `/api/apps/${appId}/chat/messages`, { token })).body as {
      messages: ChatMessage[];
      aiConfigured: boolean;
      usage: { builderChatMessagesUsed: number; builderChatMessagesTotal: number };
    };
  const bundle = async (appId: string) =>
    (await t.request<any>("GET", `/api/apps/${appId}/files`, { token: owner })).body;
  /** A page's content in the files bundle (pages are a list of {id, name, content}). */
  const pageContent = async (appId: string, name: string) =>
    ((await bundle(appId)).pages as { name: string; content: string }[]).find((p) => p.name === name)
      ?.content;

  it("builds an app from one message: files, an entity with permissions, records, one version, validation, usage", async () => {
    const appId = await newApp();
    fake.enqueue({ text: TASK_APP_REPLY, usage: { prompt_tokens: 1200, completion_tokens: 800 } });
    const { events, message } = await sendAndWait(appId, "build a todo app with tasks");

    expect(events[0]?.type).toBe("start");
    expect(events.filter((e) => e.type === "update").length).toBeGreaterThan(3);
    // Actions are seen while they stream: some update shows an action not yet complete.
    expect(events.some((e) => e.type === "update" && e.message.actions.some((a) => !a.complete))).toBe(true);

    expect(message.status).toBe("ready");
    expect(message.actions.map((a) => [a.type, a.file, a.status])).toEqual([
      ["add_entity", "Task", "applied"],
      ["add_file", "layout.jsx", "applied"],
      ["add_file", "pages/Tasks.jsx", "applied"],
      ["insert_entity_records", "Task", "applied"],
    ]);
    expect(message.groups).toEqual([
      { index: 0, title: "Todo app", complete: true, actionIndexes: [0, 1, 2, 3] },
    ]);
    expect(
      message.parts.filter((p) => p.type === "text").map((p) => (p as { text: string }).text.trim()),
    ).toEqual([
      "I'll build a simple todo app with a Task entity and a page to manage tasks.",
      "Your todo app is ready: add tasks on the Tasks page.",
    ]);

    // The page used Input, Button and Plus without importing them: repaired deterministically.
    const validation = message.annotations.validation!;
    expect(validation.initialIssues.map((i) => [i.detectorId, i.fileId])).toEqual([
      ["undefined-component", "pages/Tasks.jsx"],
      ["undefined-component", "pages/Tasks.jsx"],
      ["undefined-component", "pages/Tasks.jsx"],
    ]);
    expect(validation.unresolvedIssues).toEqual([]);
    expect(validation.repairedFiles).toEqual([{ fileId: "pages/Tasks.jsx", issuesFixed: 3 }]);
    expect(message.annotations.versionId).toBe(validation.appBundle.versionId);

    const files = await bundle(appId);
    expect(files.versionId).toBe(message.annotations.versionId);
    // The blank app's starter page made way for the first page the model wrote.
    expect(files.pages.map((p: any) => p.name)).toEqual(["Tasks"]);
    expect(files.pages[0].content).toContain('import { Button } from "@/components/ui/button";');
    expect(files.entities.Task.schema.permissions).toEqual({ read: "creator", write: "creator" });
    const build = await t.request<any>("GET", `/api/apps/${appId}/build`, { token: owner });
    expect(build.body.ok).toBe(true);
    const rows = await t.request<any>("GET", `/api/apps/${appId}/entities/Task/records`, { token: owner });
    expect(rows.body.items.map((r: any) => r.title).sort()).toEqual(["Invite a friend", "Try the new app"]);

    // Usage: tokens from the provider, the model, the finish reason; counted on the account.
    expect(message.annotations.usage).toMatchObject({
      promptTokens: 1200,
      completionTokens: 800,
      totalTokens: 2000,
      modelInfo: { model: "fake-model" },
      finishReason: "stop",
    });
    const h = await history(appId);
    expect(h.messages.map((m) => [m.role, m.status])).toEqual([
      ["user", "ready"],
      ["assistant", "ready"],
    ]);
    expect(h.usage.builderChatMessagesUsed).toBe(1);

    // What the model got: the system prompt's sections plus the app summary, and the message.
    const request = fake.completionRequests().at(-1)!.body;
    expect(request.messages[0].role).toBe("system");
    expect(request.messages[0].content).toContain("<liftoff-action");
    expect(request.messages[0].content).toContain("# The app: Chat app");
    expect(request.tools.map((tool: any) => tool.function.name).sort()).toEqual([
      "list_entities",
      "read_file",
    ]);
    expect(request.temperature).toBe(0.7);
  });

  it("keeps the starter page when the first turn edits it, next to the pages the turn adds", async () => {
    const appId = await newApp();
    fake.enqueue({
      text: [
        "I updated your welcome page and added a menu.",
        "",
        '<liftoff-action type="edit_file" file="pages/Home.jsx" title="Welcome badge">',
        "<<<<<<< SEARCH",
        "          Just launched",
        "=======",
        "          Opening soon",
        ">>>>>>> REPLACE",
        "</liftoff-action>",
        '<liftoff-action type="add_file" file="pages/Menu.jsx" title="Menu page">',
        "export default function Menu() {",
        '  return <h1 className="p-6 text-2xl font-semibold">Menu</h1>;',
        "}",
        "</liftoff-action>",
      ].join("\n"),
    });
    const { message } = await sendAndWait(appId, "say opening soon and add a menu page");
    expect(message.actions.map((a) => a.status)).toEqual(["applied", "applied"]);
    const files = await bundle(appId);
    expect(files.pages.map((p: any) => p.name).sort()).toEqual(["Home", "Menu"]);
    expect(await pageContent(appId, "Home")).toContain("Opening soon");
  });

  it("edits by search/replace, sends only the last 3 messages, and reverts to an earlier version", async () => {
    const appId = await newApp();
    fake.enqueue({ text: TASK_APP_REPLY });
    const first = await sendAndWait(appId, "build a todo app with tasks");
    fake.enqueue({ text: RENAME_TITLE_REPLY });
    const second = await sendAndWait(appId, "call it Team tasks");
    expect(second.message.actions.map((a) => a.status)).toEqual(["applied"]);
    expect(await pageContent(appId, "Tasks")).toContain("Team tasks");

    // Four earlier messages exist; the model saw the last three (assistant, user, … ) only.
    const sent = fake
      .completionRequests()
      .at(-1)!
      .body.messages.filter((m: any) => m.role !== "system");
    expect(sent.map((m: any) => m.role)).toEqual(["user", "assistant", "user"]);
    expect(sent.at(-1).content).toBe("call it Team tasks");

    // Revert the second turn: back to the first turn's version, the message text returned.
    const messages = (await history(appId)).messages;
    const userMessage = messages[2]!;
    expect(userMessage.annotations.versionId).toBe(first.message.annotations.versionId);
    const res = await t.request<any>(
      "POST",
      `/api/apps/${appId}/versions/${userMessage.annotations.versionId}/restore`,
      { token: owner, body: { messageId: userMessage.id } },
    );
    expect(res.status).toBe(200);
    expect(res.body.restoredText).toBe("call it Team tasks");
    expect(res.body.removedMessageIds).toEqual([messages[2]!.id, messages[3]!.id]);
    const after = await bundle(appId);
    expect(after.versionId).toBe(res.body.versionId);
    expect(after.pages[0].content).toContain("My tasks");
    expect((await history(appId)).messages).toHaveLength(2);
    // Records are data, not code: a revert keeps them.
    const rows = await t.request<any>("GET", `/api/apps/${appId}/entities/Task/records`, { token: owner });
    expect(rows.body.items).toHaveLength(2);
  });

  it("a search that matches nothing asks the model once for the whole file", async () => {
    const appId = await newApp();
    fake.enqueue({ text: TASK_APP_REPLY });
    await sendAndWait(appId, "build a todo app");
    const bad = RENAME_TITLE_REPLY.replace("My tasks</h1>", "Your chores</h1>");
    const whole = (await pageContent(appId, "Tasks"))!.replace("My tasks", "Fixed by whole file");
    fake.enqueue({ text: bad }, { text: whole });
    const { message } = await sendAndWait(appId, "rename it");
    expect(message.actions.map((a) => a.status)).toEqual(["applied"]);
    expect(await pageContent(appId, "Tasks")).toContain("Fixed by whole file");
    const retry = fake.completionRequests().at(-1)!.body;
    expect(JSON.stringify(retry.messages)).toContain("could not be applied");
  });

  it("a reply cut off by the token limit is marked truncated, and 'Let's keep going' completes the action", async () => {
    const appId = await newApp();
    const cut = TASK_APP_REPLY.slice(0, TASK_APP_REPLY.indexOf("const [title, setTitle]"));
    fake.enqueue({ text: cut, finishReason: "length" });
    const { message } = await sendAndWait(appId, "build a todo app");
    expect(message.status).toBe("ready");
    expect(message.annotations.truncated).toBe(true);
    const page = message.actions.find((a) => a.file === "pages/Tasks.jsx")!;
    expect([page.complete, page.truncated, page.status]).toEqual([false, true, "failed"]);
    expect(message.actions.find((a) => a.file === "layout.jsx")?.status).toBe("applied");
    expect(await pageContent(appId, "Tasks")).toBeUndefined();

    const rest = TASK_APP_REPLY.slice(
      TASK_APP_REPLY.indexOf('<liftoff-action type="add_file" file="pages/Tasks.jsx"'),
    );
    fake.enqueue({ text: `Continuing.\n${rest}` });
    const next = await sendAndWait(appId, CONTINUE_TRUNCATED_PROMPT);
    expect(next.message.actions.map((a) => [a.file, a.status])).toEqual([
      ["pages/Tasks.jsx", "applied"],
      ["Task", "applied"], // the entity came with the first, cut-off turn
    ]);
    expect(await pageContent(appId, "Tasks")).toContain("My tasks");
  });

  it("reasoning streams into a reasoning part; tool calls are steps and are recorded", async () => {
    const appId = await newApp();
    fake.enqueue(
      { toolCalls: [{ name: "list_entities", arguments: {} }] },
      {
        reasoning: "The user wants a greeting page.",
        text: 'Done.\n<liftoff-action type="add_file" file="pages/Home.jsx">export default function Home() { return <p>Hi</p>; }\n</liftoff-action>',
      },
    );
    const { message } = await sendAndWait(appId, "make a home page");
    expect(message.parts[0]).toEqual({ type: "reasoning", text: "The user wants a greeting page." });
    expect(message.toolInvocations.map((i) => [i.toolName, i.state])).toEqual([["list_entities", "result"]]);
    expect(message.actions[0]?.status).toBe("applied");
  });

  it("provider errors fail the message with the spec's texts; details only for admins", async () => {
    const appId = await newApp();
    fake.enqueue({ status: 429, message: "slow down" });
    const limited = await sendAndWait(appId, "hello");
    expect(limited.message.status).toBe("failed");
    expect(limited.message.annotations.error).toBe(CHAT_MESSAGES.rateLimited);
    expect(limited.message.annotations.errorDetails).toBeUndefined();

    fake.enqueue({ status: 500, message: "boom" });
    const broken = await sendAndWait(appId, "hello again");
    expect(broken.message.annotations.error).toBe(CHAT_MESSAGES.other);
    const asAdmin = (await history(appId, admin)).messages.at(-1)!;
    expect(asAdmin.annotations.errorDetails).toContain("500");
    expect((await history(appId)).messages.at(-1)!.annotations.errorDetails).toBeUndefined();
  });

  it("the generation goes on when the client leaves; a watcher gets the finished message", async () => {
    const appId = await newApp();
    fake.enqueue({ text: TASK_APP_REPLY, chunkSize: 40, chunkDelayMs: 5 });
    const response = await send(appId, "build a todo app");
    expect(response.status).toBe(200);
    await response.body!.cancel(); // the browser went away
    let last: ChatMessage | undefined;
    for (let i = 0; i < 200; i++) {
      last = (await history(appId)).messages.at(-1);
      if (last?.status !== "in_progress") break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(last?.status).toBe("ready");
    const watch = await t.app.request(`/api/apps/${appId}/chat/messages/${last!.id}/events`, {
      headers: { authorization: `Bearer ${owner}` },
    });
    const events = await readEvents(watch);
    expect(events.map((e) => e.type)).toEqual(["done"]);
  });

  it("refuses a second message while one is being written, and at the builder message cap", async () => {
    const appId = await newApp();
    fake.enqueue({ text: TASK_APP_REPLY, chunkSize: 10, chunkDelayMs: 10 });
    const first = await send(appId, "build it");
    const busy = await send(appId, "and another thing");
    expect(busy.status).toBe(409);
    await readEvents(first);

    await t.deps.db.updateTable("accounts").set({ builderChatMessagesUsed: 100_000 }).execute();
    const capped = await send(appId, "more");
    expectError(
      { status: capped.status, body: await capped.json() },
      403,
      "PLAN_LIMIT",
      CHAT_MESSAGES.builderLimit,
    );
    await t.deps.db.updateTable("accounts").set({ builderChatMessagesUsed: 0 }).execute();

    // The plan's daily limit (lite: 20 a day) counts the user's messages since 00:00 UTC.
    const me = await t.request<any>("GET", "/api/account/current", { token: owner });
    const account = await t.deps.db
      .updateTable("accounts")
      .set({ plan: "lite" })
      .where("id", "=", me.body.accountId)
      .returning("userId")
      .executeTakeFirstOrThrow();
    const sentToday = await t.deps.db
      .selectFrom("chat_messages")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .where("userId", "=", account.userId)
      .where("role", "=", "user")
      .executeTakeFirstOrThrow();
    const missing = Math.max(0, 20 - Number(sentToday.n));
    await t.deps.db
      .insertInto("chat_messages")
      .values(
        Array.from({ length: missing }, (_, i) => ({
          id: `daily-${i}`,
          appId,
          userId: account.userId,
          role: "user" as const,
          status: "ready" as const,
        })),
      )
      .execute();
    const daily = await send(appId, "one more");
    expectError(
      { status: daily.status, body: await daily.json() },
      429,
      "RATE_LIMITED",
      CHAT_MESSAGES.dailyLimit,
    );
    await t.deps.db.updateTable("accounts").set({ plan: "galaxy" }).execute();
  });

  it("validates input and access: empty text, other people's apps, no model configured", async () => {
    const appId = await newApp();
    const empty = await send(appId, "   ");
    expect(empty.status).toBe(400);
    const stranger = (await t.signUp(uniqueEmail("chat", "stranger"))).token;
    expect((await send(appId, "hi", stranger)).status).toBe(404);
    const malformed = await t.app.request(`/api/apps/${appId}/chat`, {
      method: "POST",
      headers: { authorization: `Bearer ${owner}`, "content-type": "application/json" },
      body: "{not json",
    });
    expect(malformed.status).toBe(400);

    const bare = await createTestPlatform();
    try {
      const token = (await bare.signUp(uniqueEmail("chat", "bare"))).token;
      const res = await bare.request<any>("POST", "/api/apps", {
        token,
        body: { appType: "space", name: "X" },
      });
      const h = await bare.request<any>("GET", `/api/apps/${res.body.id}/chat/messages`, { token });
      expect(h.body.aiConfigured).toBe(false);
      expect(h.body.setupMessage).toContain("AI_PROVIDER");
      const sent = await bare.request<any>("POST", `/api/apps/${res.body.id}/chat`, {
        token,
        body: { content: "hi" },
      });
      expect(sent.status).toBe(503);
    } finally {
      await bare.close();
    }
  });

  it("a message left in progress by a dead process is marked failed, never left in_progress", async () => {
    const appId = await newApp();
    await t.deps.db
      .insertInto("chat_messages")
      .values({
        id: "orphan-1",
        appId,
        role: "assistant",
        status: "in_progress",
        leaseUntil: new Date(Date.now() - 1000),
      })
      .execute();
    expect(await failStaleChatMessages(t.deps)).toBe(1);
    const orphan = (await history(appId)).messages.find((m) => m.id === "orphan-1")!;
    expect(orphan.status).toBe("failed");
    expect(orphan.annotations.error).toBe(CHAT_MESSAGES.lastMessageFailed);
  });

  it("validate-repair: finds problems, repairs the certain ones, gives the model one round for the rest", async () => {
    const appId = await newApp();
    const page = `export default function Home() {\n  return <Card><CardHeader>Hi</CardHeader><Glitterbox /></Card>;\n}\n`;
    const saved = await t.request<any>("POST", `/api/apps/${appId}/files/update`, {
      token: admin,
      body: { file: { id: "pages/Home.jsx", content: page } },
    });
    const versionId = saved.body.versionId as string;
    // After the certain repair, <Glitterbox> is left: the model replaces it.
    fake.enqueue({
      text: `Fixed.\n<liftoff-action type="edit_file" file="pages/Home.jsx">\n<<<<<<< SEARCH\n<Glitterbox />\n=======\n<span>✨</span>\n>>>>>>> REPLACE\n</liftoff-action>`,
    });
    // The admin's 'Test Validators' button sits on one of the app's assistant messages.
    const messageOf = async (app: string) => {
      const id = randomUUID();
      await t.deps.db
        .insertInto("chat_messages")
        .values({ id, appId: app, userId: null, role: "assistant", status: "ready", content: "Done." })
        .execute();
      return id;
    };
    const validate = (messageId: string) =>
      t.request<any>("POST", `/api/apps/${appId}/versions/${versionId}/validate-repair`, {
        token: owner,
        body: { messageId, messageContent: "" },
      });
    // A message id of another app, or of nothing, is a 404 (issue 12): never a result.
    expect((await validate(await messageOf(await newApp()))).status).toBe(404);
    expect((await validate("none")).status).toBe(404);
    const res = await validate(await messageOf(appId));
    expect(res.status).toBe(200);
    expect(res.body.initialIssues.map((i: any) => i.message)).toEqual([
      "<Card> is used but never imported or defined",
      "<CardHeader> is used but never imported or defined",
      "<Glitterbox> is used but never imported or defined",
    ]);
    expect(res.body.unresolvedIssues).toEqual([]);
    expect(res.body.repairedFiles).toEqual([{ fileId: "pages/Home.jsx", issuesFixed: 3 }]);
    expect(res.body.previousVersionId).toBe(versionId);
    expect(res.body.detectors.find((d: any) => d.id === "undefined-component").issues).toBe(3);
    const content = (await pageContent(appId, "Home")) as string;
    expect(content).toContain('import { Card, CardHeader } from "@/components/ui/card";');
    expect(content).toContain("<span>✨</span>");
    expect(
      (
        await t.request<any>("POST", `/api/apps/${appId}/versions/nope/validate-repair`, {
          token: owner,
          body: { messageId: "x" },
        })
      ).status,
    ).toBe(404);
  });

  it("validate-repair reports compile warnings with file and line, and never repairs them", async () => {
    const appId = await newApp();
    const page = `export default function Home() {\n  return <div className="p-4" className="p-6">Hi</div>;\n}\n`;
    const saved = await t.request<any>("POST", `/api/apps/${appId}/files/update`, {
      token: admin,
      body: { file: { id: "pages/Home.jsx", content: page } },
    });
    const versionId = saved.body.versionId as string;
    const asked = fake.completionRequests().length;
    // The admins' 'Test Validators' button sits on one of the app's assistant messages.
    const messageId = randomUUID();
    await t.deps.db
      .insertInto("chat_messages")
      .values({ id: messageId, appId, userId: null, role: "assistant", status: "ready", content: "Done." })
      .execute();
    const res = await t.request<any>("POST", `/api/apps/${appId}/versions/${versionId}/validate-repair`, {
      token: owner,
      body: { messageId, messageContent: "" },
    });
    expect(res.status).toBe(200);
    const warning = {
      message: 'Duplicate "className" attribute in JSX element',
      componentName: "Home",
      detectorId: "compile-warning",
      severity: "warning",
      line: 2,
      fileId: "pages/Home.jsx",
    };
    expect(res.body.initialIssues).toEqual([warning]);
    expect(res.body.unresolvedIssues).toEqual([warning]);
    expect(res.body.repairedFiles).toEqual([]);
    expect(res.body.previousVersionId).toBeNull();
    expect(res.body.appBundle.versionId).toBe(versionId);
    // No model round for a warning.
    expect(fake.completionRequests().length).toBe(asked);
  });

  it("validate-repair reports accessibility warnings and applies their certain repairs, without a model round", async () => {
    const appId = await newApp();
    const page = [
      'import { Trash2 } from "lucide-react";',
      'import { Button } from "@/components/ui/button";',
      "export default function Home() {",
      "  return (",
      "    <main>",
      '      <Button size="icon"><Trash2 /></Button>',
      '      <img src="/hero.png" />',
      "    </main>",
      "  );",
      "}",
      "",
    ].join("\n");
    const saved = await t.request<any>("POST", `/api/apps/${appId}/files/update`, {
      token: admin,
      body: { file: { id: "pages/Home.jsx", content: page } },
    });
    const versionId = saved.body.versionId as string;
    const asked = fake.completionRequests().length;
    const messageId = randomUUID();
    await t.deps.db
      .insertInto("chat_messages")
      .values({ id: messageId, appId, userId: null, role: "assistant", status: "ready", content: "Done." })
      .execute();
    const res = await t.request<any>("POST", `/api/apps/${appId}/versions/${versionId}/validate-repair`, {
      token: owner,
      body: { messageId, messageContent: "" },
    });
    expect(res.status).toBe(200);
    expect(res.body.initialIssues.map((i: any) => [i.detectorId, i.severity, i.line, i.fileId])).toEqual([
      ["unnamed-button", "warning", 6, "pages/Home.jsx"],
      ["image-without-alt", "warning", 7, "pages/Home.jsx"],
    ]);
    // The icon-only button is named after its icon in a new version; the image's alt text
    // needs the builder (nothing says what it shows), so it stays a warning.
    expect(res.body.unresolvedIssues.map((i: any) => i.detectorId)).toEqual(["image-without-alt"]);
    expect(res.body.repairedFiles).toEqual([{ fileId: "pages/Home.jsx", issuesFixed: 1 }]);
    expect(res.body.previousVersionId).toBe(versionId);
    expect(res.body.appBundle.versionId).not.toBe(versionId);
    expect(res.body.detectors.find((d: any) => d.id === "unnamed-button")).toMatchObject({ issues: 1 });
    expect(await pageContent(appId, "Home")).toContain(
      '<Button aria-label="Delete" size="icon"><Trash2 /></Button>',
    );
    // Warnings never go to the model.
    expect(fake.completionRequests().length).toBe(asked);
  });

  it("usage summary for admins only", async () => {
    const appId = await newApp(admin);
    fake.enqueue({ text: "Nothing to change.", usage: { prompt_tokens: 10, completion_tokens: 5 } });
    await sendAndWait(appId, "hello", admin);
    const usage = await t.request<any>("GET", `/api/apps/${appId}/chat/usage`, { token: admin });
    expect(usage.status).toBe(200);
    expect(usage.body.app).toEqual({ messages: 1, totalTokens: 15, totalCost: 0 });
    expect((await t.request<any>("GET", `/api/apps/${appId}/chat/usage`, { token: owner })).status).toBe(403);
  });
  it("sends an attached image, uploaded to the app, to the model as image data", async () => {
    const appId = await newApp();
    const png = Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
      "base64",
    );
    const form = new FormData();
    form.set("file", new Blob([png], { type: "image/png" }), "sketch.png");
    const upload = await t.app.request(`/integrations/Core/UploadFile?appId=${appId}`, {
      method: "POST",
      headers: { authorization: `Bearer ${owner}` },
      body: form,
    });
    expect(upload.status).toBe(200);
    const { file_url } = (await upload.json()) as { file_url: string };
    fake.enqueue({ text: "A one-pixel sketch. Nothing to build from it yet." });
    const { message } = await sendAndWait(appId, "build what this sketch shows", owner, {
      attachments: [{ name: "sketch.png", url: file_url, contentType: "image/png" }],
    });
    expect(message.status).toBe("ready");
    const last = fake.completionRequests().at(-1)!.body.messages.at(-1);
    expect(last.content).toEqual([
      { type: "text", text: "build what this sketch shows" },
      { type: "image_url", image_url: { url: `data:image/png;base64,${png.toString("base64")}` } },
    ]);
    const stored = (await history(appId)).messages.at(-2)!;
    expect(stored.experimental_attachments).toEqual([
      { name: "sketch.png", url: file_url, contentType: "image/png" },
    ]);
  });
});
