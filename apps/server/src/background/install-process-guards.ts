import { log } from "../log.ts";

/**
 * The last line of defence for the server process (main.ts only: tests run without it, so
 * Vitest still reports and fails on anything unhandled). Every background callback catches
 * its own errors (`detached`); reaching these handlers is a bug, and they say which.
 *
 * - An unhandled rejection is logged with its stack and the process keeps serving: a
 *   rejected promise leaves no half-run synchronous code behind, and Node's default (exit)
 *   would let one bad request take every tenant down (issue 12).
 * - An uncaught exception may have left synchronous state half-changed, which Node's
 *   documentation says is unsafe to continue from: it is logged and the process stops
 *   gracefully with exit code 1 (`stop`), for the supervisor to restart.
 */
export function installProcessGuards(stop: (reason: string) => void): void {
  process.on("unhandledRejection", (reason) => {
    log.error("unhandled promise rejection (a callback without its own catch); still serving", {
      error: reason,
    });
  });
  process.on("uncaughtException", (error, origin) => {
    log.error("uncaught exception; stopping", { error, origin });
    stop("uncaughtException");
  });
}
