import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createLocalDiskStorage } from "./create-local-disk-storage.ts";
import { appFileKey, safeFileName } from "./storage-key.ts";

const roots: string[] = [];
function storage() {
  const root = mkdtempSync(join(tmpdir(), "liftoff-storage-"));
  roots.push(root);
  return { root, store: createLocalDiskStorage(root) };
}
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});
const text = async (stream: ReadableStream<Uint8Array> | null) =>
  stream ? new Response(stream).text() : null;

describe("local disk storage", () => {
  it("puts, gets, replaces and deletes by key, leaving no temporary files", async () => {
    const { root, store } = storage();
    const key = "accounts/a1/apps/p1/f1-notes.txt";
    await store.put(key, new TextEncoder().encode("one"), "text/plain");
    await store.put(key, new TextEncoder().encode("two"), "text/plain");
    expect(await text(await store.get(key))).toBe("two");
    expect(readdirSync(join(root, "accounts", "a1", "apps", "p1"))).toEqual(["f1-notes.txt"]);
    await store.delete(key);
    await store.delete(key);
    expect(await store.get(key)).toBeNull();
    expect(await store.get("accounts/none")).toBeNull();
  });

  it.each(["../escape", "a/../../b", "/abs", "a//b", "a/.hidden", "a\\b", ""])(
    "refuses the key %j",
    async (key) => {
      const { store } = storage();
      await expect(store.put(key, new Uint8Array(1), "text/plain")).rejects.toThrow(/Invalid storage key/);
      await expect(store.get(key)).rejects.toThrow(/Invalid storage key/);
    },
  );

  it("makes names safe and builds keys as accounts/{account}/apps/{app}/{file}-{name}", () => {
    expect(safeFileName("../../etc/passwd")).toBe("etc-passwd");
    expect(safeFileName("My photo (1).PNG")).toBe("My-photo-1.PNG");
    expect(safeFileName("фото.png")).toBe("file.png");
    expect(safeFileName(".env")).toBe("env");
    expect(safeFileName("...")).toBe("file");
    expect(safeFileName("archive.tar.gz")).toBe("archive.tar.gz");
    expect(appFileKey("acc", "app", "f-1", "a b.png")).toBe("accounts/acc/apps/app/f-1-a-b.png");
  });
});
