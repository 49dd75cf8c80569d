import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignupApp, signUpBuilder, signUpEndUser } from "../../testing/app-user-test-setup.ts";
import { uniqueEmail } from "../../testing/expect-error.ts";
import { maximalCsv, percentile } from "../../testing/load-samples.ts";
import { createTestPlatform, TEST_ADMIN_EMAIL, type TestPlatform } from "../../testing/test-platform.ts";
import { END_USER_IMPORT } from "./import-entity-csv.ts";

const NOTE = {
  name: "Note",
  type: "object",
  properties: { title: { type: "string" }, body: { type: "string" } },
  permissions: { read: "all", write: "all" },
};

/** Enough end users that the loops never run out within the measurement (5 imports each). */
const END_USER_COUNT = 40;
const MEASURE_MS = 4_000;
const MEASURE_MAX_MS = 30_000;

/**
 * Issue 12, item 6, second half: "while … a big import runs, another tenant's list and
 * /api/health answer within 200 ms at p99". Tenant A's end users (signed-in users and
 * anonymous visitors) run the largest imports END_USER_IMPORT allows, in loops (and, on
 * PostgreSQL, A's owner imports the same file through the builder's grid), while tenant B
 * lists its records.
 *
 * This test proves the mechanism: every one of B's requests is answered, correctly, while
 * the attack runs; the quotas stop the attackers; and B is not queued behind the imports
 * (its median stays far under 200 ms — before the protections it was 331–664 ms on PGlite).
 * The p99 target itself is a benchmark, `npm run bench:isolation` (bench/isolation/run.ts,
 * results in bench/results/isolation-*.md): a timed assertion at the tail flakes with the
 * load of a shared machine. The p50/p99 of each run are logged below.
 *
 * The protections: an end user's import is capped (END_USER_IMPORT: 250 rows and 25 KB on
 * PGlite, 1,000 and 1 MB on PostgreSQL) and rate-limited (5 an hour), its file is parsed
 * before anything is written, its rows and change-log records go in as one statement, and
 * every import (end users' and owners') runs one at a time per process. Without them an anonymous visitor could
 * post a 50 MB CSV (IMPORT_MAX_BYTES): at PGlite's 22,558 rows/s (bench/results/
 * entities-2026-11-25.md) the 200,000-row import holds PGlite's only connection for
 * about 9 s, and every one of B's requests waits behind it.
 */
describe("end users' imports do not stall another tenant (issue 12, item 6)", () => {
  let t: TestPlatform;
  let owner: string;
  let attackerApp: string;
  let victim: string;
  let victimApp: string;
  // Set once the platform is up: the cap depends on the database (END_USER_IMPORT.limits).
  let csv = "";
  let maxBytes = 0;
  let maxRows = 0;

  const importCsv = async (path: string, token?: string) => {
    const form = new FormData();
    form.set("file", new File([csv], "notes.csv", { type: "text/csv" }));
    const res: Response = await t.app.request(path, {
      method: "POST",
      headers: token ? { authorization: `Bearer ${token}` } : {},
      body: form,
    });
    return { status: res.status, body: (await res.json()) as any };
  };
  const liveImport = () => `/live_api/apps/${attackerApp}/entities/Note/import`;

  beforeAll(async () => {
    t = await createTestPlatform();
    ({ maxRows, maxBytes } = END_USER_IMPORT.limits[t.deps.dbKind]);
    csv = maximalCsv(maxRows, maxBytes);
    const admin = await t.signUp(TEST_ADMIN_EMAIL);
    // A paid plan, so the owner's data processing allowance (MB a month) is not what stops
    // the imports: the end users get the most the per-user limits allow.
    owner = (await signUpBuilder(t, uniqueEmail("isolation", "owner"), admin.token)).token;
    attackerApp = await createSignupApp(t, owner, { name: "Imports" });
    victim = (await t.signUp(uniqueEmail("isolation", "victim"))).token;
    const created = await t.request<any>("POST", "/api/apps", {
      token: victim,
      body: { appType: "space", name: "Victim" },
    });
    victimApp = created.body.id;
    for (const [token, appId] of [
      [owner, attackerApp],
      [victim, victimApp],
    ]) {
      const saved = await t.request("PUT", `/api/apps/${appId}/entities/Note`, { token, body: NOTE });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    }
    await sql`insert into entity_rows (id, "appId", entity, data)
      select 'small-' || i, ${victimApp}, 'Note', jsonb_build_object('title', 'Task ' || i)
      from generate_series(1, 50) as i`.execute(t.deps.db);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it("answers another tenant's list and /api/health, unqueued, while end users import all they may", async () => {
    expect(csv.length).toBeLessThanOrEqual(maxBytes);
    expect(csv.length).toBeGreaterThan(maxBytes * 0.99);
    // One import alone, for the log: how long it holds the database.
    const first = await signUpEndUser(t, attackerApp, uniqueEmail("isolation", "user-0"));
    let started = performance.now();
    const alone = await importCsv(liveImport(), first.token);
    const aloneMs = performance.now() - started;
    expect(alone.status, JSON.stringify(alone.body)).toBe(200);
    expect(alone.body.imported).toBe(maxRows);
    // The other tenant is already using its app (warm caches), as in production.
    await t.request("GET", `/live_api/apps/${victimApp}/entities/Note?limit=20`, { token: victim });

    let stop = false;
    const statuses: Record<number, number> = {};
    let rowsImported = 0;
    const count = (res: { status: number; body: any }) => {
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      if (res.status === 200) rowsImported += res.body.imported;
    };
    // Requests arrive over sockets, one event-loop turn each; app.request() on PGlite can
    // resolve in microtasks alone, which would starve the timers of this test.
    const yieldTurn = () => new Promise((resolve) => setImmediate(resolve));
    // The attacker's end users, signed up beforehand (anyone may: the app has sign-up on) so
    // that what is measured is the imports, not password hashing. Each imports until the
    // rate limit stops them (429), then the loop takes the next one.
    const endUsers: string[] = [];
    for (let i = 0; i < END_USER_COUNT; i++) {
      endUsers.push((await signUpEndUser(t, attackerApp, uniqueEmail("isolation", `user-${i + 1}`))).token);
    }
    const endUserLoop = async () => {
      while (!stop) {
        const token = endUsers.shift();
        if (!token) return;
        while (!stop) {
          const res = await importCsv(liveImport(), token);
          count(res);
          expect([200, 429]).toContain(res.status);
          await yieldTurn();
          if (res.status === 429) break;
        }
      }
    };
    // Anonymous visitors share one allowance per app: 5 imports, then 429 for the hour.
    let anonymousStopped = false;
    const anonymousLoop = async () => {
      while (!stop) {
        const res = await importCsv(liveImport());
        count(res);
        expect([200, 429]).toContain(res.status);
        await yieldTurn();
        if (res.status === 429) {
          anonymousStopped = true;
          return;
        }
      }
    };
    // The app's owner imports the same 1,000 rows through the builder's grid, over and over
    // (not rate-limited: the owner's own imports are bounded by the 50 MB file limit).
    const ownerLoop = async () => {
      while (!stop) {
        const res = await importCsv(`/api/apps/${attackerApp}/entities/Note/records/import`, owner);
        count(res);
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        await yieldTurn();
      }
    };
    // The owner's own imports join on PostgreSQL, where each holds a pooled connection of
    // its own. On PGlite an owner's import holds the only connection for its whole length
    // (builders import through the grid, up to 50 MB, bounded by their plan): that is the
    // documented limit of the embedded database (docs/security/denial-of-service.md), not
    // what an app's end users can do, which is what this proves.
    const attackers = [endUserLoop(), endUserLoop(), endUserLoop(), anonymousLoop()];
    if (t.deps.dbKind === "postgres") attackers.push(ownerLoop());
    await new Promise((resolve) => setTimeout(resolve, 100));
    const listTimes: number[] = [];
    const healthTimes: number[] = [];
    // At least MEASURE_MS, and on until the quota has stopped the anonymous visitors (their
    // sixth import): the whole of what they may do falls inside the measurement.
    const deadline = performance.now() + MEASURE_MS;
    const latest = performance.now() + MEASURE_MAX_MS;
    while (performance.now() < deadline || (!anonymousStopped && performance.now() < latest)) {
      started = performance.now();
      const page = await t.request<any>("GET", `/live_api/apps/${victimApp}/entities/Note?limit=20`, {
        token: victim,
      });
      listTimes.push(performance.now() - started);
      expect(page.status).toBe(200);
      expect(page.body.total).toBe(50);
      started = performance.now();
      expect((await t.request("GET", "/api/health")).status).toBe(200);
      healthTimes.push(performance.now() - started);
    }
    stop = true;
    await Promise.all(attackers);
    const imports = statuses[200] ?? 0;
    // The numbers docs/security/denial-of-service.md quotes.
    console.log(
      `end-user import of ${maxRows} rows (${(csv.length / 1e6).toFixed(2)} MB): ` +
        `${aloneMs.toFixed(0)} ms alone; during the run ${imports} imports (${rowsImported} rows), ` +
        `${statuses[429] ?? 0} refused by the rate limit, ${END_USER_COUNT - endUsers.length} end users used; ` +
        `other tenant list p50/p99 ${percentile(listTimes, 50).toFixed(0)}/${percentile(listTimes, 99).toFixed(0)} ms, ` +
        `health p50/p99 ${percentile(healthTimes, 50).toFixed(0)}/${percentile(healthTimes, 99).toFixed(0)} ms ` +
        `(${listTimes.length} samples)`,
    );
    // The attack really ran during the measurement: many maximal imports, the quota stopped
    // the anonymous visitors (and, on a fast enough machine, end users), and the loops did
    // not run out of end users before the end.
    expect(imports).toBeGreaterThan(5);
    expect(anonymousStopped).toBe(true);
    expect(endUsers.length).toBeGreaterThan(0);
    // B was never queued behind the imports (the p99 target: bench/isolation, see above).
    expect(listTimes.length).toBeGreaterThan(10);
    expect(percentile(listTimes, 50), `list p50 (${listTimes.length} samples)`).toBeLessThan(200);
    expect(percentile(healthTimes, 50), `health p50 (${healthTimes.length} samples)`).toBeLessThan(200);
  }, 90_000);
});
