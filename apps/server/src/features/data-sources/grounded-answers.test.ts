import type { SavedApp } from "@liftoff/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { waitForContextItem } from "../../testing/data-source-fixtures.ts";
import { createFakeOpenAiServer, type FakeOpenAiServer } from "../../testing/fake-openai-server.ts";
import { createTestPlatform, TEST_ADMIN_EMAIL, type TestPlatform } from "../../testing/test-platform.ts";
import { answer, eventsOf, field, toolRunFixtures } from "../../testing/tool-run-fixtures.ts";
import { TOOL_ITEMS_RATE_LIMIT, TOOL_ITEMS_RATE_MESSAGE } from "./list-tool-items.ts";

/**
 * Answers grounded in data sources, end to end against the fake model server: a run gets
 * the matching passages (quoted, numbered) and shows them as its sources; the chat
 * assistant does the same; a tool_item_select offers the rows of a CSV items list,
 * the most similar first.
 */
let fake: FakeOpenAiServer;
let t: TestPlatform;
let adminToken: string;
const { newBuilder, publishedApp, run } = toolRunFixtures({ t: () => t, adminToken: () => adminToken });

beforeAll(async () => {
  fake = await createFakeOpenAiServer({ chunkSize: 9, chunkDelayMs: 0 });
  t = await createTestPlatform({
    AI_PROVIDER: "openai-compatible",
    AI_BASE_URL: fake.baseURL,
    AI_API_KEY: "sk-test",
    AI_MODEL: "fake-grounded",
    AI_MAX_RETRIES: "0",
    TRUST_PROXY_HOPS: "1",
  });
  adminToken = (await t.signUp(TEST_ADMIN_EMAIL)).token;
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

async function addText(token: string, appId: string, context: string, name: string) {
  const res = await t.request<any>("POST", `/api/context/ingest/text?appId=${appId}`, {
    token,
    body: { context, name },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return waitForContextItem(t, { token, appId, itemId: res.body.contextItems[0].id });
}

async function addCsv(token: string, appId: string, csv: string) {
  const form = new FormData();
  form.append("file", new Blob([csv], { type: "text/csv" }), "menu.csv");
  const res = await t.app.request(`/api/context/ingest/file?appId=${appId}`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const body = (await res.json()) as any;
  expect(res.status, JSON.stringify(body)).toBe(201);
  return waitForContextItem(t, { token, appId, itemId: body.contextItems[0].id });
}

describe("grounded answers", () => {
  it("gives a run the matching passages and shows them as its sources", async () => {
    const builder = await newBuilder("grounded", "explorer");
    const { appId, toolId } = await publishedApp(builder.token);
    const item = await addText(
      builder.token,
      appId,
      "Lisbon tips: the 28 tram is crowded after ten, so ride it at eight. Pastéis de Belém opens at eight too.\n\nPorto tips: the Livraria Lello sells timed tickets online.",
      "City notes",
    );
    expect(item.status).toBe("synced");
    fake.reset();
    fake.enqueue({
      text: answer({ plan: "Day 1: ride the 28 tram at eight [1].", facts: "- Tram 28\n- Belém" }),
    });
    const res = await run(appId, toolId, { input: "", values: { city: "Lisbon tram", days: "3" } });
    expect(res.status).toBe(200);
    const events = eventsOf(res.body as unknown as string);
    // Sent as their own event, or inside the snapshot when they came before it.
    const sources = events.flatMap((event) =>
      event.type === "sources" ? event.sources : event.type === "snapshot" ? event.run.sources : [],
    );
    expect(sources[0]).toMatchObject({
      type: "source",
      ref: 1,
      itemId: item.id,
      itemName: "City notes",
    });
    // The model got the passage, quoted as data and numbered.
    const prompt = JSON.stringify(fake.completionRequests()[0]!.body.messages);
    expect(prompt).toContain("28 tram is crowded");
    expect(prompt).toContain("cite a passage you use by its number");
    const done = events.findLast((event) => event.type === "snapshot" || event.type === "done");
    expect(done?.type).toBe("done");

    const stored = await t.deps.db
      .selectFrom("tool_runs")
      .select("view")
      .where("appId", "=", appId)
      .executeTakeFirstOrThrow();
    expect((stored.view as any).sources[0].itemName).toBe("City notes");
  });

  it("reads only the data sources a tool chose", async () => {
    const builder = await newBuilder("chosen", "explorer");
    const created = await publishedApp(builder.token);
    const lisbon = await addText(
      builder.token,
      created.appId,
      "Lisbon has the 28 tram and custard tarts.",
      "Lisbon",
    );
    const porto = await addText(
      builder.token,
      created.appId,
      "Porto has the Dom Luís bridge and a tram too.",
      "Porto",
    );
    // The tool now reads only "Porto" (saved and published again: runs read the published copy).
    const doc = await t.request<any>("GET", `/api/apps/${created.appId}/saved-app`, { token: builder.token });
    const app = doc.body.app as SavedApp;
    const tools = app.tools.map((tool) =>
      tool.toolId === created.toolId
        ? {
            ...tool,
            dataItems: [
              {
                contextItemId: porto.id,
                originalContextItemId: null,
                type: "txt",
                templateFileUrl: "",
                instructionsUrl: "",
              },
            ],
          }
        : tool,
    );
    const saved = await t.request("POST", "/api/apps", {
      token: builder.token,
      body: { appId: created.appId, appType: "generated", appBuilderVersion: 4, genApp: { ...app, tools } },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(
      (await t.request("POST", `/api/apps/${created.appId}/publish`, { token: builder.token })).status,
    ).toBe(200);
    fake.reset();
    fake.enqueue({ text: answer({ plan: "Trams.", facts: "- a\n- b" }) });
    const res = await run(created.appId, created.toolId, { input: "", values: { city: "tram", days: "3" } });
    const events = eventsOf(res.body as unknown as string);
    const sources = events.flatMap((event) =>
      event.type === "sources" ? event.sources : event.type === "snapshot" ? event.run.sources : [],
    );
    expect(sources.map((source) => source.itemName)).toEqual(["Porto"]);
    expect(JSON.stringify(fake.completionRequests()[0]!.body.messages)).not.toContain("custard");
    expect(lisbon.status).toBe("synced");
  });

  it("grounds the chat assistant's reply and keeps its sources", async () => {
    const builder = await newBuilder("assistant-grounded", "explorer");
    const { appId } = await publishedApp(builder.token);
    await addText(
      builder.token,
      appId,
      "Our shop is closed on Mondays and opens at nine on other days.",
      "Hours",
    );
    expect(
      (
        await t.request("POST", `/api/apps/${appId}/chat/activate`, {
          token: adminToken,
          body: { isActive: true },
        })
      ).status,
    ).toBe(200);
    fake.reset();
    fake.enqueue({ text: "We are closed on Mondays [1]." });
    const res = await t.request<any>("POST", `/live_api/apps/${appId}/assistant/messages`, {
      body: { content: "Are you open on Monday?" },
      headers: { "x-forwarded-for": "198.51.100.4" },
    });
    expect(res.status).toBe(200);
    const conversationId = /"conversationId":"([^"]+)"/.exec(res.body as unknown as string)?.[1];
    const read = await t.request<any>(
      "GET",
      `/live_api/apps/${appId}/assistant/conversations/${conversationId}`,
    );
    const reply = read.body.messages.find((message: any) => message.role === "assistant");
    expect(reply.status).toBe("ready");
    expect(reply.sources[0]).toMatchObject({ ref: 1, itemName: "Hours" });
    expect(JSON.stringify(fake.completionRequests()[0]!.body.messages)).toContain("closed on Mondays");
  });

  it("offers a CSV items list to a tool_item_select, the most similar rows first", async () => {
    // Item fields are for platform admins (spec section 5).
    const builder = { token: adminToken };
    const { appId, toolId } = await publishedApp(builder.token, {
      tool: {
        fields: [field("dish", "tool_item_select", { toolId: "t-plan", required: true })],
        gptPrompt: "Describe [dish].",
      },
      app: (app: SavedApp) => app,
    });
    await addCsv(
      builder.token,
      appId,
      "dish,diet,price\nMushroom risotto,vegetarian,14\nGrilled sea bass,pescatarian,22\nLentil curry,vegan,12\n",
    );
    const items = (q?: string) =>
      t.request<any>(
        "GET",
        `/live_api/apps/${appId}/tools/${toolId}/fields/dish/items${q === undefined ? "" : `?q=${encodeURIComponent(q)}`}`,
      );
    const all = await items();
    expect(all.status).toBe(200);
    expect(all.body.items.map((item: any) => item.label)).toEqual([
      "Mushroom risotto",
      "Grilled sea bass",
      "Lentil curry",
    ]);
    expect(all.body.items[2].details).toContain("diet: vegan");
    const similar = await items("vegan");
    expect(similar.body.items[0].label).toBe("Lentil curry");
    const typed = await items("sea b");
    expect(typed.body.items[0].label).toBe("Grilled sea bass");
    expect((await t.request("GET", `/live_api/apps/${appId}/tools/${toolId}/fields/nope/items`)).status).toBe(
      404,
    );
    expect((await t.request("GET", `/live_api/apps/${appId}/tools/t-draft/fields/dish/items`)).status).toBe(
      404,
    );

    // Searches per address are bounded: past the minute's allowance, 429 with a plain message
    // and when to retry; nothing is searched.
    const used = 5; // the three lists and two refusals above
    for (let call = used; call < TOOL_ITEMS_RATE_LIMIT.limit; call++)
      expect((await items("risotto")).status).toBe(200);
    const refused = await items("risotto");
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ error: { message: TOOL_ITEMS_RATE_MESSAGE } });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});
