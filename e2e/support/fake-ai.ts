import { inject } from "vitest";
import type { FakeReply } from "../../apps/server/src/testing/fake-openai-server.ts";

/**
 * Scripts the fake model provider the e2e server talks to (started by global-setup): the
 * next chat completions answer with these replies, in order.
 */
export async function enqueueAiReplies(...replies: FakeReply[]): Promise<void> {
  const res = await fetch(`${inject("fakeAiControlUrl")}/enqueue`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ replies }),
  });
  if (!res.ok) throw new Error(`fake AI enqueue failed: ${res.status}`);
}

/** Drops queued replies and recorded requests (a clean start for a test). */
export async function resetFakeAi(): Promise<void> {
  await fetch(`${inject("fakeAiControlUrl")}/reset`, { method: "POST" });
}

export async function fakeAiState(): Promise<{ pending: number; completionRequests: number }> {
  return (await fetch(`${inject("fakeAiControlUrl")}/state`)).json() as Promise<{
    pending: number;
    completionRequests: number;
  }>;
}
