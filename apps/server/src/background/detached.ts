import { log } from "../log.ts";

/**
 * Wraps a callback that runs outside any request — a change-bus or chat-hub listener, a
 * LISTEN/NOTIFY handler, a timer, a pump, a job — so that it can never take the process
 * down. Nothing awaits such a callback: a throw would escape from the emitter or timer that
 * called it, and a rejected promise would be unhandled, which ends a Node process (issue 12:
 * one anonymous SSE request did exactly that). Here both are logged with `what` and the
 * given fields, and the caller's emitter goes on to its other listeners.
 */
export function detached<A extends unknown[]>(
  what: string,
  fn: (...args: A) => unknown,
  fields?: Record<string, unknown>,
): (...args: A) => void {
  const fail = (error: unknown) => log.error(`${what} failed`, { ...fields, error });
  return (...args: A) => {
    try {
      const result = fn(...args);
      if (isThenable(result)) result.then(undefined, fail);
    } catch (error) {
      fail(error);
    }
  };
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as { then?: unknown } | null)?.then === "function";
}
