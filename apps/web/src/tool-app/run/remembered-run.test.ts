import { describe, expect, it } from "vitest";
import { forgetRunId, type RunIdStorage, readRememberedRunId, rememberRunId } from "./remembered-run.ts";

/** A Storage with the Web Storage semantics the functions rely on (string values by key). */
class MemoryStorage implements RunIdStorage {
  private readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

describe("remembered run ids", () => {
  it("keeps one run id per app and tool", () => {
    const storage = new MemoryStorage();
    rememberRunId(storage, "app", "tool-a", "run-1");
    rememberRunId(storage, "app", "tool-b", "run-2");
    expect(readRememberedRunId(storage, "app", "tool-a")).toBe("run-1");
    expect(readRememberedRunId(storage, "app", "tool-b")).toBe("run-2");
    forgetRunId(storage, "app", "tool-a");
    expect(readRememberedRunId(storage, "app", "tool-a")).toBeNull();
  });

  it("works without storage and survives storage that throws", () => {
    const throwing: RunIdStorage = {
      getItem: () => {
        throw new Error("blocked");
      },
      setItem: () => {
        throw new Error("full");
      },
      removeItem: () => {
        throw new Error("blocked");
      },
    };
    expect(() => rememberRunId(throwing, "a", "t", "r")).not.toThrow();
    expect(readRememberedRunId(throwing, "a", "t")).toBeNull();
    expect(readRememberedRunId(null, "a", "t")).toBeNull();
    expect(() => forgetRunId(null, "a", "t")).not.toThrow();
  });
});
