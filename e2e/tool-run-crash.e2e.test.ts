import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { RunStreamEvent, SavedApp } from "@liftoff/domain";
import { emptyTool, RUN_MESSAGES } from "@liftoff/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createFakeOpenAiServer,
  type FakeOpenAiServer,
} from "../apps/server/src/testing/fake-openai-server.ts";
import { apiAt } from "./support/api.ts";
import { uniqueEmail } from "./support/browser.ts";
import { type PlatformServer, startPlatformServer } from "./support/start-platform-server.ts";

/**
 * kill -9 of the production server in the middle of an end user's run, then a restart on
 * the same data: the run is never left running. It ends in error with a plain reason, and
 * the builder's credit and the visitor's daily count are given back.
 */
let fake: FakeOpenAiServer;
let dataDir: string;
let server: PlatformServer | null = null;

const env = () => ({
  AI_PROVIDER: "openai-compatible",
  AI_BASE_URL: fake.baseURL,
  AI_MODEL: "fake-model",
  AI_MAX_RETRIES: "0",
});

function eventsOf(text: string): RunStreamEvent[] {
  return text
    .split("\n\n")
    .map((chunk) => chunk.split("\n").find((line) => line.startsWith("data:")))
    .filter((line): line is string => line !== undefined)
    .map((line) => JSON.parse(line.slice(5)) as RunStreamEvent);
}

beforeAll(async () => {
  fake = await createFakeOpenAiServer();
  dataDir = mkdtempSync(join(tmpdir(), "liftoff-e2e-crash-"));
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("a run when the server is killed mid-answer", () => {
  it("ends in error with a plain reason after the restart, and gives back the credit and the count", async () => {
    server = await startPlatformServer(env(), { dataDir });
    let base = server.baseUrl;
    const email = uniqueEmail("crash");
    const session = await apiAt<{ token: string }>(base, null, "POST", "/api/session/signup", {
      email,
      password: "liftoff-e2e-42",
      name: "Crash builder",
    });
    const token = session.token;
    const app = await apiAt<{ id: string }>(base, token, "POST", "/api/apps", {
      appType: "tool",
      name: "Slow tool",
    });
    const doc = await apiAt<{ app: SavedApp }>(base, token, "GET", `/api/apps/${app.id}/saved-app`);
    const tool = {
      ...emptyTool({ toolId: doc.app.tools[0]!.toolId, path: "slow", title: "Slow tool" }),
      status: "active" as const,
      gptPrompt: "Answer [input] slowly.",
    };
    await apiAt(base, token, "POST", "/api/apps", {
      appId: app.id,
      appType: "tool",
      appBuilderVersion: 4,
      app: { ...doc.app, tools: [tool] },
    });
    await apiAt(base, token, "POST", `/api/apps/${app.id}/publish`);

    // A slow answer: 40 chunks 250 ms apart, so the kill lands in the middle of it.
    fake.enqueue({
      text: `<block id="result">\n${"word ".repeat(200)}\n</block>`,
      chunkSize: 25,
      chunkDelayMs: 250,
    });
    const response = await fetch(`${base}/live_api/apps/${app.id}/tools/${tool.toolId}/runs`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ input: "Tell me a story" }),
    });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    let seen = "";
    while (!seen.includes("block-delta")) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`stream ended early: ${seen}`);
      seen += new TextDecoder().decode(value);
    }
    const runId = (eventsOf(seen)[0] as Extract<RunStreamEvent, { type: "snapshot" }>).run.id;
    const charged = await apiAt<{ appRunsUsed: number }>(base, token, "GET", "/api/account/current");
    expect(charged.appRunsUsed).toBe(1);

    // Long enough for the progress to be stored (at most every 500 ms), not for the answer.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await server.kill();
    await reader.cancel().catch(() => {});
    server = await startPlatformServer(env(), { dataDir });
    base = server.baseUrl;

    const watch = await fetch(`${base}/live_api/apps/${app.id}/runs/${runId}/events`);
    const events = eventsOf(await watch.text());
    const snapshot = (events[0] as Extract<RunStreamEvent, { type: "snapshot" }>).run;
    expect(snapshot.state).toMatchObject({ phase: "error", errorMessage: RUN_MESSAGES.interrupted });
    expect(snapshot.blocks[0]?.text).toContain("word");
    expect(events.at(-1)).toMatchObject({ type: "done", phase: "error" });

    const after = await apiAt<{ appRunsUsed: number }>(base, token, "GET", "/api/account/current");
    expect(after.appRunsUsed).toBe(0);
    // The visitor's daily count came back too: the limit (default) allows the next run.
    fake.enqueue({ text: '<block id="result">\nDone.\n</block>' });
    const again = await fetch(`${base}/live_api/apps/${app.id}/tools/${tool.toolId}/runs`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ input: "Again" }),
    });
    expect(eventsOf(await again.text()).at(-1)).toMatchObject({ type: "done", phase: "success" });
  });
});
