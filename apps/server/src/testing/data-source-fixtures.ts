import { type ContextItem, isContextItemWorking } from "@liftoff/domain";
import type { TestPlatform } from "./test-platform.ts";

/**
 * Waits until the ingest queue is done with an item (synced, error or usage limit reached),
 * reading it as the builder does (GET /api/context/items), and returns it.
 */
export async function waitForContextItem(
  t: TestPlatform,
  options: { token: string; appId: string; itemId: string; timeoutMs?: number },
): Promise<ContextItem> {
  const deadline = Date.now() + (options.timeoutMs ?? 20_000);
  for (;;) {
    const res = await t.request<{ contextItems: ContextItem[] }>(
      "GET",
      `/api/context/items?appId=${options.appId}`,
      { token: options.token },
    );
    const item = res.body.contextItems.find((entry) => entry.id === options.itemId);
    if (item && !isContextItemWorking(item.status)) return item;
    if (Date.now() > deadline) throw new Error(`item ${options.itemId} still ${item?.status ?? "missing"}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
