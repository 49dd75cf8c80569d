import type { RuntimeBundle } from "@liftoff/domain";
import { describe, expect, it } from "vitest";
import type { BundleAnswer } from "./fetch-runtime-bundle.ts";
import { readForbiddenDetails } from "./fetch-runtime-bundle.ts";
import type { AppLookup } from "./host-route.ts";
import { loadRuntimeBundle } from "./load-runtime-bundle.ts";

const bundle = { versionId: "v1" } as RuntimeBundle;

function tokens(initial: Record<string, string>) {
  const kept = new Map(Object.entries(initial));
  return { kept, read: (id: string) => kept.get(id) ?? null, clear: (id: string) => void kept.delete(id) };
}

/** A server that knows one private app "a1" (slug "tb") accepting only token "good". */
function server(isPrivate: boolean) {
  const calls: Array<string | null> = [];
  const fetcher = async (_lookup: AppLookup, token: string | null): Promise<BundleAnswer> => {
    calls.push(token);
    if (token && token !== "good") return { status: "unauthorized" };
    if (isPrivate && token !== "good")
      return { status: "forbidden", appId: "a1", app: { name: "Task board" } };
    return { status: "ok", bundle };
  };
  return { calls, fetcher };
}

describe("loadRuntimeBundle", () => {
  it("loads a public app by slug without a token", async () => {
    const { calls, fetcher } = server(false);
    expect(await loadRuntimeBundle({ slug: "tb" }, tokens({}), fetcher)).toEqual({ status: "ok", bundle });
    expect(calls).toEqual([null]);
  });

  it("repeats a private app's request with the token kept for the app its 403 names", async () => {
    const { calls, fetcher } = server(true);
    expect(await loadRuntimeBundle({ slug: "tb" }, tokens({ a1: "good" }), fetcher)).toEqual({
      status: "ok",
      bundle,
    });
    expect(calls).toEqual([null, "good"]);
  });

  it("answers forbidden (go to login) when no token is kept", async () => {
    const { fetcher } = server(true);
    expect(await loadRuntimeBundle({ slug: "tb" }, tokens({}), fetcher)).toEqual({
      status: "forbidden",
      appId: "a1",
      app: { name: "Task board" },
    });
  });

  it("forgets a refused token", async () => {
    const { calls, fetcher } = server(true);
    const store = tokens({ a1: "expired" });
    const answer = await loadRuntimeBundle({ slug: "tb" }, store, fetcher);
    expect(answer.status).toBe("forbidden");
    expect(store.kept.has("a1")).toBe(false);
    expect(calls).toEqual([null, "expired"]);
  });

  it("sends the token at once when the app id is known, retrying without it when refused", async () => {
    const ok = server(false);
    await loadRuntimeBundle({ appId: "a1" }, tokens({ a1: "good" }), ok.fetcher);
    expect(ok.calls).toEqual(["good"]);
    const expired = server(false);
    const store = tokens({ a1: "old" });
    expect((await loadRuntimeBundle({ appId: "a1" }, store, expired.fetcher)).status).toBe("ok");
    expect(expired.calls).toEqual(["old", null]);
    expect(store.kept.size).toBe(0);
  });
});

describe("readForbiddenDetails", () => {
  it("reads the app id and public details in any shape", () => {
    expect(readForbiddenDetails({ appId: "a1" })).toEqual({ appId: "a1", app: null });
    expect(readForbiddenDetails({ app: { id: "a2", name: "CRM", isSignupEnabled: true } })).toEqual({
      appId: "a2",
      app: { id: "a2", name: "CRM", isSignupEnabled: true },
    });
    expect(readForbiddenDetails({ appId: "a1", slug: "tb" })).toEqual({ appId: "a1", app: { slug: "tb" } });
    expect(readForbiddenDetails({ app: { name: 3 } })).toEqual({ appId: null, app: null });
    expect(readForbiddenDetails({ appId: "a1", slug: "tb", reason: "not_published" })).toEqual({
      appId: "a1",
      app: { slug: "tb" },
      notPublished: true,
    });
    expect(readForbiddenDetails({ appId: "a1", reason: "other" })).toEqual({ appId: "a1", app: null });
    expect(readForbiddenDetails(undefined)).toEqual({ appId: null, app: null });
    expect(readForbiddenDetails("x")).toEqual({ appId: null, app: null });
  });
});
