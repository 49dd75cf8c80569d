/**
 * When a run's stream ends before its `done` event (a proxy cut it, the network blinked,
 * the server restarted), the run itself goes on on the server and the page re-attaches to
 * GET …/runs/{id}/events. Bounded: a few tries with growing waits, and the count starts over
 * whenever a stream delivers events again, so a long run that drops now and then keeps going
 * (the opening snapshot alone does not count: a stream that drops right after it would otherwise loop),
 * while a server that stays unreachable ends in a clear message instead of a spinner forever.
 */
export const REATTACH_POLICY = { maxAttempts: 5, baseDelayMs: 500, maxDelayMs: 8_000 } as const;

export type ReattachDecision = { reattach: true; delayMs: number } | { reattach: false };

export function decideReattach(input: {
  /** The stream delivered `done`: nothing to re-attach to. */
  finished: boolean;
  /** The run's id, known from its snapshot; without it there is nothing to re-attach to. */
  runId: string | null;
  /**
   * The view the stream left is already over (errored, or succeeded with every verdict in):
   * a finished run's stream that closed without repeating `done` needs no re-attach.
   */
  resolved?: boolean;
  /** The page stopped watching (cancel, reset, unmount). */
  aborted: boolean;
  /** Re-attach attempts made since the last stream that delivered events. */
  attempt: number;
  policy?: { maxAttempts: number; baseDelayMs: number; maxDelayMs: number };
}): ReattachDecision {
  const policy = input.policy ?? REATTACH_POLICY;
  if (input.finished || input.resolved || input.aborted || input.runId === null) return { reattach: false };
  if (input.attempt >= policy.maxAttempts) return { reattach: false };
  const delayMs = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** input.attempt);
  return { reattach: true, delayMs };
}
