import { AppError } from "@liftoff/domain";
import { clientNetworkOf } from "./client-network-of.ts";

/** Most watch streams one client address may hold open at once on one instance (ours). */
export const WATCH_STREAMS_PER_CLIENT = 50;

const open = new Map<string, number>();

/**
 * Takes one of the client's places for a watch stream (a run's or an assistant reply's
 * events), or refuses with 429 when it holds them all: each open stream keeps a
 * connection and timers, and one of a job on another instance reads the database every
 * second, so a visitor must not open them without end. Returns the release, to call once
 * when the stream ends (later calls do nothing). IPv6 clients count by their /64.
 */
export function takeWatchSlot(ip: string): () => void {
  const key = clientNetworkOf(ip);
  const count = open.get(key) ?? 0;
  if (count >= WATCH_STREAMS_PER_CLIENT)
    throw new AppError(
      "RATE_LIMITED",
      "Too many open streams from your address. Close some tabs and try again.",
      {
        reason: "open_streams",
        limit: WATCH_STREAMS_PER_CLIENT,
      },
    );
  open.set(key, count + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const left = (open.get(key) ?? 1) - 1;
    if (left <= 0) open.delete(key);
    else open.set(key, left);
  };
}
