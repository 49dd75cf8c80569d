/**
 * Where uploaded bytes live. Metadata (name, type, owner, privacy) is in `stored_files`;
 * the storage layer only maps keys to bytes, so a cloud bucket can replace the local disk
 * without touching the routes. Keys look like
 * `accounts/{accountId}/apps/{appId}/{fileId}-{safeName}` (spec section 7).
 */
export type Storage = {
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The bytes as a web stream, or null when nothing is stored under the key. */
  get(key: string): Promise<ReadableStream<Uint8Array> | null>;
  /** Removes the key; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
};
