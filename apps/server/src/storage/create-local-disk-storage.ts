import { randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, rename, rm, stat, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { Readable } from "node:stream";
import type { Storage } from "./storage.ts";
import { assertValidStorageKey } from "./storage-key.ts";

/**
 * Files on the local disk under `root` (DATA_DIR/files). A write goes to a temporary file
 * next to its target and is renamed into place, so a reader never sees half a file and a
 * crash mid-write leaves only a stray temp file, never a truncated upload.
 */
export function createLocalDiskStorage(root: string): Storage {
  const pathOf = (key: string) => {
    assertValidStorageKey(key);
    return join(root, ...key.split("/"));
  };
  return {
    async put(key, bytes) {
      const target = pathOf(key);
      await mkdir(dirname(target), { recursive: true });
      const temp = `${target}.${randomUUID()}.tmp`;
      try {
        await writeFile(temp, bytes, { mode: 0o600 });
        await rename(temp, target);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
    },
    async get(key) {
      const path = pathOf(key);
      const info = await stat(path).catch(() => null);
      if (!info?.isFile()) return null;
      return Readable.toWeb(createReadStream(path)) as ReadableStream<Uint8Array>;
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
