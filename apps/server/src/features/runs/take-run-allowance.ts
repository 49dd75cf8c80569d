import { type Database, preparedCompiled } from "@liftoff/db";
import { AppError, RUN_MESSAGES } from "@liftoff/domain";
import { type Compilable, type Kysely, sql } from "kysely";
import type { RunWindow } from "./run-windows.ts";

/** The message prefix of a refusal raised by the allowance statement (liftoff_refuse). */
const REFUSED = "liftoff:refused:";
const CREDITS = "credits";

/**
 * Counts one run against the per-IP limits, charges the builder's credits and stores the
 * run, in ONE statement: a run starts with a single round trip to the database, and the
 * rows it locks (the address's counters, the builder's account, which every run of the
 * builder's apps shares) are held only while Postgres runs that statement — never across a
 * client round trip, where concurrent runs would queue on the account's lock.
 *
 * Each window is a guarded upsert — the counter is created at 1, or incremented only while
 * below its limit — so concurrent runs from one address (on any instance) are counted one
 * after the other and exactly `limit` get through. The charge holds only while appRunsUsed
 * stays within appRunsTotal. When a window is full or the credits are spent,
 * `liftoff_refuse` raises and the whole statement is undone: nothing is counted, charged or
 * stored, and the refusal is thrown (a full window first, as the end user can act on it).
 *
 * `store`: inserts (a run, a message) written by the same statement; they only land with
 * the charge, so they carry it (creditsCharged = credits, chargedAccountId). Inside a
 * caller's transaction the statement joins it (the assistant locks its conversation first).
 */
export async function takeRunAllowance(
  db: Kysely<Database>,
  input: {
    appId: string;
    ipHash: string;
    windows: readonly RunWindow[];
    credits: number;
    accountId: string;
    appRunsTotal: number;
    /** The refusals' texts (default: the runs' messages); the assistant has its own. */
    messages?: { limit: (window: RunWindow) => string; unavailable: string };
    store?: readonly Compilable[];
  },
): Promise<void> {
  const parts = [];
  if (input.windows.length > 0) {
    const rows = input.windows.map(
      (window) => sql`(${input.appId}, ${input.ipHash}, ${window.key}::text, 1, ${window.resetsAt})`,
    );
    const limits = input.windows.map((window) => sql`when ${window.key}::text then ${window.limit}::int`);
    parts.push(sql`"counted" as (
      insert into "run_counters" ("appId", "ipHash", "window", "count", "expiresAt")
      values ${sql.join(rows)}
      on conflict ("appId", "ipHash", "window") do update set "count" = "run_counters"."count" + 1
      where "run_counters"."count" < (case "excluded"."window" ${sql.join(limits, sql` `)} end)
      returning "window"
    )`);
  }
  if (input.credits > 0)
    parts.push(sql`"charged" as (
      update "accounts" set "appRunsUsed" = "appRunsUsed" + ${input.credits}::int
      where "id" = ${input.accountId} and "appRunsUsed" + ${input.credits}::int <= ${input.appRunsTotal}::int
      returning "id"
    )`);
  (input.store ?? []).forEach((query, index) => {
    parts.push(sql`${sql.ref(`stored${index}`)} as (${query})`);
  });

  // The first window that did not count the run (in the windows' order), else the credits.
  const keys = input.windows.map((window, index) => sql`(${window.key}::text, ${index}::int)`);
  const refusal = [
    ...(input.windows.length > 0
      ? [
          sql`(select ${REFUSED} || "key" from (values ${sql.join(keys)}) as "w" ("key", "order")
            where "key" not in (select "window" from "counted") order by "order" limit 1)`,
        ]
      : []),
    ...(input.credits > 0
      ? [sql`(case when not exists (select 1 from "charged") then ${REFUSED + CREDITS} end)`]
      : []),
  ];
  const check = refusal.length > 0 ? sql`coalesce(${sql.join(refusal)})` : sql`null::text`;
  const statement =
    parts.length > 0
      ? sql`with ${sql.join(parts)} select "liftoff_refuse"(${check}) as "ok"`
      : sql`select "liftoff_refuse"(${check}) as "ok"`;
  // Its text depends only on how many windows and inserts there are: a named statement on
  // PostgreSQL, planned once per connection (preparedCompiled).
  const compiled = statement.compile(db);
  preparedCompiled(compiled.sql);
  try {
    await db.executeQuery(compiled);
  } catch (error) {
    // The app was deleted since the tool was loaded (its rows cascade away): as if never there.
    if ((error as { code?: unknown } | null)?.code === "23503")
      throw new AppError("NOT_FOUND", RUN_MESSAGES.notFound);
    const reason = refusalOf(error);
    if (reason === null) throw error;
    if (reason === CREDITS)
      throw new AppError("PLAN_LIMIT", input.messages?.unavailable ?? RUN_MESSAGES.unavailable, {
        reason: "app_runs_limit",
      });
    const window = input.windows.find((candidate) => candidate.key === reason);
    if (!window) throw error;
    throw new AppError(
      "RATE_LIMITED",
      input.messages
        ? input.messages.limit(window)
        : window.reason === "daily"
          ? RUN_MESSAGES.dailyLimit(window.limit)
          : RUN_MESSAGES.weeklyLimit(window.limit),
      { reason: window.reason, limit: window.limit, resetsAt: window.resetsAt.toISOString() },
    );
  }
}

/** The refusal a liftoff_refuse raise carries (a window key or "credits"), else null. */
function refusalOf(error: unknown): string | null {
  const message = (error as { message?: unknown } | null)?.message;
  if (typeof message !== "string" || !message.startsWith(REFUSED)) return null;
  const code = (error as { code?: unknown }).code;
  if (code !== undefined && code !== "P0001") return null;
  return message.slice(REFUSED.length);
}
