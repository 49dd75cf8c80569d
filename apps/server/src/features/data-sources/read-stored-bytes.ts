import type { Storage } from "../../storage/storage.ts";

/** The whole stored object as bytes, or null when nothing is stored under the key. */
export async function readStoredBytes(storage: Storage, key: string): Promise<Uint8Array | null> {
  const stream = await storage.get(key);
  if (!stream) return null;
  const parts: Uint8Array[] = [];
  let length = 0;
  for await (const part of stream as unknown as AsyncIterable<Uint8Array>) {
    parts.push(part);
    length += part.byteLength;
  }
  const bytes = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    bytes.set(part, offset);
    offset += part.byteLength;
  }
  return bytes;
}
