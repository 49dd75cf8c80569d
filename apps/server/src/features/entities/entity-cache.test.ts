import { describe, expect, it } from "vitest";
import { cached, ENTITY_CACHE_TTL_MS, forgetApp } from "./entity-cache.ts";

describe("entity cache", () => {
  it("shares one load between callers until it expires or the app is forgotten", async () => {
    let loads = 0;
    const load = async () => ++loads;
    const appId = `app-${Math.random()}`;
    expect(await cached(appId, "entity", "Task", load, 0)).toBe(1);
    expect(await cached(appId, "entity", "Task", load, 10)).toBe(1);
    expect(await cached(appId, "entity", "Task", load, ENTITY_CACHE_TTL_MS + 1)).toBe(2);
    forgetApp(appId);
    expect(await cached(appId, "entity", "Task", load, ENTITY_CACHE_TTL_MS + 2)).toBe(3);
    expect(await cached(`${appId}x`, "entity", "Task", load, ENTITY_CACHE_TTL_MS + 2)).toBe(4);
  });

  it("does not keep a failed load", async () => {
    const appId = `app-${Math.random()}`;
    await expect(cached(appId, "app", "owner", () => Promise.reject(new Error("down")), 0)).rejects.toThrow(
      "down",
    );
    expect(await cached(appId, "app", "owner", async () => "ok", 1)).toBe("ok");
  });
});
