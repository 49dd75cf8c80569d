import { describe, expect, it } from "vitest";
import { createMemoryStorage, installStorage } from "./memory-storage.ts";

describe("createMemoryStorage", () => {
  it("behaves like Storage and reports each real change", () => {
    const changes: [string, string | null][] = [];
    const storage = createMemoryStorage((key, value) => changes.push([key, value]));
    storage.setItem("a", "1");
    storage.setItem("a", "1"); // unchanged: not reported
    storage.setItem("n", 5 as unknown as string);
    expect(storage.getItem("a")).toBe("1");
    expect(storage.getItem("n")).toBe("5");
    expect(storage.getItem("missing")).toBeNull();
    expect(storage.length).toBe(2);
    expect(storage.key(0)).toBe("a");
    expect(storage.key(9)).toBeNull();
    storage.removeItem("a");
    storage.removeItem("a"); // already gone: not reported
    storage.clear();
    expect(storage.length).toBe(0);
    expect(changes).toEqual([
      ["a", "1"],
      ["n", "5"],
      ["a", null],
      ["n", null],
    ]);
  });

  it("seeds from the host without reporting, replacing what was there", () => {
    const changes: unknown[] = [];
    const storage = createMemoryStorage((key, value) => changes.push([key, value]));
    storage.setItem("old", "x");
    storage.seed({ theme: "dark", count: "3" });
    expect(storage.getItem("old")).toBeNull();
    expect(storage.getItem("theme")).toBe("dark");
    expect(changes).toEqual([["old", "x"]]);
  });

  it("supports property access like real Storage", () => {
    const changes: unknown[] = [];
    const storage = createMemoryStorage((key, value) => changes.push([key, value])) as Storage &
      Record<string, string>;
    storage.token = "abc";
    expect(storage.getItem("token")).toBe("abc");
    expect(storage.token).toBe("abc");
    expect("token" in storage).toBe(true);
    expect(Object.keys(storage)).toEqual(["token"]);
    expect(JSON.stringify({ ...storage })).toBe('{"token":"abc"}');
    delete storage.token;
    expect(storage.getItem("token")).toBeNull();
    expect(changes).toEqual([
      ["token", "abc"],
      ["token", null],
    ]);
  });
});

describe("installStorage", () => {
  it("replaces localStorage (reported) and sessionStorage (not) on the window", () => {
    const changes: unknown[] = [];
    const fakeWindow = {} as Window;
    const { local } = installStorage(fakeWindow, (key, value) => changes.push([key, value]));
    local.seed({ a: "1" });
    expect(fakeWindow.localStorage.getItem("a")).toBe("1");
    fakeWindow.localStorage.setItem("b", "2");
    fakeWindow.sessionStorage.setItem("s", "3");
    expect(fakeWindow.sessionStorage.getItem("s")).toBe("3");
    expect(changes).toEqual([["b", "2"]]);
  });
});
