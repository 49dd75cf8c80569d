/**
 * The comment that marks a statement as costly: an entity list or count whose filter has a
 * regular expression or other per-row work the indexes cannot narrow (filterRowCost). On
 * PostgreSQL such statements never go to the shared pipelined connections, where a slow
 * one delays every statement queued behind it on its connection (other tenants' fast
 * lists and gets): they run on a small pool of their own with a shorter statement timeout
 * (see pipelinedPool and COSTLY_STATEMENT_TIMEOUT_MS). On PGlite it selects the shorter
 * time limit (statementTimeout).
 */
export const COSTLY_MARK = "/* liftoff:costly */ ";

/** Connections of the pool that runs costly statements: at most this many run at once. */
export const COSTLY_CONNECTIONS = 2;

/** The longest a costly statement may run on PostgreSQL before the server cancels it. */
export const COSTLY_STATEMENT_TIMEOUT_MS = 5_000;

/** How long a costly statement may wait for a connection of its pool before it fails. */
export const COSTLY_QUEUE_TIMEOUT_MS = 5_000;

/** The statement text marked as costly. */
export function costlyStatement(text: string): string {
  return text.startsWith(COSTLY_MARK) ? text : COSTLY_MARK + text;
}

export function isCostlyStatement(text: string): boolean {
  return text.startsWith(COSTLY_MARK);
}
