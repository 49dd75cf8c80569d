import type { SessionResponse } from "@liftoff/domain";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { markPublished, setSignup } from "../../../apps/server/src/testing/app-user-test-setup.ts";
import { createTestPlatform, type TestPlatform } from "../../../apps/server/src/testing/test-platform.ts";
import { createClient } from "./create-client.ts";
import type { FetchLike } from "./create-http-client.ts";
import type { EntityChangeEvent, EntityRecord } from "./entity-record.ts";
import { SdkError } from "./sdk-error.ts";

// The SDK's real HTTP calls against the real Hono app and a real Postgres, in-process.
let platform: TestPlatform;
let owner: SessionResponse;
let other: SessionResponse;
let appId: string;

const TASK_SCHEMA = {
  name: "Task",
  type: "object",
  properties: {
    title: { type: "string" },
    done: { type: "boolean", default: false },
    priority: { type: "integer" },
  },
  required: ["title"],
  permissions: { read: "creator", write: "creator" },
};

const serverFetch: FetchLike = (input, init) =>
  platform.app.fetch(new Request(new URL(String(input), "http://localhost:3000"), init));

function clientFor(token: string | null, options: { fetch?: FetchLike; onLogout?: () => void } = {}) {
  // "Nope" is an entity the app does not have, for the 404 cases.
  return createClient<"Task" | "Nope">({
    baseUrl: "http://localhost:3000",
    appId,
    getToken: () => token,
    fetch: options.fetch ?? serverFetch,
    onLogout: options.onLogout,
    realtime: { initialDelayMs: 10, maxDelayMs: 100 },
  });
}

async function rejection(promise: Promise<unknown>): Promise<SdkError> {
  const error = await promise.then(
    () => {
      throw new Error("expected the call to fail");
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SdkError);
  return error as SdkError;
}

/** A fetch that reports when subscribe streams are answered (the server's cursor is set by then). */
function watchingFetch() {
  const opened: string[] = [];
  const fetch: FetchLike = async (input, init) => {
    const response = await serverFetch(input, init);
    if (String(input).includes("/subscribe")) opened.push(String(input));
    return response;
  };
  return { fetch, opened };
}

beforeAll(async () => {
  platform = await createTestPlatform();
  owner = await platform.signUp("owner@sdk.test");
  other = await platform.signUp("other@sdk.test");
  const app = await platform.request<{ id: string }>("POST", "/api/apps", {
    token: owner.token,
    body: { appType: "space", name: "SDK test app" },
  });
  expect(app.status).toBe(201);
  appId = app.body.id;
  const saved = await platform.request("PUT", `/api/apps/${appId}/entities/Task`, {
    token: owner.token,
    body: TASK_SCHEMA,
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
});

afterAll(async () => {
  await platform?.close();
});

beforeEach(async () => {
  // The owner is the app's admin and may delete every row: each test starts empty.
  await clientFor(owner.token).entities.Task.deleteMany({});
});

describe("entities, end to end", () => {
  it("create, get, update (partial), delete", async () => {
    const Task = clientFor(owner.token).entities.Task;
    const created = await Task.create({ title: "Write the SDK", priority: 2, bogus: "dropped" });
    expect(created).toMatchObject({
      title: "Write the SDK",
      priority: 2,
      done: false,
      creatorId: owner.user.id,
    });
    expect(created).not.toHaveProperty("bogus");
    expect(typeof created.id).toBe("string");
    expect(new Date(created.createdAt).toISOString()).toBe(created.createdAt);
    expect(new Date(created.updatedAt).toISOString()).toBe(created.updatedAt);

    await expect(Task.get(created.id)).resolves.toEqual(created);

    const updated = await Task.update(created.id, { done: true });
    expect(updated).toMatchObject({ id: created.id, title: "Write the SDK", priority: 2, done: true });
    expect(updated.createdAt).toBe(created.createdAt);
    expect(Date.parse(updated.updatedAt)).toBeGreaterThanOrEqual(Date.parse(created.updatedAt));

    await expect(Task.delete(created.id)).resolves.toEqual({ ok: true });
    const missing = await rejection(Task.get(created.id));
    expect([missing.status, missing.code]).toEqual([404, "NOT_FOUND"]);
  });

  it("surfaces 422 validation as an SdkError with one message per field", async () => {
    const Task = clientFor(owner.token).entities.Task;
    const missing = await rejection(Task.create({ done: true }));
    expect(missing.status).toBe(422);
    expect(missing.code).toBe("UNPROCESSABLE");
    expect(missing.details?.fields).toEqual([{ field: "title", message: expect.any(String) }]);

    const wrong = await rejection(Task.create({ title: 5, priority: 1.5, done: "yes" }));
    expect(wrong.status).toBe(422);
    const fields = (wrong.details!.fields as { field: string; message: string }[]).map((f) => f.field).sort();
    expect(fields).toEqual(["done", "priority", "title"]);

    const created = await Task.create({ title: "ok" });
    const badUpdate = await rejection(Task.update(created.id, { priority: "high" }));
    expect([badUpdate.status, (badUpdate.details!.fields as { field: string }[])[0]?.field]).toEqual([
      422,
      "priority",
    ]);
    await expect(Task.get(created.id)).resolves.toMatchObject({ title: "ok" });
  });

  it("bulkCreate, then filter with operators", async () => {
    const Task = clientFor(owner.token).entities.Task;
    const items = await Task.bulkCreate([
      { title: "alpha", priority: 1 },
      { title: "beta", priority: 2, done: true },
      { title: "gamma", priority: 3 },
      { title: "delta", priority: 4, done: true },
      { title: "no priority" },
    ]);
    expect(items.map((r) => r.title)).toEqual(["alpha", "beta", "gamma", "delta", "no priority"]);
    expect(items.every((r) => r.creatorId === owner.user.id)).toBe(true);

    const titles = async (query: Record<string, unknown>) =>
      (await Task.filter(query, "title")).map((r) => r.title);
    expect(await titles({ done: true })).toEqual(["beta", "delta"]);
    expect(await titles({ priority: { $gte: 2, $lt: 4 } })).toEqual(["beta", "gamma"]);
    expect(await titles({ title: { $in: ["alpha", "delta", "zeta"] } })).toEqual(["alpha", "delta"]);
    expect(await titles({ title: ["alpha", "gamma"] })).toEqual(["alpha", "gamma"]);
    expect(await titles({ $or: [{ priority: 1 }, { title: "gamma" }] })).toEqual(["alpha", "gamma"]);
    expect(await titles({ title: { $regex: "^[bd]" } })).toEqual(["beta", "delta"]);
    expect(await titles({ priority: { $exists: false } })).toEqual(["no priority"]);
    expect(await titles({ done: { $ne: true }, priority: { $nin: [1] } })).toEqual(["gamma", "no priority"]);
    expect(await titles({ $nor: [{ done: true }, { priority: { $exists: false } }] })).toEqual([
      "alpha",
      "gamma",
    ]);

    const bad = await rejection(Task.filter({ priority: { $bogus: 1 } }));
    expect(bad.status).toBe(400);
  });

  it("sorts, pages and selects fields", async () => {
    const Task = clientFor(owner.token).entities.Task;
    await Task.bulkCreate([1, 2, 3, 4, 5].map((p) => ({ title: `t${p}`, priority: p })));
    const priorities = (rows: EntityRecord[]) => rows.map((r) => r.priority);
    expect(priorities(await Task.list("priority"))).toEqual([1, 2, 3, 4, 5]);
    expect(priorities(await Task.list("-priority"))).toEqual([5, 4, 3, 2, 1]);
    expect(priorities(await Task.list("priority:desc", 2))).toEqual([5, 4]);
    expect(priorities(await Task.list("priority:asc", 2, 1))).toEqual([2, 3]);
    expect(priorities(await Task.filter({ priority: { $gt: 1 } }, "-priority", 2, 1))).toEqual([4, 3]);
    // Exported apps skip arguments with null.
    expect(priorities(await Task.filter({ priority: 3 }, null, null, null, ["priority"]))).toEqual([3]);

    const slim = await Task.list("title", 1, null, ["title"]);
    expect(slim).toHaveLength(1);
    expect(slim[0]).toMatchObject({ title: "t1" });
    expect(slim[0]).not.toHaveProperty("priority");
    expect(slim[0]).toHaveProperty("id");

    const unknownSort = await rejection(Task.list("nope"));
    expect(unknownSort.status).toBe(400);
  });

  it("counts, deletes many, and reads the schema", async () => {
    const Task = clientFor(owner.token).entities.Task;
    await Task.bulkCreate([{ title: "a" }, { title: "b", done: true }, { title: "c", done: true }]);
    await expect(Task.count()).resolves.toBe(3);
    await expect(Task.count({ done: true })).resolves.toBe(2);
    await expect(Task.deleteMany({ done: true })).resolves.toEqual({ deleted: 2 });
    await expect(Task.count()).resolves.toBe(1);

    const info = await Task.schema();
    expect(info.name).toBe("Task");
    expect(info.permissions).toEqual({ read: "creator", write: "creator" });
    expect(info.schema).toMatchObject({ properties: { title: { type: "string" } }, required: ["title"] });
  });

  it("answers 404 for an entity the app does not have", async () => {
    const error = await rejection(clientFor(owner.token).entities.Nope.list());
    expect(error.status).toBe(404);
  });

  it("bulkCreate is all or nothing", async () => {
    const Task = clientFor(owner.token).entities.Task;
    const error = await rejection(Task.bulkCreate([{ title: "fine" }, { priority: 1 }]));
    expect(error.status).toBe(422);
    expect(error.details?.rows).toEqual([
      { index: 1, errors: [{ field: "title", message: expect.any(String) }] },
    ]);
    await expect(Task.count()).resolves.toBe(0);
  });
});

describe("access rules through the SDK (creator / creator)", () => {
  it("gives an anonymous visitor an empty list and refuses their writes", async () => {
    const row = await clientFor(owner.token).entities.Task.create({ title: "owner's" });
    const Anonymous = clientFor(null).entities.Task;
    await expect(Anonymous.list()).resolves.toEqual([]);
    await expect(Anonymous.filter({ title: "owner's" })).resolves.toEqual([]);
    await expect(Anonymous.count()).resolves.toBe(0);
    expect((await rejection(Anonymous.get(row.id))).status).toBe(404);
    expect((await rejection(Anonymous.create({ title: "anon" }))).status).toBe(403);
  });

  it("keeps another signed-in user away from the owner's rows, and the owner (admin) sees theirs", async () => {
    const ownerTask = clientFor(owner.token).entities.Task;
    const otherTask = clientFor(other.token).entities.Task;
    const ownerRow = await ownerTask.create({ title: "owner's" });

    await expect(otherTask.list()).resolves.toEqual([]);
    expect((await rejection(otherTask.get(ownerRow.id))).status).toBe(404);
    // A row one may not read does not exist for them, for writes too (no existence leak).
    expect((await rejection(otherTask.update(ownerRow.id, { title: "hijacked" }))).status).toBe(404);
    expect((await rejection(otherTask.delete(ownerRow.id))).status).toBe(404);

    const mine = await otherTask.create({ title: "other's" });
    expect(mine.creatorId).toBe(other.user.id);
    expect((await otherTask.list()).map((r) => r.title)).toEqual(["other's"]);
    await expect(otherTask.deleteMany({})).resolves.toEqual({ deleted: 1 });

    // The owner is the app's admin: their row is untouched, and they would see the other's.
    await expect(ownerTask.get(ownerRow.id)).resolves.toMatchObject({ title: "owner's" });
    await otherTask.create({ title: "other's again" });
    expect((await ownerTask.list("title")).map((r) => r.title)).toEqual(["other's again", "owner's"]);
  });
});

describe("subscribe, end to end", () => {
  it("delivers create, update and delete; a subscriber with a query gets only matching ones; others see only theirs", async () => {
    const watch = watchingFetch();
    const ownerClient = clientFor(owner.token, { fetch: watch.fetch });
    const otherClient = clientFor(other.token, { fetch: watch.fetch });
    const all: EntityChangeEvent[] = [];
    const doneOnly: EntityChangeEvent[] = [];
    const othersView: EntityChangeEvent[] = [];
    const stops = [
      ownerClient.entities.Task.subscribe((e) => all.push(e)),
      ownerClient.entities.Task.subscribe((e) => doneOnly.push(e), { query: { done: true } }),
      otherClient.entities.Task.subscribe((e) => othersView.push(e)),
    ];
    try {
      await vi.waitFor(() => expect(watch.opened).toHaveLength(3));
      const Task = ownerClient.entities.Task;
      const a = await Task.create({ title: "a" });
      await Task.update(a.id, { done: true });
      const b = await Task.create({ title: "b", done: true });
      await Task.delete(a.id);
      const sentinel = await otherClient.entities.Task.create({ title: "other's" });

      const summary = (events: EntityChangeEvent[]) => events.map((e) => `${e.type}:${e.record.title}`);
      await vi.waitFor(() => expect(all).toHaveLength(5), { timeout: 10_000 });
      expect(summary(all)).toEqual(["create:a", "update:a", "create:b", "delete:a", "create:other's"]);
      expect(all[1]!.record).toMatchObject({ id: a.id, done: true });
      expect(all[2]!.id).toBe(b.id);
      expect(all[0]!.data).toBe(all[0]!.record);

      await vi.waitFor(() => expect(doneOnly).toHaveLength(3), { timeout: 10_000 });
      expect(summary(doneOnly)).toEqual(["update:a", "create:b", "delete:a"]);

      await vi.waitFor(() => expect(othersView).toHaveLength(1), { timeout: 10_000 });
      expect(othersView[0]).toMatchObject({ type: "create", id: sentinel.id });
    } finally {
      for (const stop of stops) stop();
    }
  });

  it("reconnects with Last-Event-ID and receives the events it missed, once each", async () => {
    // The first stream can be cut like a dropped connection, and the reconnect held back
    // until the test has written while the client was away.
    const subscribeCalls: Headers[] = [];
    let cut: (() => void) | undefined;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const fetch: FetchLike = async (input, init) => {
      if (!String(input).includes("/subscribe")) return serverFetch(input, init);
      subscribeCalls.push(new Headers(init?.headers));
      if (subscribeCalls.length > 1) await gate;
      const response = await serverFetch(input, init);
      if (subscribeCalls.length > 1) return response;
      const upstream = response.body!.getReader();
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          cut = () => {
            controller.error(new TypeError("network connection lost"));
            void upstream.cancel();
          };
        },
        async pull(controller) {
          const { done, value } = await upstream.read();
          if (done) controller.close();
          else controller.enqueue(value);
        },
        cancel: (reason) => upstream.cancel(reason),
      });
      return new Response(body, { status: response.status, headers: response.headers });
    };

    const client = clientFor(owner.token, { fetch });
    const Task = clientFor(owner.token).entities.Task;
    const events: EntityChangeEvent[] = [];
    const stop = client.entities.Task.subscribe((e) => events.push(e));
    try {
      await vi.waitFor(() => expect(cut).toBeDefined());
      const first = await Task.create({ title: "before the drop" });
      await vi.waitFor(() => expect(events).toHaveLength(1), { timeout: 10_000 });

      cut!();
      await vi.waitFor(() => expect(subscribeCalls).toHaveLength(2));
      const missed = await Task.create({ title: "while away" });
      await Task.update(first.id, { done: true });
      await Task.delete(missed.id);
      release();

      await vi.waitFor(() => expect(events).toHaveLength(4), { timeout: 10_000 });
      expect(events.map((e) => `${e.type}:${e.record.title}`)).toEqual([
        "create:before the drop",
        "create:while away",
        "update:before the drop",
        "delete:while away",
      ]);
      const resumeFrom = subscribeCalls[1]!.get("last-event-id");
      expect(resumeFrom).toMatch(/^\d+$/);
      expect(subscribeCalls[0]!.has("last-event-id")).toBe(false);

      // Nothing more arrives: no duplicate of the event delivered before the drop.
      await Task.create({ title: "after" });
      await vi.waitFor(() => expect(events).toHaveLength(5), { timeout: 10_000 });
      expect(events.filter((e) => e.record.title === "before the drop" && e.type === "create")).toHaveLength(
        1,
      );
    } finally {
      release();
      stop();
    }
  });

  it("stops cleanly on unsubscribe: no events afterwards", async () => {
    const watch = watchingFetch();
    const client = clientFor(owner.token, { fetch: watch.fetch });
    const events: EntityChangeEvent[] = [];
    const stop = client.entities.Task.subscribe((e) => events.push(e));
    await vi.waitFor(() => expect(watch.opened).toHaveLength(1));
    await client.entities.Task.create({ title: "seen" });
    await vi.waitFor(() => expect(events).toHaveLength(1), { timeout: 10_000 });
    stop();
    await client.entities.Task.create({ title: "not seen" });
    await new Promise((r) => setTimeout(r, 300));
    expect(events.map((e) => e.record.title)).toEqual(["seen"]);
    expect(watch.opened).toHaveLength(1);
  });

  it("reports a subscription to an unknown entity through onError, once", async () => {
    const errors: SdkError[] = [];
    const stop = clientFor(owner.token).entities.Nope.subscribe(() => {}, {
      onError: (e) => errors.push(e),
    });
    await vi.waitFor(() => expect(errors).toHaveLength(1), { timeout: 10_000 });
    expect(errors[0]!.status).toBe(404);
    stop();
  });
});

describe("auth, end to end (the app's end users)", () => {
  beforeAll(async () => {
    await markPublished(platform, appId);
    await setSignup(platform, appId, true);
  });

  function endUserClient() {
    let token: string | null = null;
    const client = createClient({
      baseUrl: "http://localhost:3000",
      appId,
      getToken: () => token,
      onToken: (t) => {
        token = t;
      },
      onLogout: () => {
        token = null;
      },
      fetch: serverFetch,
    });
    return { client, token: () => token };
  }

  it("signup signs in through onToken; me, updateMe with custom fields, logout", async () => {
    const { client, token } = endUserClient();
    expect(client.auth.isAuthenticated()).toBe(false);
    await expect(client.auth.me()).resolves.toBeNull();
    const user = await client.auth.signup({
      email: "ada@end.test",
      password: "end-user-pass-42",
      name: "Ada",
    });
    expect(user).toMatchObject({
      email: "ada@end.test",
      full_name: "Ada",
      role: "user",
      emailVerified: false,
    });
    expect(token()).toMatch(/^lat_/);
    await expect(client.auth.me()).resolves.toMatchObject({ id: user.id, email: "ada@end.test" });

    await expect(client.auth.updateMe({ full_name: "Ada Lovelace", theme: "dark" })).resolves.toMatchObject({
      full_name: "Ada Lovelace",
      theme: "dark",
    });
    await expect(client.auth.me()).resolves.toMatchObject({ name: "Ada Lovelace", theme: "dark" });
    const refused = await rejection(client.auth.updateMe({ role: "admin" }));
    expect([refused.status, refused.message]).toEqual([
      400,
      "These fields cannot be changed through updateMe: role",
    ]);

    await client.auth.logout();
    expect(token()).toBeNull();
    expect(client.auth.isAuthenticated()).toBe(false);
  });

  it("login with a password, and the server's message for a wrong one", async () => {
    const { client, token } = endUserClient();
    const wrong = await rejection(client.auth.login("ada@end.test", "not-the-password-1"));
    expect([wrong.status, wrong.message]).toEqual([401, "Invalid email or password"]);
    expect(token()).toBeNull();
    const user = await client.auth.login("ada@end.test", "end-user-pass-42");
    expect(user?.email).toBe("ada@end.test");
    await expect(client.auth.me()).resolves.toMatchObject({ full_name: "Ada Lovelace" });
  });

  it("an end user's rows follow the entity rules; a platform session is not an end user", async () => {
    const ada = endUserClient();
    await ada.client.auth.login("ada@end.test", "end-user-pass-42");
    const bob = endUserClient();
    await bob.client.auth.signup({ email: "bob@end.test", password: "end-user-pass-42" });
    const client = (c: ReturnType<typeof endUserClient>) => c.client as ReturnType<typeof clientFor>;
    await client(ada).entities.Task.create({ title: "Ada's" });
    expect((await client(ada).entities.Task.list()).map((r) => r.title)).toEqual(["Ada's"]);
    await expect(client(bob).entities.Task.list()).resolves.toEqual([]);
    // The builder's platform token means nothing to the app's auth.
    await expect(clientFor(owner.token).auth.me()).resolves.toBeNull();
  });
});

describe("integrations, end to end", () => {
  it("UploadFile sends the file as multipart and the URL serves it; no model gives a clear error", async () => {
    const { token } = await platform
      .request<{ token: string }>("POST", `/live_api/apps/${appId}/auth/login`, {
        body: { email: "ada@end.test", password: "end-user-pass-42" },
      })
      .then((r) => r.body);
    const core = clientFor(token).integrations.Core;
    const { file_url } = await core.UploadFile({
      file: new File(["hello"], "note.txt", { type: "text/plain" }),
    });
    const served = await serverFetch(file_url);
    expect([served.status, await served.text()]).toEqual([200, "hello"]);
    expect(served.headers.get("content-disposition")).toMatch(/^attachment/);

    const { file_uri } = await core.UploadPrivateFile({
      file: new File(["secret"], "s.txt", { type: "text/plain" }),
    });
    const { signed_url } = await core.CreateFileSignedUrl({ file_uri, expires_in: 60 });
    expect(await (await serverFetch(signed_url)).text()).toBe("secret");

    const error = await rejection(core.InvokeLLM({ prompt: "Hello" }));
    expect([error.status, error.message]).toEqual([
      503,
      "No AI model is configured. Set AI_PROVIDER and its key to enable InvokeLLM.",
    ]);
  });
});
