import {
  type ConnectorFilesResponse,
  type ConnectorStatus,
  type ContextItem,
  DATA_SOURCE_MESSAGES,
} from "@liftoff/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { waitForContextItem } from "../../testing/data-source-fixtures.ts";
import { expectError, uniqueEmail } from "../../testing/expect-error.ts";
import {
  type FakeGoogleDriveServer,
  startFakeGoogleDriveServer,
} from "../../testing/fake-google-drive-server.ts";
import { type FakeNotionServer, startFakeNotionServer } from "../../testing/fake-notion-server.ts";
import { createTestPlatform, TEST_ADMIN_EMAIL, type TestPlatform } from "../../testing/test-platform.ts";

/**
 * Connectors through the real platform and database, against local fakes of Notion and
 * Google Drive speaking their public APIs: the OAuth dance, what the builder's page may
 * see (never a token), the picker's list, items read from the provider into searchable
 * chunks and read again on re-sync, Google's token refresh, a revoked connection, and who
 * may use a connection.
 */
let t: TestPlatform;
let bare: TestPlatform;
let notion: FakeNotionServer;
let drive: FakeGoogleDriveServer;
let adminToken: string;

const NOTION_PAGE_ID = "5c6a2821-6bb1-4a7e-b6e1-c50111515c3d";
const NOTION_DB_ID = "0b8d1e4a-2f3c-4d5e-9f60-7182a3b4c5d6";
const DOC_ID = "1AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_doc";
const SHEET_ID = "1AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_sheet";

type Builder = { token: string; userId: string; appId: string };

beforeAll(async () => {
  notion = await startFakeNotionServer();
  drive = await startFakeGoogleDriveServer();
  t = await createTestPlatform({ ...notion.env, ...drive.env });
  bare = await createTestPlatform();
  adminToken = (await t.signUp(TEST_ADMIN_EMAIL)).token;
  notion.setPage(NOTION_PAGE_ID, {
    title: "Onboarding handbook",
    blocks: [
      { type: "heading_1", text: "Parking" },
      {
        type: "paragraph",
        text: "Visitors park in the blue garage on Elm Street; the gate code is 4417.",
      },
      {
        type: "bulleted_list_item",
        text: "Bicycles",
        children: [{ type: "paragraph", text: "Bicycle racks stand behind the cafeteria." }],
      },
      { type: "heading_2", text: "Lunch" },
      { type: "to_do", text: "Order the quarterly pizza", checked: true },
      // Enough blocks for a second page of block children (Notion gives 100 at a time).
      ...Array.from({ length: 120 }, (_, i) => ({ type: "paragraph", text: `Note number ${i}.` })),
      { type: "paragraph", text: "The last block mentions the marmalade tasting." },
    ],
  });
  notion.setDatabase(NOTION_DB_ID, {
    title: "Suppliers",
    rows: [
      { Name: "Quillfeather Paper", City: "Bergen", Rating: 5 },
      { Name: "Ironvale Bolts", City: "Tromsø", Status: { select: "Paused" } },
    ],
  });
  drive.setFile({
    id: DOC_ID,
    name: "Travel policy",
    mimeType: "application/vnd.google-apps.document",
    content: "Travel policy\n\nTrain tickets to Lisbon are reimbursed up to 90 euros in second class.",
  });
  drive.setFile({
    id: SHEET_ID,
    name: "Price list",
    mimeType: "application/vnd.google-apps.spreadsheet",
    content: "product,price\nWalnut desk,420\nOak shelf,180\n",
  });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await bare?.close();
  await notion?.close();
  await drive?.close();
});

async function builder(label: string, plan = "explorer"): Promise<Builder> {
  const session = await t.signUp(uniqueEmail("connect", label));
  const upgraded = await t.request("POST", `/api/admin/users/${session.user.id}/plan`, {
    token: adminToken,
    body: { plan },
  });
  expect(upgraded.status).toBe(200);
  const created = await t.request<any>("POST", "/api/apps", {
    token: session.token,
    body: { appType: "generated", name: "Office helper" },
  });
  expect(created.status).toBe(201);
  return { token: session.token, userId: session.user.id, appId: created.body.id as string };
}

/** The whole OAuth dance as the browser makes it: our redirect, the consent, the callback. */
async function connect(b: Builder, provider: "notion" | "google_drive") {
  const start = await t.request("GET", `/api/integrations/connectors/${provider}/connect?appId=${b.appId}`, {
    token: b.token,
  });
  expect(start.status).toBe(302);
  const consent = await fetch(start.headers.get("location")!, { redirect: "manual" });
  expect(consent.status).toBe(302);
  const callback = new URL(consent.headers.get("location")!);
  expect(callback.pathname).toBe(`/api/integrations/connectors/${provider}/callback`);
  return t.request<string>("GET", `${callback.pathname}${callback.search}`, { token: b.token });
}

const connectors = (b: { token: string }, platform = t) =>
  platform.request<{ connectors: ConnectorStatus[] }>("GET", "/api/integrations/fetchCarbonTokens", {
    token: b.token,
  });

const files = (b: Builder, provider: string, query = "") =>
  t.request<ConnectorFilesResponse>(
    "GET",
    `/api/integrations/connectors/${provider}/files${query ? `?query=${encodeURIComponent(query)}` : ""}`,
    { token: b.token },
  );

const addItems = (b: Builder, contextItems: unknown[]) =>
  t.request<any>("POST", `/api/context/ingest/metadata?appId=${b.appId}`, {
    token: b.token,
    body: { contextItems },
  });

const settled = (b: Builder, itemId: string) =>
  waitForContextItem(t, { token: b.token, appId: b.appId, itemId, timeoutMs: 30_000 });

const search = (b: Builder, query: string) =>
  t.request<any>("POST", `/api/context/search?appId=${b.appId}`, { token: b.token, body: { query } });

const notionPage = {
  name: "Onboarding handbook",
  source: "notes workspace",
  type: "notion_page",
  provider: "notion",
  providerItemId: NOTION_PAGE_ID,
  externalFileId: NOTION_PAGE_ID,
  externalFileUrl: `https://www.notion.so/${NOTION_PAGE_ID.replace(/-/g, "")}`,
};

describe("connectors", () => {
  it("connects Notion through OAuth and shows the connection without any token", async () => {
    const b = await builder("notion");
    const before = await connectors(b);
    expect(before.status).toBe(200);
    expect(before.body.connectors).toEqual([
      { provider: "notion", label: "Notion", connected: false, accountName: null },
      { provider: "google_drive", label: "Google Drive", connected: false, accountName: null },
    ]);

    const page = await connect(b, "notion");
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    expect(page.body).toContain("Notion is connected.");
    expect(page.headers.get("content-security-policy")).toContain("script-src 'nonce-");

    const after = await connectors(b);
    expect(after.body.connectors[0]).toEqual({
      provider: "notion",
      label: "Notion",
      connected: true,
      accountName: notion.workspaceName,
    });
    const raw = JSON.stringify(after.body);
    expect(raw).not.toMatch(/secret_|access|token/i);

    // At rest the tokens are sealed: the stored row holds no token in clear.
    const row = await t.deps.db
      .selectFrom("connector_accounts")
      .selectAll()
      .where("userId", "=", b.userId)
      .executeTakeFirstOrThrow();
    expect(row.sealedTokens).not.toContain("secret_");
    expect(row.sealedTokens.startsWith("v1.")).toBe(true);
  });

  it("lists and searches the provider's pages for the picker", async () => {
    const b = await builder("picker");
    await connect(b, "notion");
    const all = await files(b, "notion");
    expect(all.status).toBe(200);
    expect(all.body.files.map((file) => [file.id, file.name, file.type]).sort()).toEqual(
      [
        [NOTION_PAGE_ID, "Onboarding handbook", "notion_page"],
        [NOTION_DB_ID, "Suppliers", "notion_database"],
      ].sort(),
    );
    expect(all.body.nextCursor).toBeNull();
    const found = await files(b, "notion", "suppl");
    expect(found.body.files.map((file) => file.name)).toEqual(["Suppliers"]);

    // A rate limit at the provider is a passing failure: 503 with the connector message.
    notion.failNext(429);
    expectError(await files(b, "notion"), 503, "SERVICE_UNAVAILABLE", DATA_SOURCE_MESSAGES.connector);
  });

  it("reads a Notion page and database into searchable chunks, and re-sync reads them again", async () => {
    const b = await builder("ingest-notion");
    await connect(b, "notion");
    const added = await addItems(b, [
      notionPage,
      {
        name: "Suppliers",
        source: "notes workspace",
        type: "notion_database",
        provider: "notion",
        externalFileId: NOTION_DB_ID,
        externalFileUrl: "javascript:alert(1)",
      },
    ]);
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const [pageItem, dbItem] = added.body.contextItems as ContextItem[];
    expect(pageItem).toMatchObject({
      source: "notes workspace",
      provider: "notion",
      type: "notion_page",
      externalFileId: NOTION_PAGE_ID,
      providerItemId: NOTION_PAGE_ID,
    });
    // Only web addresses are kept as the item's link.
    expect(dbItem!.externalFileUrl).toBeNull();

    const page = await settled(b, pageItem!.id);
    expect(page, JSON.stringify(page)).toMatchObject({ status: "synced", error: null });
    expect(page.numOfChunks).toBeGreaterThan(0);
    const db = await settled(b, dbItem!.id);
    expect(db).toMatchObject({ status: "synced", numOfChunks: 2 });

    const parking = await search(b, "where do visitors park?");
    expect(parking.body.results[0].chunk.text).toContain("blue garage on Elm Street");
    expect(parking.body.results[0].chunk.locator).toBe("Parking");
    // Nested blocks and the second page of block children are read too.
    expect((await search(b, "bicycle racks")).body.results[0].chunk.text).toContain("behind the cafeteria");
    expect((await search(b, "marmalade tasting")).body.results.length).toBeGreaterThan(0);
    const supplier = await search(b, "Ironvale Bolts");
    expect(supplier.body.results[0].chunk.text).toContain("City: Tromsø");
    expect(supplier.body.results[0].chunk.text).toContain("Status: Paused");

    notion.setPage(NOTION_PAGE_ID, {
      title: "Onboarding handbook",
      blocks: [{ type: "paragraph", text: "Visitors now park in the green lot by the harbour." }],
    });
    const resync = await t.request("POST", `/api/context/${page.id}/sync`, { token: b.token });
    expect(resync.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const again = await settled(b, page.id);
    expect(again.status).toBe("synced");
    const moved = await search(b, "green lot harbour");
    expect(moved.body.results[0].chunk.text).toContain("green lot by the harbour");
    expect((await search(b, "blue garage Elm")).body.results.map((r: any) => r.chunk.itemId)).not.toContain(
      page.id,
    );
  });

  it("reads a Google Doc and a Sheet (each row a section) from Drive", async () => {
    const b = await builder("drive");
    const page = await connect(b, "google_drive");
    expect(page.body).toContain("Google Drive is connected.");
    expect((await connectors(b)).body.connectors[1]).toMatchObject({
      provider: "google_drive",
      connected: true,
      accountName: drive.accountEmail,
    });
    const listed = await files(b, "google_drive", "price");
    expect(listed.body.files).toEqual([
      expect.objectContaining({ id: SHEET_ID, name: "Price list", type: "google_sheet" }),
    ]);

    const added = await addItems(b, [
      {
        name: "Travel policy",
        source: "cloud drive",
        type: "google_doc",
        provider: "google_drive",
        externalFileId: DOC_ID,
        externalFileUrl: `https://docs.google.com/document/d/${DOC_ID}/edit`,
      },
      {
        name: "Price list",
        source: "cloud drive",
        type: "google_sheet",
        provider: "google_drive",
        externalFileId: SHEET_ID,
      },
    ]);
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const [doc, sheet] = added.body.contextItems as ContextItem[];
    expect(await settled(b, doc!.id)).toMatchObject({
      status: "synced",
      source: "cloud drive",
      provider: "google_drive",
    });
    // The header row, then one section per row.
    expect(await settled(b, sheet!.id)).toMatchObject({ status: "synced", numOfChunks: 3 });

    const lisbon = await search(b, "train tickets Lisbon");
    expect(lisbon.body.results[0].chunk.text).toContain("reimbursed up to 90 euros");
    const desk = await search(b, "walnut desk");
    expect(desk.body.results[0].chunk.text).toContain("420");
  });

  it("refreshes an expired Google access token and keeps the new one sealed", async () => {
    const b = await builder("refresh");
    drive.setTokenTtlSeconds(1);
    try {
      await connect(b, "google_drive");
      const before = drive.grants.refresh_token ?? 0;
      // Our margin makes a 1-second token expired at once: the list needs a refresh first.
      const listed = await files(b, "google_drive");
      expect(listed.status, JSON.stringify(listed.body)).toBe(200);
      expect(drive.grants.refresh_token).toBe(before + 1);
      const added = await addItems(b, [
        {
          name: "Travel policy",
          source: "cloud drive",
          type: "google_doc",
          provider: "google_drive",
          externalFileId: DOC_ID,
        },
      ]);
      expect(await settled(b, added.body.contextItems[0].id)).toMatchObject({ status: "synced" });
      expect(drive.grants.refresh_token).toBe(before + 2);
    } finally {
      drive.setTokenTtlSeconds(3599);
    }
  });

  it("refreshes an expiring Notion token with its rotating refresh token", async () => {
    const b = await builder("notion-refresh");
    notion.setTokenTtlSeconds(1);
    try {
      await connect(b, "notion");
      const before = notion.grants.refresh_token ?? 0;
      // Our margin makes a 1-second token expired at once: the list needs a refresh first.
      const listed = await files(b, "notion");
      expect(listed.status, JSON.stringify(listed.body)).toBe(200);
      expect(notion.grants.refresh_token).toBe(before + 1);
      // The sync refreshes again with the rotated refresh token the first refresh stored
      // (the spent one would be refused as invalid_grant).
      const added = await addItems(b, [notionPage]);
      expect(await settled(b, added.body.contextItems[0].id)).toMatchObject({ status: "synced" });
      expect(notion.grants.refresh_token).toBe(before + 2);
    } finally {
      notion.setTokenTtlSeconds(null);
    }
  });

  it("withdraws a Google connection's grant at Google on disconnect", async () => {
    const b = await builder("drive-revoke");
    await connect(b, "google_drive");
    const before = drive.revoked.length;
    // Listing works with the connection's access token...
    expect(
      (await t.request("GET", "/api/integrations/connectors/google_drive/files", { token: b.token })).status,
    ).toBe(200);
    expect(
      (await t.request("DELETE", "/api/integrations/connectors/google_drive", { token: b.token })).status,
    ).toBe(200);
    // ...and the refresh token (the grant, with every access token issued under it) is revoked.
    expect(drive.revoked).toHaveLength(before + 1);
    expect(drive.revoked.at(-1)).toMatch(/^1\/\//);
    // A second disconnect has nothing to forget or revoke.
    expect(
      (await t.request("DELETE", "/api/integrations/connectors/google_drive", { token: b.token })).status,
    ).toBe(200);
    expect(drive.revoked).toHaveLength(before + 1);
  });

  it("retries a provider's passing failure while reading an item", async () => {
    const b = await builder("retry");
    await connect(b, "notion");
    notion.failNext(503);
    const added = await addItems(b, [notionPage]);
    const item = await settled(b, added.body.contextItems[0].id);
    expect(item).toMatchObject({ status: "synced", attempts: 2 });
  }, 40_000);

  it("keeps each builder to their own connection", async () => {
    const owner = await builder("owner");
    await connect(owner, "notion");
    const stranger = await builder("stranger");

    // The stranger has no connection: no files, no items through the owner's.
    expectError(await files(stranger, "notion"), 409, "CONFLICT", "Connect Notion first.");
    expectError(await addItems(stranger, [notionPage]), 409, "CONFLICT", "Connect Notion first.");
    // Nor into the owner's app.
    const intoOwners = await t.request("POST", `/api/context/ingest/metadata?appId=${owner.appId}`, {
      token: stranger.token,
      body: { contextItems: [notionPage] },
    });
    expect(intoOwners.status).toBe(404);
    expect((await connectors(stranger)).body.connectors[0]).toMatchObject({
      connected: false,
      accountName: null,
    });

    // A state started by the owner does not connect the stranger.
    const start = await t.request("GET", `/api/integrations/connectors/notion/connect?appId=${owner.appId}`, {
      token: owner.token,
    });
    const consent = await fetch(start.headers.get("location")!, { redirect: "manual" });
    const callback = new URL(consent.headers.get("location")!);
    const stolen = await t.request<string>("GET", `${callback.pathname}${callback.search}`, {
      token: stranger.token,
    });
    expect(stolen.status).toBe(400);
    expect(stolen.body).toContain("expired or was started by someone else");
    expect((await connectors(stranger)).body.connectors[0]!.connected).toBe(false);

    // A forged state is refused too.
    const forged = await t.request<string>(
      "GET",
      `/api/integrations/connectors/notion/callback?code=x&state=${encodeURIComponent(`${Buffer.from("{}").toString("base64url")}.abc`)}`,
      { token: owner.token },
    );
    expect(forged.status).toBe(400);

    // Nor can a stranger start a connect for someone else's app.
    const foreignStart = await t.request(
      "GET",
      `/api/integrations/connectors/notion/connect?appId=${owner.appId}`,
      {
        token: stranger.token,
      },
    );
    expect(foreignStart.status).toBe(404);
  });

  it("refuses anonymous callers, unknown providers and items a provider cannot have", async () => {
    for (const [method, path] of [
      ["GET", "/api/integrations/fetchCarbonTokens"],
      ["GET", "/api/integrations/connectors/notion/files"],
      ["GET", "/api/integrations/connectors/notion/connect?appId=x"],
      ["GET", "/api/integrations/connectors/notion/callback?code=x&state=y"],
      ["DELETE", "/api/integrations/connectors/notion"],
    ] as const)
      expect((await t.request(method, path)).status, path).toBe(401);
    const anonymousIngest = await t.request("POST", "/api/context/ingest/metadata?appId=x", { body: {} });
    expect(anonymousIngest.status).toBe(401);

    const b = await builder("refusals");
    await connect(b, "notion");
    expectError(await files(b, "dropbox"), 404, "NOT_FOUND", DATA_SOURCE_MESSAGES.connectorNotConfigured);
    const wrongSource = await addItems(b, [{ ...notionPage, source: "cloud drive" }]);
    expect(wrongSource.status).toBe(400);
    const wrongType = await addItems(b, [{ ...notionPage, type: "google_doc" }]);
    expect(wrongType.status).toBe(400);
    const badId = await addItems(b, [
      { ...notionPage, externalFileId: "../../v1/users", providerItemId: null },
    ]);
    expect(badId.status).toBe(400);
    expectError(
      await addItems(b, [{ ...notionPage, provider: "dropbox" }]),
      404,
      "NOT_FOUND",
      DATA_SOURCE_MESSAGES.connectorNotConfigured,
    );
  });

  it("offers nothing on a server without connectors configured", async () => {
    const session = await bare.signUp(uniqueEmail("connect", "bare"));
    expect((await connectors(session, bare)).body).toEqual({ connectors: [] });
    const res = await bare.request("GET", "/api/integrations/connectors/notion/connect?appId=x", {
      token: session.token,
    });
    expectError(res, 404, "NOT_FOUND", DATA_SOURCE_MESSAGES.connectorNotConfigured);
    const callback = await bare.request(
      "GET",
      "/api/integrations/connectors/google_drive/callback?code=x&state=y",
      {
        token: session.token,
      },
    );
    expect(callback.status).toBe(404);
  });

  it("ends an item in error with the connector message after disconnecting or a revoked token", async () => {
    const b = await builder("revoke");
    await connect(b, "notion");
    const added = await addItems(b, [notionPage]);
    const item = await settled(b, added.body.contextItems[0].id);
    expect(item.status).toBe("synced");

    // Disconnected: the re-sync has no connection to read with, and the access was withdrawn
    // at Notion (its revoke endpoint, with the client's credentials).
    const revokedBefore = notion.revoked.length;
    expect(
      (await t.request("DELETE", "/api/integrations/connectors/notion", { token: b.token })).status,
    ).toBe(200);
    expect(notion.revoked).toHaveLength(revokedBefore + 1);
    expect((await connectors(b)).body.connectors[0]!.connected).toBe(false);
    await t.request("POST", `/api/context/${item.id}/sync`, { token: b.token });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const disconnected = await settled(b, item.id);
    expect(disconnected).toMatchObject({ status: "error", error: DATA_SOURCE_MESSAGES.connector });
    const details = await t.deps.db
      .selectFrom("context_items")
      .select("errorDetails")
      .where("id", "=", item.id)
      .executeTakeFirstOrThrow();
    expect(details.errorDetails).toContain("No Notion connection");
    // The chunks of the last good sync stay searchable.
    expect((await search(b, "green lot harbour")).body.results.length).toBeGreaterThan(0);

    // Connected again, then the builder removes the integration at Notion: revoked.
    await connect(b, "notion");
    notion.revokeAll();
    await t.request("POST", `/api/context/${item.id}/sync`, { token: b.token });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const revoked = await settled(b, item.id);
    expect(revoked).toMatchObject({ status: "error", error: DATA_SOURCE_MESSAGES.connector, attempts: 1 });
    const revokedDetails = await t.deps.db
      .selectFrom("context_items")
      .select("errorDetails")
      .where("id", "=", item.id)
      .executeTakeFirstOrThrow();
    expect(revokedDetails.errorDetails).toContain("HTTP 401");
    expectError(await files(b, "notion"), 400, "BAD_REQUEST", DATA_SOURCE_MESSAGES.connector);
  });
});
