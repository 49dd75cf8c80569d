import { openDatabase } from "@liftoff/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../config.ts";
import { type Platform, startPlatform } from "../../start-platform.ts";
import { uniqueEmail } from "../../testing/expect-error.ts";
import { createTestPlatform, type TestPlatform } from "../../testing/test-platform.ts";

const onServer = Boolean(process.env.TEST_DATABASE_URL);

/**
 * Two server instances on one PostgreSQL database, as behind a load balancer: a write on
 * instance A reaches a subscriber connected to instance B through LISTEN/NOTIFY. Needs a
 * server (the embedded database is one process), so it runs in the PostgreSQL suite.
 */
describe.runIf(onServer)("realtime across instances", () => {
  let a: TestPlatform;
  let b: Platform;

  beforeAll(async () => {
    a = await createTestPlatform();
    const database = await openDatabase({ url: a.databaseUrl });
    b = await startPlatform(
      loadConfig({
        DATA_DIR: a.deps.config.dataDir,
        AUTH_SECRET: a.deps.config.authSecret,
        PUBLIC_URL: a.deps.config.publicUrl,
        LOG_LEVEL: "silent",
      }),
      { database },
    );
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it("delivers a change written on one instance to a subscriber on the other", async () => {
    const owner = (await a.signUp(uniqueEmail("xinstance", "owner"))).token;
    const app = await a.request<any>("POST", "/api/apps", {
      token: owner,
      body: { appType: "space", name: "Shared" },
    });
    const schema = {
      name: "Note",
      type: "object",
      properties: { text: { type: "string" } },
      permissions: { read: "all", write: "all" },
    };
    expect(
      (await a.request("PUT", `/api/apps/${app.body.id}/entities/Note`, { token: owner, body: schema }))
        .status,
    ).toBe(200);
    const base = `/live_api/apps/${app.body.id}/entities/Note`;

    const stream = await b.app.request(`${base}/subscribe`);
    const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = "";
    while (!text.includes("event: ready")) text += (await reader.read()).value ?? "";

    const created = await a.request<any>("POST", base, { body: { text: "written on A" } });
    expect(created.status).toBe(201);
    const deadline = Date.now() + 10_000;
    while (!text.includes("written on A") && Date.now() < deadline) text += (await reader.read()).value ?? "";
    expect(text).toContain("event: create");
    expect(text).toContain(created.body.id);
    await reader.cancel();
  });
});
