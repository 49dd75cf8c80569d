import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uniqueEmail } from "../../testing/expect-error.ts";
import { createTestPlatform, TEST_ADMIN_EMAIL, type TestPlatform } from "../../testing/test-platform.ts";

/**
 * The permission matrix of the entity API (issue 3, "Proof"): every access rule × every
 * operation × every caller, asserting exactly who sees and changes what.
 *
 * Every (rule, caller) cell gets its own entity, seeded with rows created by the app owner
 * (O) and by the "creator" user (C), so the writes of one cell never disturb another.
 * Where the rule does not let the creator user create through the API, the C rows are
 * seeded through the builder grid as the owner, so their creatorId is the owner's.
 *
 * The expectations are written out by hand in MATRIX below, not derived from the domain's
 * access functions: changing the semantics of a rule must change this table.
 */

type Access = "all" | "admin" | "creator" | "none";
type Caller = "anonymous" | "other" | "creator" | "owner" | "platformAdmin" | "grid";
/** Seeded rows by who created them: O = the owner's rows, C = the creator user's rows. */
type Rows = "" | "O" | "C" | "OC";
type Expectation = {
  /** Seeded rows the caller can list, count, filter and get (others answer 404). */
  sees: Rows;
  /** Seeded rows the caller can update and delete (readable ones outside this answer 403). */
  changes: Rows;
  /** Whether create, bulk create and CSV import succeed (else 403). */
  creates: boolean;
  /** Whether a subscriber receives the event of a row the owner creates. */
  hears: boolean;
};
type Rule = {
  label: string;
  read: Access;
  write: Access;
  /** Whether the creator user can create rows through the runtime API (else seeded via the grid). */
  creatorSeedsViaApi: boolean;
  expect: Record<Caller, Expectation>;
};

const CALLERS: readonly Caller[] = ["anonymous", "other", "creator", "owner", "platformAdmin", "grid"];

// biome-ignore format: the expectation table reads as a grid, one caller per line
const MATRIX: readonly Rule[] = [
  {
    label: "Public Read/Admin Write", read: "all", write: "admin", creatorSeedsViaApi: false,
    expect: {
      anonymous:     { sees: "OC", changes: "",   creates: false, hears: true },
      other:         { sees: "OC", changes: "",   creates: false, hears: true },
      creator:       { sees: "OC", changes: "",   creates: false, hears: true },
      owner:         { sees: "OC", changes: "OC", creates: true,  hears: true },
      platformAdmin: { sees: "OC", changes: "OC", creates: true,  hears: true },
      grid:          { sees: "OC", changes: "OC", creates: true,  hears: true },
    },
  },
  {
    label: "Public Read/Creator Write", read: "all", write: "creator", creatorSeedsViaApi: true,
    expect: {
      anonymous:     { sees: "OC", changes: "",   creates: false, hears: true },
      other:         { sees: "OC", changes: "",   creates: true,  hears: true },
      creator:       { sees: "OC", changes: "C",  creates: true,  hears: true },
      owner:         { sees: "OC", changes: "OC", creates: true,  hears: true },
      platformAdmin: { sees: "OC", changes: "OC", creates: true,  hears: true },
      grid:          { sees: "OC", changes: "OC", creates: true,  hears: true },
    },
  },
  {
    label: "Creator Only", read: "creator", write: "creator", creatorSeedsViaApi: true,
    expect: {
      anonymous:     { sees: "",   changes: "",   creates: false, hears: false },
      other:         { sees: "",   changes: "",   creates: true,  hears: false },
      creator:       { sees: "C",  changes: "C",  creates: true,  hears: false },
      owner:         { sees: "OC", changes: "OC", creates: true,  hears: true },
      platformAdmin: { sees: "OC", changes: "OC", creates: true,  hears: true },
      grid:          { sees: "OC", changes: "OC", creates: true,  hears: true },
    },
  },
  {
    label: "Admin Only", read: "admin", write: "admin", creatorSeedsViaApi: false,
    expect: {
      anonymous:     { sees: "",   changes: "",   creates: false, hears: false },
      other:         { sees: "",   changes: "",   creates: false, hears: false },
      creator:       { sees: "",   changes: "",   creates: false, hears: false },
      owner:         { sees: "OC", changes: "OC", creates: true,  hears: true },
      platformAdmin: { sees: "OC", changes: "OC", creates: true,  hears: true },
      grid:          { sees: "OC", changes: "OC", creates: true,  hears: true },
    },
  },
  {
    label: "Raw all/all", read: "all", write: "all", creatorSeedsViaApi: true,
    expect: {
      anonymous:     { sees: "OC", changes: "OC", creates: true,  hears: true },
      other:         { sees: "OC", changes: "OC", creates: true,  hears: true },
      creator:       { sees: "OC", changes: "OC", creates: true,  hears: true },
      owner:         { sees: "OC", changes: "OC", creates: true,  hears: true },
      platformAdmin: { sees: "OC", changes: "OC", creates: true,  hears: true },
      grid:          { sees: "OC", changes: "OC", creates: true,  hears: true },
    },
  },
  {
    label: "Raw none/none", read: "none", write: "none", creatorSeedsViaApi: false,
    expect: {
      anonymous:     { sees: "",   changes: "",   creates: false, hears: false },
      other:         { sees: "",   changes: "",   creates: false, hears: false },
      creator:       { sees: "",   changes: "",   creates: false, hears: false },
      owner:         { sees: "",   changes: "",   creates: false, hears: false },
      platformAdmin: { sees: "",   changes: "",   creates: false, hears: false },
      grid:          { sees: "OC", changes: "OC", creates: true,  hears: true },
    },
  },
];

/** What each seeded pair of rows is for: reads and updates, single delete, bulk delete by ids, by q. */
const TAGS = ["read", "del", "ids", "q"] as const;
type Tag = (typeof TAGS)[number];
type Maker = "O" | "C";

const title = (maker: Maker, tag: Tag) => `${maker}-${tag}`;
const makers = (rows: Rows): Maker[] => [...rows] as Maker[];
/** Expected status of reading, or of writing, one seeded row. */
const readStatus = (x: Expectation, maker: Maker) => (x.sees.includes(maker) ? 200 : 404);
const writeStatus = (x: Expectation, maker: Maker) =>
  !x.sees.includes(maker) ? 404 : x.changes.includes(maker) ? 200 : 403;

const entityName = (ruleIndex: number, caller: Caller) => `M${ruleIndex}_${caller}`;
const SCHEMA_PROPERTIES = {
  title: { type: "string" },
  tag: { type: "string" },
  note: { type: "string" },
};

type Row = { id: string; title: string; tag?: string; note?: string; creatorId: string | null };

const TIMEOUT = Symbol("timeout");
const sleep = (ms: number) =>
  new Promise<typeof TIMEOUT>((resolve) => setTimeout(() => resolve(TIMEOUT), ms));

describe("entity permission matrix", () => {
  let t: TestPlatform;
  let appId: string;
  const tokens = {} as Record<Caller, string | undefined>;
  const userIds = {} as Record<Caller, string | null>;
  /** seeded[entity][title] = row id */
  const seeded = new Map<string, Record<string, string>>();

  const gridBase = (entity: string) => `/api/apps/${appId}/entities/${entity}/records`;
  const liveBase = (entity: string) => `/live_api/apps/${appId}/entities/${entity}`;
  const baseFor = (caller: Caller, entity: string) =>
    caller === "grid" ? gridBase(entity) : liveBase(entity);

  /** Every row of an entity as the builder sees them (the ground truth after a write). */
  async function allRows(entity: string): Promise<Row[]> {
    const res = await t.request<{ items: Row[] }>("GET", `${gridBase(entity)}?limit=1000`, {
      token: tokens.owner,
    });
    expect(res.status).toBe(200);
    return res.body.items;
  }
  async function titlesNow(entity: string): Promise<string[]> {
    return (await allRows(entity)).map((row) => row.title).sort();
  }

  beforeAll(async () => {
    t = await createTestPlatform();
    const owner = await t.signUp(uniqueEmail("matrix", "owner"));
    const other = await t.signUp(uniqueEmail("matrix", "other"));
    const creator = await t.signUp(uniqueEmail("matrix", "creator"));
    const admin = await t.signUp(TEST_ADMIN_EMAIL);
    Object.assign(tokens, {
      anonymous: undefined,
      other: other.token,
      creator: creator.token,
      owner: owner.token,
      platformAdmin: admin.token,
      grid: owner.token,
    });
    Object.assign(userIds, {
      anonymous: null,
      other: other.user.id,
      creator: creator.user.id,
      owner: owner.user.id,
      platformAdmin: admin.user.id,
      grid: owner.user.id,
    });
    const app = await t.request<{ id: string }>("POST", "/api/apps", {
      token: owner.token,
      body: { appType: "space", name: "Matrix" },
    });
    expect([200, 201]).toContain(app.status);
    appId = app.body.id;

    for (const [ruleIndex, rule] of MATRIX.entries()) {
      for (const caller of CALLERS) {
        const entity = entityName(ruleIndex, caller);
        const saved = await t.request("PUT", `/api/apps/${appId}/entities/${entity}`, {
          token: owner.token,
          body: {
            name: entity,
            type: "object",
            properties: SCHEMA_PROPERTIES,
            required: ["title"],
            permissions: { read: rule.read, write: rule.write },
          },
        });
        expect(saved.status, JSON.stringify(saved.body)).toBe(200);
        const ids: Record<string, string> = {};
        const seed = async (maker: Maker) => {
          const viaApi = maker === "C" && rule.creatorSeedsViaApi;
          const res = await t.request<{ items: Row[] }>(
            "POST",
            `${viaApi ? liveBase(entity) : gridBase(entity)}/bulk`,
            {
              token: viaApi ? creator.token : owner.token,
              body: { records: TAGS.map((tag) => ({ title: title(maker, tag), tag })) },
            },
          );
          expect(res.status, JSON.stringify(res.body)).toBe(201);
          const expectedCreator = viaApi ? creator.user.id : owner.user.id;
          for (const row of res.body.items) {
            expect(row.creatorId).toBe(expectedCreator);
            ids[row.title] = row.id;
          }
        };
        await seed("O");
        await seed("C");
        seeded.set(entity, ids);
      }
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  describe.each(MATRIX.map((rule, index) => ({ ...rule, index })))(
    "$label {read: $read, write: $write}",
    (rule) => {
      describe.each(CALLERS)("caller %s", (caller) => {
        const x = rule.expect[caller];
        const entity = entityName(rule.index, caller);
        const base = () => baseFor(caller, entity);
        const token = () => tokens[caller];
        const idOf = (maker: Maker, tag: Tag) => seeded.get(entity)?.[title(maker, tag)] as string;
        const visible = (tag: Tag) => makers(x.sees).map((maker) => title(maker, tag));

        it(`list shows exactly ${x.sees || "no"} rows`, async () => {
          const res = await t.request<{ items: Row[]; total: number }>("GET", `${base()}?limit=1000`, {
            token: token(),
          });
          expect(res.status).toBe(200);
          const expected = TAGS.flatMap((tag) => visible(tag)).sort();
          expect(res.body.items.map((row) => row.title).sort()).toEqual(expected);
          expect(res.body.total).toBe(expected.length);
        });

        it("list with q filters within the readable rows", async () => {
          const q = encodeURIComponent(JSON.stringify({ tag: "read" }));
          const res = await t.request<{ items: Row[]; total: number }>("GET", `${base()}?q=${q}`, {
            token: token(),
          });
          expect(res.status).toBe(200);
          expect(res.body.items.map((row) => row.title).sort()).toEqual(visible("read").sort());
          expect(res.body.total).toBe(visible("read").length);
          // A filter naming a row the caller cannot read still finds nothing of it.
          const byCreator = encodeURIComponent(JSON.stringify({ creatorId: userIds.creator, tag: "read" }));
          const mine = await t.request<{ items: Row[] }>("GET", `${base()}?q=${byCreator}`, {
            token: token(),
          });
          expect(mine.status).toBe(200);
          const creatorRowsReadable =
            x.sees.includes("C") && rule.creatorSeedsViaApi ? [title("C", "read")] : [];
          expect(mine.body.items.map((row) => row.title)).toEqual(creatorRowsReadable);
        });

        it("count counts only readable rows", async () => {
          const all = await t.request<{ count: number }>("GET", `${base()}/count`, { token: token() });
          expect(all.status).toBe(200);
          expect(all.body.count).toBe(TAGS.length * x.sees.length);
          const q = encodeURIComponent(JSON.stringify({ tag: { $in: ["read", "del"] } }));
          const some = await t.request<{ count: number }>("GET", `${base()}/count?q=${q}`, {
            token: token(),
          });
          expect(some.status).toBe(200);
          expect(some.body.count).toBe(2 * x.sees.length);
        });

        it.each(["O", "C"] as const)("get the %s row", async (maker) => {
          const res = await t.request<Row & { error?: { code: string; message: string } }>(
            "GET",
            `${base()}/${idOf(maker, "read")}`,
            { token: token() },
          );
          expect(res.status).toBe(readStatus(x, maker));
          if (res.status === 200) expect(res.body.title).toBe(title(maker, "read"));
          else expect(res.body.error).toEqual({ code: "NOT_FOUND", message: `${entity} record not found` });
        });

        it.each(["O", "C"] as const)("update the %s row", async (maker) => {
          const res = await t.request<{ error?: { code: string } }>(
            "PUT",
            `${base()}/${idOf(maker, "read")}`,
            { token: token(), body: { note: `by ${caller}` } },
          );
          const expected = writeStatus(x, maker);
          expect(res.status).toBe(expected);
          if (expected === 403) expect(res.body.error?.code).toBe("FORBIDDEN");
          const row = (await allRows(entity)).find((r) => r.title === title(maker, "read"));
          expect(row?.note).toBe(expected === 200 ? `by ${caller}` : undefined);
        });

        it.each(["O", "C"] as const)("delete the %s row", async (maker) => {
          const res = await t.request<{ error?: { code: string } }>(
            "DELETE",
            `${base()}/${idOf(maker, "del")}`,
            { token: token() },
          );
          const expected = writeStatus(x, maker);
          expect(res.status).toBe(expected);
          if (expected === 403) expect(res.body.error?.code).toBe("FORBIDDEN");
          expect((await titlesNow(entity)).includes(title(maker, "del"))).toBe(expected !== 200);
        });

        it(`bulk delete by ids touches only ${x.changes || "no"} rows`, async () => {
          const ids = [idOf("O", "ids"), idOf("C", "ids")].join(",");
          const res = await t.request<{ deleted: number }>("DELETE", `${base()}?ids=${ids}`, {
            token: token(),
          });
          expect(res.status).toBe(200);
          expect(res.body.deleted).toBe(x.changes.length);
          const left = await titlesNow(entity);
          for (const maker of ["O", "C"] as const)
            expect(left.includes(title(maker, "ids")), maker).toBe(!x.changes.includes(maker));
        });

        it(`bulk delete by q touches only ${x.changes || "no"} rows`, async () => {
          const q = encodeURIComponent(JSON.stringify({ tag: "q" }));
          const res = await t.request<{ deleted: number }>("DELETE", `${base()}?q=${q}`, {
            token: token(),
          });
          expect(res.status).toBe(200);
          expect(res.body.deleted).toBe(x.changes.length);
          const left = await titlesNow(entity);
          for (const maker of ["O", "C"] as const)
            expect(left.includes(title(maker, "q")), maker).toBe(!x.changes.includes(maker));
          // Nothing else was touched by either bulk delete.
          expect(left.filter((name) => name.endsWith("-read"))).toEqual(["C-read", "O-read"]);
        });

        it(`create ${x.creates ? "succeeds" : "is refused"}`, async () => {
          const res = await t.request<Row & { error?: { code: string } }>("POST", base(), {
            token: token(),
            body: { title: "new-one", tag: "new" },
          });
          expect(res.status).toBe(x.creates ? 201 : 403);
          if (x.creates) expect(res.body.creatorId).toBe(userIds[caller]);
          else expect(res.body.error?.code).toBe("FORBIDDEN");
          expect((await titlesNow(entity)).filter((name) => name === "new-one")).toHaveLength(
            x.creates ? 1 : 0,
          );
        });

        it(`bulk create ${x.creates ? "succeeds" : "is refused"}`, async () => {
          const res = await t.request<{ items: Row[]; error?: { code: string } }>("POST", `${base()}/bulk`, {
            token: token(),
            body: { records: [{ title: "bulk-1" }, { title: "bulk-2" }] },
          });
          expect(res.status).toBe(x.creates ? 201 : 403);
          if (x.creates)
            expect(res.body.items.map((row) => row.creatorId)).toEqual([userIds[caller], userIds[caller]]);
          else expect(res.body.error?.code).toBe("FORBIDDEN");
          const made = (await titlesNow(entity)).filter((name) => name.startsWith("bulk-"));
          expect(made).toEqual(x.creates ? ["bulk-1", "bulk-2"] : []);
        });

        it(`CSV import ${x.creates ? "succeeds" : "is refused"}`, async () => {
          const form = new FormData();
          form.set("file", new File(["title,tag\nimp-1,imp\nimp-2,imp\n"], "rows.csv", { type: "text/csv" }));
          const headers: Record<string, string> = {};
          if (token()) headers.authorization = `Bearer ${token()}`;
          const res = await t.app.request(`${base()}/import`, { method: "POST", body: form, headers });
          const body = (await res.json()) as { imported?: number; error?: { code: string } };
          expect(res.status).toBe(x.creates ? 200 : 403);
          if (x.creates) expect(body).toMatchObject({ total: 2, imported: 2, failed: [] });
          else expect(body.error?.code).toBe("FORBIDDEN");
          const rows = (await allRows(entity)).filter((row) => row.tag === "imp");
          expect(rows).toHaveLength(x.creates ? 2 : 0);
          for (const row of rows) expect(row.creatorId).toBe(userIds[caller]);
        });

        it(`subscribe ${x.hears ? "receives" : "does not receive"} the owner's new row`, async () => {
          const headers: Record<string, string> = {};
          if (token()) headers.authorization = `Bearer ${token()}`;
          const res = await t.app.request(`${base()}/subscribe`, { headers });
          expect(res.status).toBe(200);
          expect(res.headers.get("content-type")).toContain("text/event-stream");
          if (!res.body) throw new Error("the stream has no body");
          const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
          let text = "";
          let pending: Promise<ReadableStreamReadResult<string>> | null = null;
          const readUntil = async (done: () => boolean, ms: number): Promise<boolean> => {
            const deadline = Date.now() + ms;
            while (!done()) {
              const left = deadline - Date.now();
              if (left <= 0) return false;
              pending ??= reader.read();
              const chunk = await Promise.race([pending, sleep(left)]);
              if (chunk === TIMEOUT) return false;
              pending = null;
              if (chunk.done) return done();
              text += chunk.value;
            }
            return true;
          };
          try {
            expect(await readUntil(() => text.includes("event: ready"), 5_000)).toBe(true);
            const liveTitle = `live-${entity}`;
            const created = await t.request<Row>("POST", gridBase(entity), {
              token: tokens.owner,
              body: { title: liveTitle, tag: "live" },
            });
            expect(created.status).toBe(201);
            const heard = await readUntil(() => text.includes(created.body.id), x.hears ? 5_000 : 750);
            expect(heard).toBe(x.hears);
            if (heard) {
              expect(text).toContain("event: create");
              expect(text).toContain(liveTitle);
            } else expect(text).not.toContain(liveTitle);
          } finally {
            await reader.cancel();
          }
        });
      });
    },
  );

  it("the builder grid is only for the app's owner and platform admins", async () => {
    const entity = entityName(0, "grid");
    expect((await t.request("GET", gridBase(entity))).status).toBe(401);
    expect((await t.request("GET", gridBase(entity), { token: tokens.other })).status).toBe(404);
    expect((await t.request("GET", gridBase(entity), { token: tokens.creator })).status).toBe(404);
    expect((await t.request("GET", gridBase(entity), { token: tokens.platformAdmin })).status).toBe(200);
    const write = await t.request("POST", gridBase(entity), { token: tokens.other, body: { title: "x" } });
    expect(write.status).toBe(404);
  });
});
