/**
 * bench/isolation — does one tenant's abuse stall another tenant? (issue 12, item 6: "while
 * the hostile filter or a big import runs, another tenant's list and /api/health answer
 * within 200 ms at p99"). On both databases, tenant B's list (a 50-row entity, a page of
 * 20 with the total) and /api/health are measured with autocannon in three phases of
 * BENCH_ISOLATION_SECONDS (15) each:
 *   1. alone: nothing else runs (the floor);
 *   2. filter: tenant A keeps 4 requests of the dearest hostile filter the budget still
 *      accepts in flight (HOSTILE of filter-budget.test.ts over as many rows as
 *      FILTER_WORK_BUDGET allows, at most BENCH_ISOLATION_FILTER_MAX_ROWS);
 *   3. imports: tenant A's end users run the largest imports they may (1,000 rows, just
 *      under 1 MB) in BENCH_ISOLATION_IMPORT_LOOPS (4) loops, each end user until the rate
 *      limit stops them (429) and then the next one; plus anonymous visitors until their
 *      allowance is used, plus the owner importing the same file through the builder's grid
 *      in a loop.
 * Prints one table (phase × database) and saves it to bench/results/isolation-<date>.md.
 * The client (autocannon and the attack loops) runs on the same cores as the server.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { filterRowCost, filterStatementCost, parseFilter } from "@liftoff/domain";
import { FILTER_WORK_BUDGET } from "../../apps/server/src/features/entities/filter-budget.ts";
import { END_USER_IMPORT } from "../../apps/server/src/features/entities/import-entity-csv.ts";
import { maximalCsv } from "../../apps/server/src/testing/load-samples.ts";
import {
  DATABASE_COLUMNS,
  type LoadResult,
  load,
  markdownTable,
  ROOT,
  sendJson,
  settle,
  startLiftoff,
  vacuumAnalyze,
  withScratchDatabase,
} from "../support.ts";

const SECONDS = Number(process.env.BENCH_ISOLATION_SECONDS ?? 15);
/** autocannon connections for each of tenant B's two kinds of request. */
const CONNECTIONS = Number(process.env.BENCH_ISOLATION_CONNECTIONS ?? 2);
const HOSTILE_LOOPS = 4;
const IMPORT_LOOPS = Number(process.env.BENCH_ISOLATION_IMPORT_LOOPS ?? 4);
/** End users signed up before the import phase (5 imports each); more are signed up if needed. */
const END_USERS = Number(process.env.BENCH_ISOLATION_END_USERS ?? 30);
const FILTER_MAX_ROWS = Number(process.env.BENCH_ISOLATION_FILTER_MAX_ROWS ?? 10_000);
const ADMIN_EMAIL = "admin@bench.local";
const PASSWORD = "bench-pass-42";
const TARGET_MS = 200;

// The same hostile filter as filter-budget.test.ts: four regexes (the most a filter may
// hold) with counted repetitions, case-insensitive, on an undeclared field.
const HOSTILE = {
  $or: [0, 1, 2, 3].map((i) => ({ body: { $regex: `.{0,5}a.{0,5}b${i}`, $options: "i" } })),
};
const NOTE = {
  name: "Note",
  type: "object",
  properties: { title: { type: "string" }, body: { type: "string" } },
  permissions: { read: "all", write: "all" },
};

type Phase = "alone" | "filter" | "imports";
const PHASES: Phase[] = ["alone", "filter", "imports"];
type Measured = Record<Phase, { list: LoadResult; health: LoadResult; attack: string }>;

async function measure(label: string, databaseUrl?: string): Promise<Measured> {
  const kind = databaseUrl ? "postgres" : "pglite";
  process.stderr.write(`[${label}] starting\n`);
  const server = await startLiftoff(databaseUrl);
  try {
    const call = <T = any>(method: string, path: string, body?: unknown, token?: string) =>
      sendJson<T>(server.url, method, path, body, token);
    const signUp = async (email: string) =>
      (await call("POST", "/api/session/signup", { email, password: PASSWORD })) as {
        token: string;
        user: { id: string };
      };
    const importCsv = async (path: string, file: File, token?: string) => {
      const form = new FormData();
      form.set("file", file);
      const res = await fetch(server.url + path, {
        method: "POST",
        headers: token ? { authorization: `Bearer ${token}` } : {},
        body: form,
      });
      const body: any = await res.json().catch(() => null);
      return { status: res.status, body };
    };

    // Tenant A: a builder on the Master plan (its data processing allowance is not what
    // stops the imports), a published app with sign-up on. The install's first account is
    // its admin once verified from the dev mailbox (each user reads their own mail there).
    const admin = await signUp(ADMIN_EMAIL);
    const { mails } = await call<{ mails: { text: string }[] }>(
      "GET",
      "/api/dev/mailbox",
      undefined,
      admin.token,
    );
    const link = mails.map((m) => m.text.match(/https?:\/\/\S+\/auth\/handler\S*/)?.[0]).find(Boolean);
    if (!link) throw new Error("no verification mail for the admin");
    await call("POST", "/api/account/verifyEmail", { oobCode: new URL(link).searchParams.get("oobCode") });
    const owner = await signUp("owner@bench.local");
    await call("POST", `/api/admin/users/${owner.user.id}/plan`, { plan: "master" }, admin.token);
    const appA = (await call("POST", "/api/apps", { appType: "space", name: "A" }, owner.token)).id as string;
    await call("PUT", `/api/apps/${appA}/entities/Note`, NOTE, owner.token);
    await call("PUT", `/api/apps/${appA}/entities/Spam`, { ...NOTE, name: "Spam" }, owner.token);
    await call("POST", `/api/apps/${appA}/publish`, undefined, owner.token);
    await call(
      "POST",
      `/api/apps/${appA}/settings`,
      {
        appSettings: {
          isSignupEnabled: true,
          termsOfServiceLink: "https://example.com/terms",
          privacyPolicyLink: "https://example.com/privacy",
          supportEmail: "help@example.com",
        },
      },
      owner.token,
    );
    // The hostile filter's entity: as many rows as the budget lets the filter run over.
    const filter = parseFilter(HOSTILE);
    const allowed = Math.floor(
      (FILTER_WORK_BUDGET[kind] - filterStatementCost(filter)) / filterRowCost(filter),
    );
    const spamRows = Math.min(allowed, FILTER_MAX_ROWS);
    const spamCsv = `title,body\n${Array.from(
      { length: spamRows },
      (_, i) => `Spam ${i},lorem ipsum dolor sit amet ${i}`,
    ).join("\n")}\n`;
    const spam = await importCsv(
      `/api/apps/${appA}/entities/Spam/records/import`,
      new File([spamCsv], "spam.csv", { type: "text/csv" }),
      owner.token,
    );
    if (spam.status !== 200) throw new Error(`spam import: ${spam.status} ${JSON.stringify(spam.body)}`);

    // Tenant B: another builder, a 50-row entity.
    const victim = await signUp("victim@bench.local");
    const appB = (await call("POST", "/api/apps", { appType: "space", name: "B" }, victim.token))
      .id as string;
    await call("PUT", `/api/apps/${appB}/entities/Note`, NOTE, victim.token);
    const victimCsv = `title,body\n${Array.from({ length: 50 }, (_, i) => `Task ${i},open`).join("\n")}\n`;
    const seeded = await importCsv(
      `/api/apps/${appB}/entities/Note/records/import`,
      new File([victimCsv], "tasks.csv", { type: "text/csv" }),
      victim.token,
    );
    if (seeded.status !== 200) throw new Error(`victim import: ${seeded.status}`);

    if (databaseUrl) await vacuumAnalyze(databaseUrl);

    const spamUrl = `/live_api/apps/${appA}/entities/Spam?q=${encodeURIComponent(JSON.stringify(HOSTILE))}`;
    const probe = performance.now();
    const one = await fetch(server.url + spamUrl);
    if (one.status !== 200) throw new Error(`hostile filter: ${one.status} ${await one.text()}`);
    await one.arrayBuffer();
    const hostileAloneMs = Math.round(performance.now() - probe);

    const victimLoad = async () => {
      const [list, health] = await Promise.all([
        load({
          url: `${server.url}/live_api/apps/${appB}/entities/Note?limit=20`,
          headers: { authorization: `Bearer ${victim.token}` },
          connections: CONNECTIONS,
          seconds: SECONDS,
        }),
        load({ url: `${server.url}/api/health`, connections: CONNECTIONS, seconds: SECONDS }),
      ]);
      return { list, health };
    };
    // Warm-up of tenant B's requests (JIT, pools, plan caches), not measured.
    await load({
      url: `${server.url}/live_api/apps/${appB}/entities/Note?limit=20`,
      headers: { authorization: `Bearer ${victim.token}` },
      connections: CONNECTIONS,
      seconds: 2,
    });

    const result = {} as Measured;
    await settle(`${server.url}/api/health`);
    process.stderr.write(`[${label}] alone, ${SECONDS} s\n`);
    result.alone = { ...(await victimLoad()), attack: "nothing else runs" };

    await settle(`${server.url}/api/health`);
    process.stderr.write(`[${label}] hostile filter over ${spamRows} rows, ${SECONDS} s\n`);
    {
      let stop = false;
      const statuses: Record<number, number> = {};
      const hostile = async () => {
        while (!stop) {
          const res = await fetch(server.url + spamUrl);
          await res.arrayBuffer();
          statuses[res.status] = (statuses[res.status] ?? 0) + 1;
        }
      };
      const loops = Array.from({ length: HOSTILE_LOOPS }, hostile);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const measured = await victimLoad();
      stop = true;
      await Promise.all(loops);
      result.filter = {
        ...measured,
        attack: `${HOSTILE_LOOPS} loops of the hostile filter over ${spamRows} rows (${hostileAloneMs} ms alone): ${statusText(statuses)}`,
      };
    }

    // End users of tenant A, signed up before the phase so that it measures the imports.
    const endUsers: string[] = [];
    for (let i = 0; i < END_USERS; i++) endUsers.push(await signUpEndUser(appA, server.url, i));
    await settle(`${server.url}/api/health`);
    process.stderr.write(`[${label}] end-user imports, ${SECONDS} s\n`);
    {
      const file = new File(
        [maximalCsv(END_USER_IMPORT.limits[kind].maxRows, END_USER_IMPORT.limits[kind].maxBytes)],
        "notes.csv",
        { type: "text/csv" },
      );
      let stop = false;
      let extraSignups = 0;
      const statuses: Record<string, number> = {};
      const count = (who: string, status: number) => {
        const key = `${who} ${status}`;
        statuses[key] = (statuses[key] ?? 0) + 1;
      };
      const live = `/live_api/apps/${appA}/entities/Note/import`;
      const endUserLoop = async () => {
        while (!stop) {
          const token =
            endUsers.shift() ?? (await signUpEndUser(appA, server.url, END_USERS + 1000 + extraSignups++));
          while (!stop) {
            const res = await importCsv(live, file, token);
            count("end user", res.status);
            if (res.status !== 200) break;
          }
        }
      };
      const anonymousLoop = async () => {
        while (!stop) {
          const res = await importCsv(live, file);
          count("anonymous", res.status);
          if (res.status !== 200) return;
        }
      };
      const ownerLoop = async () => {
        while (!stop) {
          const res = await importCsv(`/api/apps/${appA}/entities/Note/records/import`, file, owner.token);
          count("owner", res.status);
        }
      };
      // The owner's grid imports join on PostgreSQL only (as in import-isolation.test.ts): on
      // PGlite an owner's import holds the only connection for its whole length, the
      // embedded database's documented limit, not something an app's end users can do.
      const loops = [...Array.from({ length: IMPORT_LOOPS }, endUserLoop), anonymousLoop()];
      if (kind === "postgres") loops.push(ownerLoop());
      await new Promise((resolve) => setTimeout(resolve, 200));
      const measured = await victimLoad();
      stop = true;
      await Promise.all(loops);
      result.imports = {
        ...measured,
        attack:
          `${IMPORT_LOOPS} end-user loops, 1 anonymous${kind === "postgres" ? ", 1 owner" : ""}, each import ${END_USER_IMPORT.limits[kind].maxRows} rows / ` +
          `${(file.size / 1e6).toFixed(2)} MB: ${statusText(statuses)}` +
          (extraSignups ? `; ${extraSignups} end users signed up during the phase` : ""),
      };
    }
    return result;
  } finally {
    await server.stop();
  }
}

async function signUpEndUser(appId: string, baseUrl: string, i: number): Promise<string> {
  const res = await sendJson<{ token: string }>(baseUrl, "POST", `/live_api/apps/${appId}/auth/signup`, {
    email: `user-${i}@bench.local`,
    password: PASSWORD,
    name: `User ${i}`,
  });
  return res.token;
}

function statusText(statuses: Record<string | number, number>): string {
  return Object.entries(statuses)
    .sort(([a], [b]) => String(a).localeCompare(String(b)))
    .map(([status, n]) => `${n} × ${status}`)
    .join(", ");
}

async function main() {
  await withScratchDatabase("liftoff_isolation", async (databaseUrl) => {
    // The machine is shared: its load average says how much of the 2 cores the run had.
    const loadBefore = loadavg()[0]!.toFixed(1);
    const pglite = await measure("liftoff-pglite");
    const postgres = await measure("liftoff-postgres", databaseUrl);
    const loadAfter = loadavg()[0]!.toFixed(1);
    // autocannon reports only the requests that were answered: none answered in the phase
    // (all still waiting when it ended) would otherwise read as a p99 of 0 ms.
    const missed = (r: LoadResult) => r.reqPerSec === 0 || r.p99 >= TARGET_MS || r.errors > 0;
    const cells = (r: LoadResult) =>
      r.reqPerSec === 0
        ? [0, r.errors, "none answered", "**none answered**"]
        : [r.reqPerSec, r.errors, r.p50, r.p99 < TARGET_MS ? r.p99 : `**${r.p99}**`];
    const rows = PHASES.flatMap((phase) =>
      (["list", "health"] as const).map((kind) => [
        phase,
        kind === "list" ? "B's list (20 of 50)" : "/api/health",
        ...cells(pglite[phase][kind]),
        ...cells(postgres[phase][kind]),
      ]),
    );
    const table = markdownTable(["phase", "request", ...DATABASE_COLUMNS], rows);
    const attacks = PHASES.filter((phase) => phase !== "alone")
      .map((phase) => `- ${phase}: PGlite — ${pglite[phase].attack}; PostgreSQL — ${postgres[phase].attack}.`)
      .join("\n");
    const misses = PHASES.flatMap((phase) =>
      (["list", "health"] as const).flatMap((kind) =>
        (
          [
            ["PGlite", pglite],
            ["PostgreSQL", postgres],
          ] as const
        )
          .filter(([, r]) => missed(r[phase][kind]))
          .map(([db]) => `${db} ${phase} ${kind}`),
      ),
    );
    const date = new Date().toISOString().slice(0, 10);
    const text = `# Isolation: another tenant's requests while one tenant abuses the platform (${date})

\`npm run bench:isolation\` (bench/isolation/run.ts). Issue 12, item 6: while the hostile
filter or a big import runs, another tenant's list and /api/health must answer within
${TARGET_MS} ms at p99. Tenant B's list (a page of 20 of a 50-row entity, with the total, as
its signed-in builder) and /api/health, ${CONNECTIONS} autocannon connections each, for ${SECONDS} s
per phase: **alone** (nothing else runs: the floor); **filter** (tenant A keeps
${HOSTILE_LOOPS} requests in flight of the dearest filter the budget accepts: four
case-insensitive \`.{0,5}a.{0,5}b\` regexes over as many rows as FILTER_WORK_BUDGET allows);
**imports** (tenant A's end users post the largest CSV they may, END_USER_IMPORT's rows just under its bytes
(${END_USER_IMPORT.limits.pglite.maxRows} rows and ${END_USER_IMPORT.limits.pglite.maxBytes / 1e3} KB on PGlite, ${END_USER_IMPORT.limits.postgres.maxRows} and ${END_USER_IMPORT.limits.postgres.maxBytes / 1e6} MB on PostgreSQL), in ${IMPORT_LOOPS} loops, each end
user until the rate limit stops them and then the next; anonymous visitors until their
allowance is used; and, on PostgreSQL, A's owner imports the same file through the
builder's grid in a loop — on PGlite an owner's import holds the only connection, a
documented limit of the embedded database). Production server bundle, LOG_LEVEL=error, a fresh database each (PGlite data dir;
a PostgreSQL database created and dropped), on the shared 2-core machine with the client
on the same cores; 1-minute load average ${loadBefore} before the run and ${loadAfter} after
it (other processes included). p99 at or over the target in bold; errors are non-2xx
answers and socket errors (autocannon's timeout is 10 s).

${table}

What tenant A ran (HTTP statuses of its requests during the phase):
${attacks}

Target: p99 < ${TARGET_MS} ms and 0 errors for tenant B in every phase. ${
      misses.length === 0 ? "Met everywhere." : `Missed: ${misses.join(", ")}.`
    }
`;
    process.stdout.write(`${text}\n`);
    mkdirSync(join(ROOT, "bench/results"), { recursive: true });
    writeFileSync(join(ROOT, `bench/results/isolation-${date}.md`), text);
  });
}

await main();
