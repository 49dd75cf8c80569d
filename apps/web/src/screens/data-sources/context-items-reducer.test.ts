import type { ContextItem } from "@liftoff/domain";
import { describe, expect, it } from "vitest";
import { contextItemsReducer, INITIAL_CONTEXT_ITEMS_STATE } from "./context-items-reducer.ts";

function item(id: string, createdAt: string, extra: Partial<ContextItem> = {}): ContextItem {
  return {
    id,
    appId: "app-1",
    name: `Item ${id}`,
    type: "txt",
    source: "local files",
    status: "pending",
    size: 10,
    createdAt,
    updatedAt: createdAt,
    lastSyncedAt: null,
    externalFileUrl: null,
    externalFileId: null,
    numOfChunks: 0,
    providerItemId: null,
    provider: "liftoff",
    error: null,
    progress: null,
    attempts: 0,
    ...extra,
  };
}

const older = item("a", "2026-01-01T00:00:00.000Z");
const newer = item("b", "2026-01-02T00:00:00.000Z");

describe("contextItemsReducer", () => {
  it("starts loading and a snapshot makes it ready, newest first", () => {
    const state = contextItemsReducer(INITIAL_CONTEXT_ITEMS_STATE, {
      type: "event",
      event: { type: "snapshot", contextItems: [older, newer], hasReachedDataLimit: true },
    });
    expect(state.status).toBe("ready");
    expect(state.items.map((entry) => entry.id)).toEqual(["b", "a"]);
    expect(state.hasReachedDataLimit).toBe(true);
  });

  it("replaces a changed item in place and adds a new one in order", () => {
    const ready = contextItemsReducer(INITIAL_CONTEXT_ITEMS_STATE, {
      type: "event",
      event: { type: "snapshot", contextItems: [older], hasReachedDataLimit: false },
    });
    const synced = { ...older, status: "synced" as const, numOfChunks: 4 };
    const changed = contextItemsReducer(ready, { type: "event", event: { type: "item", item: synced } });
    expect(changed.items).toEqual([synced]);
    const added = contextItemsReducer(changed, { type: "event", event: { type: "item", item: newer } });
    expect(added.items.map((entry) => entry.id)).toEqual(["b", "a"]);
  });

  it("drops removed items, from the stream or the builder", () => {
    const ready = contextItemsReducer(INITIAL_CONTEXT_ITEMS_STATE, {
      type: "event",
      event: { type: "snapshot", contextItems: [older, newer], hasReachedDataLimit: false },
    });
    const streamed = contextItemsReducer(ready, { type: "event", event: { type: "removed", itemId: "a" } });
    expect(streamed.items.map((entry) => entry.id)).toEqual(["b"]);
    const local = contextItemsReducer(streamed, { type: "remove", itemId: "b" });
    expect(local.items).toEqual([]);
  });

  it("a later snapshot replaces everything (a reconnect after a missed removal)", () => {
    const ready = contextItemsReducer(INITIAL_CONTEXT_ITEMS_STATE, {
      type: "event",
      event: { type: "snapshot", contextItems: [older, newer], hasReachedDataLimit: true },
    });
    const again = contextItemsReducer(ready, {
      type: "event",
      event: { type: "snapshot", contextItems: [newer], hasReachedDataLimit: false },
    });
    expect(again.items.map((entry) => entry.id)).toEqual(["b"]);
    expect(again.hasReachedDataLimit).toBe(false);
  });

  it("upserts the builder's own changes", () => {
    const state = contextItemsReducer(INITIAL_CONTEXT_ITEMS_STATE, { type: "upsert", items: [older, newer] });
    const renamed = contextItemsReducer(state, { type: "upsert", items: [{ ...older, name: "Renamed" }] });
    expect(renamed.items.map((entry) => entry.name)).toEqual(["Item b", "Renamed"]);
  });

  it("keeps the stream's newer copy when the builder's own older answer arrives after it", () => {
    // The POST answered Pending, but a fast job's Synced came over the stream first.
    const created = item("c", "2026-01-03T00:00:00.000Z");
    const synced = { ...created, status: "synced" as const, updatedAt: "2026-01-03T00:00:00.050Z" };
    let state = contextItemsReducer(INITIAL_CONTEXT_ITEMS_STATE, {
      type: "event",
      event: { type: "snapshot", contextItems: [], hasReachedDataLimit: false },
    });
    state = contextItemsReducer(state, { type: "event", event: { type: "item", item: synced } });
    state = contextItemsReducer(state, { type: "upsert", items: [created] });
    expect(state.items.map((entry) => entry.status)).toEqual(["synced"]);
    // A re-sync's answer is newer than what is shown: it wins.
    const resynced = { ...synced, status: "pending" as const, updatedAt: "2026-01-04T00:00:00.000Z" };
    state = contextItemsReducer(state, { type: "upsert", items: [resynced] });
    expect(state.items.map((entry) => entry.status)).toEqual(["pending"]);
    // Equal times: the later arrival wins (a progress write within the same millisecond).
    const running = { ...resynced, status: "running" as const };
    state = contextItemsReducer(state, { type: "event", event: { type: "item", item: running } });
    expect(state.items.map((entry) => entry.status)).toEqual(["running"]);
  });

  it("a failure before the first snapshot is an error; after it, the list stays", () => {
    expect(contextItemsReducer(INITIAL_CONTEXT_ITEMS_STATE, { type: "failed" }).status).toBe("error");
    const ready = contextItemsReducer(INITIAL_CONTEXT_ITEMS_STATE, {
      type: "event",
      event: { type: "snapshot", contextItems: [older], hasReachedDataLimit: false },
    });
    expect(contextItemsReducer(ready, { type: "failed" })).toBe(ready);
  });

  it("reset goes back to loading", () => {
    const ready = contextItemsReducer(INITIAL_CONTEXT_ITEMS_STATE, {
      type: "event",
      event: { type: "snapshot", contextItems: [older], hasReachedDataLimit: true },
    });
    expect(contextItemsReducer(ready, { type: "reset" })).toEqual(INITIAL_CONTEXT_ITEMS_STATE);
  });
});
