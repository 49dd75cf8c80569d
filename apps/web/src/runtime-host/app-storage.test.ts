import { describe, expect, it } from "vitest";
import { appStorageKey, MAX_APP_STORAGE_CHARS, readAppStorage, writeAppStorageItem } from "./app-storage.ts";

function memory(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

describe("app storage", () => {
  it("keeps each app under its own key", () => {
    const storage = memory();
    writeAppStorageItem(storage, appStorageKey("a"), "k", "1");
    writeAppStorageItem(storage, appStorageKey("b"), "k", "2");
    expect(readAppStorage(storage, appStorageKey("a"))).toEqual({ k: "1" });
    expect(readAppStorage(storage, appStorageKey("b"))).toEqual({ k: "2" });
    expect(appStorageKey("a")).not.toBe(appStorageKey("b"));
  });

  it("reads corrupt or foreign values as an empty store, keeping only string values", () => {
    expect(readAppStorage(memory({ k: "not json" }), "k")).toEqual({});
    expect(readAppStorage(memory({ k: "[1,2]" }), "k")).toEqual({});
    expect(readAppStorage(memory({ k: "null" }), "k")).toEqual({});
    expect(readAppStorage(memory({ k: '{"a":"x","b":2}' }), "k")).toEqual({ a: "x" });
    expect(readAppStorage(null, "k")).toEqual({});
  });

  it("survives storage that throws", () => {
    const throwing = {
      getItem: () => {
        throw new Error("blocked");
      },
      setItem: () => {
        throw new Error("quota");
      },
      removeItem: () => undefined,
    };
    expect(readAppStorage(throwing, "k")).toEqual({});
    expect(writeAppStorageItem(throwing, "k", "a", "b")).toBe(false);
  });

  it("refuses a write that would go over the limit and keeps the earlier values", () => {
    const storage = memory();
    expect(writeAppStorageItem(storage, "k", "small", "v")).toBe(true);
    expect(writeAppStorageItem(storage, "k", "big", "x".repeat(MAX_APP_STORAGE_CHARS))).toBe(false);
    expect(readAppStorage(storage, "k")).toEqual({ small: "v" });
  });
});
