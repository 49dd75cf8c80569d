import {
  type CustomField,
  emptyCustomField,
  emptyTool,
  type RunStreamEvent,
  type SavedApp,
  type Tool,
} from "@liftoff/domain";
import { expect } from "vitest";
import { uniqueEmail } from "./expect-error.ts";
import type { TestPlatform } from "./test-platform.ts";

/**
 * What the tool-run suites share (runs.test.ts, runs-attacks.test.ts): a field, the SSE
 * events of an answer, a scripted answer in the block format, and — on a given platform —
 * builders, a published generated app with an active and a draft tool, and a run.
 */
export const field = (
  name: string,
  type: CustomField["type"],
  extra: Partial<CustomField> = {},
): CustomField => ({
  ...emptyCustomField({ name, label: name[0]!.toUpperCase() + name.slice(1), type }),
  ...extra,
});

/** SSE text → events (the `data:` line of each event). */
export function eventsOf(text: string): RunStreamEvent[] {
  return text
    .split("\n\n")
    .map((chunk) => chunk.split("\n").find((line) => line.startsWith("data:")))
    .filter((line): line is string => line !== undefined)
    .map((line) => JSON.parse(line.slice(5)) as RunStreamEvent);
}

export const answer = (blocks: Record<string, string>) =>
  Object.entries(blocks)
    .map(([id, text]) => `<block id="${id}">\n${text}\n</block>`)
    .join("\n");

export function toolRunFixtures(ctx: { t: () => TestPlatform; adminToken: () => string }) {
  const { t, adminToken } = ctx;
  async function newBuilder(label: string, plan?: string) {
    const session = await t().signUp(uniqueEmail("runs", label));
    if (plan)
      expect(
        (
          await t().request("POST", `/api/admin/users/${session.user.id}/plan`, {
            token: adminToken(),
            body: { plan },
          })
        ).status,
      ).toBe(200);
    return { token: session.token, userId: session.user.id };
  }

  /** A published generated app with one active tool (city, days) and a draft tool. */
  async function publishedApp(
    token: string,
    change: { tool?: Partial<Tool>; app?: (app: SavedApp) => SavedApp } = {},
  ): Promise<{ appId: string; toolId: string; draftToolId: string }> {
    const created = await t().request<any>("POST", "/api/apps", {
      token,
      body: { appType: "generated", name: "Trips" },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const appId = created.body.id as string;
    const doc = await t().request<any>("GET", `/api/apps/${appId}/saved-app`, { token });
    const start = doc.body.app as SavedApp;
    const tool: Tool = {
      ...emptyTool({ toolId: "t-plan", path: "plan", title: "Plan a trip" }),
      status: "active",
      gptPrompt: "Plan a trip to [city] for [days] days.",
      fields: [
        field("city", "text", { required: true }),
        field("days", "select", {
          options: [
            { label: "3", iconUrl: "" },
            { label: "7", iconUrl: "" },
          ],
        }),
      ],
      blocks: [
        { id: "plan", kind: "markdown", title: "Plan", instruction: "Day by day." },
        {
          id: "facts",
          kind: "key_facts",
          title: "Facts",
          instruction: "Key facts.",
          validation: { minItems: 2 },
        },
      ],
      ...change.tool,
    };
    const draft: Tool = { ...tool, toolId: "t-draft", title: "Draft", path: "draft", status: "draft" };
    let app: SavedApp = { ...start, tools: [tool, draft] };
    if (change.app) app = change.app(app);
    const saved = await t().request<any>("POST", "/api/apps", {
      token,
      body: { appId, appType: "generated", appBuilderVersion: 4, genApp: app },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const published = await t().request<any>("POST", `/api/apps/${appId}/publish`, { token });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    return { appId, toolId: "t-plan", draftToolId: "t-draft" };
  }

  const run = (appId: string, toolId: string, body: unknown, ip = "203.0.113.7") =>
    t().request<any>("POST", `/live_api/apps/${appId}/tools/${toolId}/runs`, {
      body,
      headers: { "x-forwarded-for": ip },
    });
  return { newBuilder, publishedApp, run };
}
