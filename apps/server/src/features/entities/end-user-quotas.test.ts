import { type PlanId, planLimits } from "@liftoff/domain";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignupApp, signUpBuilder, signUpEndUser } from "../../testing/app-user-test-setup.ts";
import { uniqueEmail } from "../../testing/expect-error.ts";
import { createTestPlatform, TEST_ADMIN_EMAIL, type TestPlatform } from "../../testing/test-platform.ts";
import { UPLOAD_RATE } from "../integrations/store-uploaded-file.ts";
import { END_USER_IMPORT } from "./import-entity-csv.ts";

const NOTE = {
  name: "Note",
  type: "object",
  properties: { title: { type: "string" } },
  permissions: { read: "all", write: "all" },
};
const csv = (rows: number) => `title\n${Array.from({ length: rows }, (_, i) => `Note ${i}`).join("\n")}\n`;

/** Issue 12 items 6 and 10: end users' imports and uploads are bounded and paid by the owner's plan. */
describe("end users' imports and uploads", () => {
  let t: TestPlatform;
  const maxRows = () => END_USER_IMPORT.limits[t.deps.dbKind].maxRows;
  let owner: { token: string; user: { id: string } };
  let appId: string;
  let user: { token: string };

  const importCsv = (text: string, token?: string, path = `/live_api/apps/${appId}/entities/Note/import`) => {
    const form = new FormData();
    form.set("file", new File([text], "notes.csv", { type: "text/csv" }));
    return Promise.resolve(
      t.app.request(path, {
        method: "POST",
        headers: token ? { authorization: `Bearer ${token}` } : {},
        body: form,
      }),
    ).then(async (res: Response) => ({ status: res.status, body: (await res.json()) as any }));
  };
  const upload = (token: string, bytes = 10) => {
    const form = new FormData();
    form.set("file", new File([new Uint8Array(bytes)], "a.bin", { type: "application/octet-stream" }));
    return Promise.resolve(
      t.app.request(`/integrations/Core/UploadFile?appId=${appId}`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}` },
        body: form,
      }),
    ).then(async (res: Response) => ({ status: res.status, body: (await res.json()) as any }));
  };
  const accountOf = () =>
    t.deps.db
      .selectFrom("accounts")
      .innerJoin("apps", "apps.accountId", "accounts.id")
      .select(["accounts.id", "accounts.dataProcessingUsed", "accounts.plan"])
      .where("apps.id", "=", appId)
      .executeTakeFirstOrThrow();

  beforeAll(async () => {
    t = await createTestPlatform();
    const admin = await t.signUp(TEST_ADMIN_EMAIL);
    owner = await signUpBuilder(t, uniqueEmail("quotas", "owner"), admin.token);
    appId = await createSignupApp(t, owner.token, { name: "Quotas" });
    const saved = await t.request("PUT", `/api/apps/${appId}/entities/Note`, {
      token: owner.token,
      body: NOTE,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    user = await signUpEndUser(t, appId, uniqueEmail("quotas", "user"));
  });
  afterAll(async () => {
    await t?.close();
  });

  it("caps an end user's import in rows, counts it against the owner's data processing, and rate-limits it", async () => {
    const before = (await accountOf()).dataProcessingUsed;
    const ok = await importCsv(csv(maxRows()), user.token);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.imported).toBe(maxRows());
    expect((await accountOf()).dataProcessingUsed).toBe(before + 1);
    // Written in one statement, each row with its change-log record: the same record a
    // read gives (what realtime subscribers receive), by the end user.
    const page = await t.request<any>("GET", `/live_api/apps/${appId}/entities/Note?limit=3`, {
      token: user.token,
    });
    const logged = await sql<{ row: unknown; creatorId: string | null }>`
      select row, "creatorId" from entity_changes
      where "appId" = ${appId} and entity = 'Note' and "rowId" = ${page.body.items[0].id} and op = 'create'`.execute(
      t.deps.db,
    );
    expect(logged.rows).toHaveLength(1);
    expect(logged.rows[0]!.row).toEqual(page.body.items[0]);
    expect(logged.rows[0]!.creatorId).toBe(page.body.items[0].creatorId);
    expect(page.body.items[0].creatorId).toBeTruthy();

    // One row over: refused, and nothing of it written (checked before the one statement).
    const big = await importCsv(csv(maxRows() + 1), user.token);
    expect(big.status).toBe(413);
    expect(big.body.error.message).toContain(`at most ${maxRows().toLocaleString("en-US")} rows`);
    const count = await t.request<any>("GET", `/live_api/apps/${appId}/entities/Note/count`, {
      token: user.token,
    });
    expect(count.body.count).toBe(maxRows());

    // The owner's own imports (the builder's grid) are not an end user's.
    const asOwner = await importCsv(
      csv(maxRows() + 1),
      owner.token,
      `/api/apps/${appId}/entities/Note/records/import`,
    );
    expect(asOwner.status, JSON.stringify(asOwner.body)).toBe(200);

    // Anonymous visitors share one allowance per app: 5 an hour, then 429.
    const statuses: number[] = [];
    for (let i = 0; i < END_USER_IMPORT.rate.limit + 1; i++) statuses.push((await importCsv(csv(1))).status);
    expect(statuses.slice(0, -1).every((status) => status === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it("refuses an end user's import once the owner's monthly data processing is used up", async () => {
    const account = await accountOf();
    await t.deps.db
      .updateTable("accounts")
      .set({ dataProcessingUsed: planLimits(account.plan as PlanId | null).dataProcessingTotal })
      .where("id", "=", account.id)
      .execute();
    const other = await signUpEndUser(t, appId, uniqueEmail("quotas", "other"));
    const refused = await importCsv(csv(3), other.token);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({ code: "PLAN_LIMIT", details: { reason: "data_processing" } });
    await t.deps.db
      .updateTable("accounts")
      .set({ dataProcessingUsed: 0 })
      .where("id", "=", account.id)
      .execute();
  });

  it("rate-limits uploads per user and refuses them past the owner's plan storage", async () => {
    const uploader = await signUpEndUser(t, appId, uniqueEmail("quotas", "uploader"));
    for (let i = 0; i < UPLOAD_RATE.limit; i++) {
      const res = await upload(uploader.token);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const limited = await upload(uploader.token);
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe("RATE_LIMITED");
    // Another user of the same app still may.
    expect((await upload(user.token)).status).toBe(200);

    // The owner's apps already keep their whole plan storage: the next upload is refused.
    const { plan } = await accountOf();
    // (size is an integer column: the filler is written as files of at most 2 GB.)
    const total = planLimits(plan as PlanId | null).storageTotal * 1_000_000;
    const fillers = Math.ceil(total / 2_000_000_000);
    await t.deps.db
      .insertInto("stored_files")
      .values(
        Array.from({ length: fillers }, (_, i) => ({
          id: crypto.randomUUID(),
          appId,
          key: `accounts/x/apps/y/filler-${i}`,
          name: "filler",
          contentType: "application/octet-stream",
          size: Math.ceil(total / fillers),
          createdBy: "test",
        })),
      )
      .execute();
    const full = await upload(user.token);
    expect(full.status).toBe(403);
    expect(full.body.error).toMatchObject({ code: "PLAN_LIMIT", details: { reason: "storage" } });
  });
});
