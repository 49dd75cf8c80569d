import { costlyStatement, type DatabaseKind } from "@liftoff/db";
import {
  AppError,
  cheapFilterPart,
  type FilterNode,
  filterRowCost,
  filterStatementCost,
  type ReadScope,
} from "@liftoff/domain";
import { sql } from "kysely";
import type { Deps } from "../../http/app-env.ts";
import { scopedRows } from "./scoped-rows.ts";

/**
 * Filters costing at most this per row (filterRowCost: a couple of containments or indexed
 * comparisons) run as before. Anything dearer — a $regex, ranges that look inside arrays,
 * long $or chains — is budgeted (checkFilterBudget) and runs as a costly statement.
 */
export const CHEAP_FILTER_ROW_COST = 3;

/**
 * The work one filtered statement may do: its fixed cost (compiling its regular expressions,
 * filterStatementCost) plus its per-row cost times the rows it must look at,
 * in filterRowCost's units (about a microsecond of the embedded database each). PGlite
 * runs one statement at a time on the event loop, so its budget is what every other
 * request may be made to wait (~50 ms, well under the 200 ms p99 the platform promises
 * other tenants). On a server the statement runs on its own connection with a 5 s
 * timeout (COSTLY_STATEMENT_TIMEOUT_MS), so the budget is larger.
 */
export const FILTER_WORK_BUDGET: Readonly<Record<DatabaseKind, number>> = {
  pglite: 50_000,
  postgres: 2_000_000,
};

/**
 * A costly-shaped filter whose whole work (statement cost plus per-row cost times its
 * counted candidates) stays within this is not costly in fact: a search box's regex over
 * the few hundred rows an indexed condition leaves is a few milliseconds, like any list.
 * It runs with the fast statements (shared pipelined connections, no costly gate) instead
 * of queueing behind genuinely costly ones on their small pool: regex over a bounded
 * candidate set is ordinary work (issue 12's load target: 20 search-box clients at once
 * were held to the 2 costly connections, 11 requests/s and 3-5 s at p99).
 */
export const FILTER_FAST_WORK: Readonly<Record<DatabaseKind, number>> = {
  pglite: 5_000,
  postgres: 30_000,
};

/**
 * Candidate counts are kept this long per (statement, parameters): a search box sends the
 * same narrowing again and again, and the count is a guard against runaway work, not an
 * answer anyone reads, so a count a second old serves it as well as a fresh one.
 */
export const CANDIDATE_COUNT_TTL_MS = 1_000;
const CANDIDATE_COUNTS_MAX = 2_000;
const candidateCounts = new Map<string, { n: number; at: number }>();
const countsRunning = new Map<string, Promise<number>>();

export const FILTER_TOO_COSTLY_MESSAGE =
  "This filter is too costly for this many records. Narrow it with a condition on a declared field (for example status or a date range), or use fewer $regex and $or conditions.";

/**
 * Decides whether a filter may run, before it runs: a cheap one always may (false: run it
 * as usual); a costly one only when its cost per row times the rows it would be evaluated
 * on stays within the database's FILTER_WORK_BUDGET — and then it runs as a costly
 * statement (true, see runCostly) unless that work is within FILTER_FAST_WORK (false). The rows are counted with the filter's cheap part (cheapFilterPart: the
 * app, entity, read scope and any indexed conditions ANDed at the top), up to the most
 * the budget allows plus one, so the count itself costs at most the budget. Over budget is
 * a 400 that says how to narrow the filter: an honest refusal rather than a partial answer.
 */
export async function checkFilterBudget(options: {
  deps: Pick<Deps, "db" | "dbKind">;
  appId: string;
  entity: string;
  scope: ReadScope;
  filter: FilterNode | null;
}): Promise<boolean> {
  const { deps, appId, entity, scope, filter } = options;
  if (!filter || scope.kind === "nothing") return false;
  const cost = filterRowCost(filter);
  if (cost <= CHEAP_FILTER_ROW_COST) return false;
  const allowed = Math.floor((FILTER_WORK_BUDGET[deps.dbKind] - filterStatementCost(filter)) / cost);
  if (allowed < 1) throw new AppError("BAD_REQUEST", FILTER_TOO_COSTLY_MESSAGE, { cost });
  const narrowing = cheapFilterPart(filter, CHEAP_FILTER_ROW_COST);
  const candidates = scopedRows(deps.db, { appId, entity, scope, filter: narrowing })
    .select(sql`1`.as("one"))
    .limit(allowed + 1);
  const count = deps.db
    .selectFrom(candidates.as("candidates"))
    .select(sql<number>`count(*)::int`.as("n"))
    .compile();
  const n = await countCandidates(deps, count);
  if (n > allowed) {
    throw new AppError("BAD_REQUEST", FILTER_TOO_COSTLY_MESSAGE, { cost, maxRecords: allowed });
  }
  return filterStatementCost(filter) + n * cost > FILTER_FAST_WORK[deps.dbKind];
}

async function countCandidates(
  deps: Pick<Deps, "db">,
  count: { sql: string; parameters: readonly unknown[] },
): Promise<number> {
  const key = `${count.sql}\u0000${JSON.stringify(count.parameters)}`;
  const now = Date.now();
  const hit = candidateCounts.get(key);
  if (hit && now - hit.at < CANDIDATE_COUNT_TTL_MS) return hit.n;
  // One count at a time per key: twenty search boxes missing the cache together share it
  // instead of queueing twenty counts on the costly connections.
  const running = countsRunning.get(key);
  if (running) return running;
  const counting = (async () => {
    // Bounded by the budget, but not fast: on PostgreSQL it too stays off the pipelines.
    const counted = await deps.db.executeQuery<{ n: number }>({
      ...count,
      sql: costlyStatement(count.sql),
    } as Parameters<typeof deps.db.executeQuery>[0]);
    const n = counted.rows[0]?.n ?? 0;
    if (candidateCounts.size >= CANDIDATE_COUNTS_MAX) candidateCounts.clear();
    candidateCounts.set(key, { n, at: Date.now() });
    return n;
  })();
  countsRunning.set(key, counting);
  try {
    return await counting;
  } finally {
    countsRunning.delete(key);
  }
}
