import type { Database } from "@liftoff/db";
import { type Kysely, sql } from "kysely";

/** An app with more embedded chunks than this is searched by the SQL first pass instead. */
export const SIGN_INDEX_MAX_APP_CHUNKS = 250_000;
/** Chunks whose signs this process keeps in memory, all apps together (~110 bytes each). */
export const SIGN_INDEX_MAX_CHUNKS = 500_000;

/** An item with a finished index, as the memory pass checks what it holds against. */
export type IndexedItem = { id: string; indexedGeneration: number; numOfChunks: number };

/** One item's finished index, for one vector size: its chunks' ids and sign bytes. */
type Segment = {
  dims: number;
  ids: string[];
  /**
   * strideOf(dims) bytes a chunk (whole 32-bit words, zero-padded), the first dimension in
   * the high bit of the first byte.
   */
  bytes: Uint8Array;
};

type AppSigns = { items: Map<string, { generation: number; segments: Segment[] }>; chunks: number };

type Store = {
  /** Least recently searched first (a Map keeps insertion order; a search moves its app last). */
  apps: Map<string, AppSigns>;
  /** Loads under way, by "itemId:generation": searches at once share one read. */
  loading: Map<string, Promise<Segment[]>>;
};

const stores = new WeakMap<Kysely<Database>, Store>();

function storeOf(db: Kysely<Database>): Store {
  let store = stores.get(db);
  if (!store) {
    store = { apps: new Map(), loading: new Map() };
    stores.set(db, store);
  }
  return store;
}

/**
 * The vector search's first pass from memory: the chunks of an app's finished indexes (the
 * items' indexedGeneration) whose sign bits best agree with the question's vector, best
 * first, at most `count` of them — or null when the app is too large to keep in memory (the
 * caller then runs the same pass in SQL).
 *
 * Why in memory: the first pass reads every chunk's 48 bytes, and in SQL that is a table
 * scan — 44–52 ms at 100,000 chunks in the embedded database's WebAssembly, 27 ms on a
 * server (bench/knowledge), above the retrieval budget by itself. Here it is one lookup
 * per byte in a table built from the question, a few milliseconds, and it runs beside the
 * full-text search instead of queueing behind it in the embedded database's one thread.
 *
 * The score is asymmetric: the question keeps its real values and each stored sign says
 * +1 or −1, so a chunk's score is the dot product of the question with its sign vector.
 * That tracks the true dot product better than the Hamming distance between two sign
 * strings (the SQL pass), so fewer candidates need exact scoring for the same recall.
 *
 * Never stale: every search checks what it holds against the app's items and their
 * finished generation — read by the caller where it has them (a run's cached tool, which
 * an item's sync announces), else here in one small query — and reads the signs of an item
 * only when its generation is new to this process; an item gone or re-indexed is dropped.
 * (A listing a moment old can only name chunks the exact scoring then drops.) Memory is bounded (SIGN_INDEX_MAX_CHUNKS, least
 * recently searched apps go first).
 */
export async function nearestBySigns(
  db: Kysely<Database>,
  options: {
    appId: string;
    itemIds?: readonly string[] | undefined;
    vector: readonly number[];
    count: number;
    /** The app's items with a finished index, when the caller has read them already. */
    indexedItems?: readonly IndexedItem[] | undefined;
    /** The memory's bounds (tests make them small). */
    bounds?: { appChunks: number; chunks: number } | undefined;
  },
): Promise<string[] | null> {
  const bounds = options.bounds ?? { appChunks: SIGN_INDEX_MAX_APP_CHUNKS, chunks: SIGN_INDEX_MAX_CHUNKS };
  const store = storeOf(db);
  const listed = options.indexedItems ?? (await listIndexedItems(db, options.appId));
  const total = listed.reduce((sum, item) => sum + item.numOfChunks, 0);
  if (total > bounds.appChunks) {
    store.apps.delete(options.appId);
    return null;
  }
  const app = freshen(store, options.appId);
  const current = new Map(listed.map((item) => [item.id, item.indexedGeneration]));
  for (const [itemId, held] of app.items) if (current.get(itemId) !== held.generation) dropItem(app, itemId);
  const missing = [...current].filter(([itemId]) => !app.items.has(itemId));
  const loaded = await Promise.all(
    missing.map(([itemId, generation]) => loadItem(db, store, options.appId, itemId, generation)),
  );
  missing.forEach(([itemId, generation], index) => {
    // Another search may have added it meanwhile: generations only grow, the newer one stays.
    const held = app.items.get(itemId);
    if (held && held.generation >= generation) return;
    dropItem(app, itemId);
    const segments = loaded[index] ?? [];
    const chunks = segments.reduce((sum, segment) => sum + segment.ids.length, 0);
    // (If the app was evicted meanwhile, this entry serves this search alone.)
    app.items.set(itemId, { generation, segments });
    app.chunks += chunks;
  });
  const wanted = options.itemIds ? new Set(options.itemIds) : null;
  const segments = [...app.items]
    .filter(([itemId, held]) => current.get(itemId) === held.generation && (!wanted || wanted.has(itemId)))
    .flatMap(([, held]) => held.segments.filter((segment) => segment.dims === options.vector.length));
  const nearest = bestBySigns(segments, options.vector, options.count);
  evict(store, options.appId, bounds.chunks);
  return nearest;
}

/** An app's items with a finished index (the searchable ones). */
export async function listIndexedItems(
  db: Kysely<Database>,
  appId: string,
): Promise<(IndexedItem & { type: string })[]> {
  const rows = await db
    .selectFrom("context_items")
    .select(["id", "type", "indexedGeneration", "numOfChunks"])
    .where("appId", "=", appId)
    .where("indexedGeneration", "is not", null)
    .execute();
  return rows.map((row) => ({ ...row, indexedGeneration: row.indexedGeneration ?? 0 }));
}

/**
 * Forgets every app's signs held for `db`, as a restart would. The product never needs it —
 * an item's chunks are written under a new generation at each attempt — but the benches grow
 * finished indexes in place, which the memory could not see.
 */
export function forgetSignIndex(db: Kysely<Database>): void {
  stores.delete(db);
}

/** What this process holds for `db`: apps (least recently searched first) and their chunks. */
export function heldSigns(db: Kysely<Database>): { appId: string; chunks: number }[] {
  return [...(stores.get(db)?.apps ?? [])].map(([appId, app]) => ({ appId, chunks: app.chunks }));
}

/** The app's entry, made the most recently used. */
function freshen(store: Store, appId: string): AppSigns {
  const app = store.apps.get(appId) ?? { items: new Map(), chunks: 0 };
  store.apps.delete(appId);
  store.apps.set(appId, app);
  return app;
}

function dropItem(app: AppSigns, itemId: string): void {
  const held = app.items.get(itemId);
  if (!held) return;
  app.items.delete(itemId);
  app.chunks -= held.segments.reduce((sum, segment) => sum + segment.ids.length, 0);
}

/**
 * The least recently searched apps go until the store is within its bound (never `keep`).
 * The total is summed from the entries each time, so searches running at once (one adding
 * to an entry another evicts) can never make the count drift.
 */
function evict(store: Store, keep: string, bound: number): void {
  let total = 0;
  for (const app of store.apps.values()) total += app.chunks;
  for (const [appId, app] of [...store.apps]) {
    if (total <= bound) return;
    if (appId === keep) continue;
    store.apps.delete(appId);
    total -= app.chunks;
  }
}

/** One item's signs of one generation, grouped by vector size; shared by searches at once. */
function loadItem(
  db: Kysely<Database>,
  store: Store,
  appId: string,
  itemId: string,
  generation: number,
): Promise<Segment[]> {
  const key = `${itemId}:${generation}`;
  const running = store.loading.get(key);
  if (running) return running;
  const load = (async () => {
    const found = await sql<{ chunkId: string; signs: string }>`
      select s."chunkId", s."signs"::text as "signs" from "context_chunk_signs" s
      where s."appId" = ${appId} and s."itemId" = ${itemId} and s."generation" = ${generation}`.execute(db);
    const bySize = new Map<number, { chunkId: string; signs: string }[]>();
    for (const row of found.rows) {
      const rows = bySize.get(row.signs.length) ?? [];
      rows.push(row);
      bySize.set(row.signs.length, rows);
    }
    return [...bySize].map(([dims, rows]) => {
      const width = strideOf(dims);
      const bytes = new Uint8Array(rows.length * width);
      rows.forEach((row, index) => {
        packSigns(row.signs, bytes, index * width);
      });
      return { dims, ids: rows.map((row) => row.chunkId), bytes };
    });
  })().finally(() => store.loading.delete(key));
  store.loading.set(key, load);
  return load;
}

/** '0110…' into bytes at `offset`, the first character in the high bit of the first byte. */
export function packSigns(bits: string, into: Uint8Array, offset: number): void {
  for (let index = 0; index < bits.length; index++)
    if (bits.charCodeAt(index) === 49) into[offset + (index >> 3)]! |= 0x80 >> (index & 7);
}

/** Bytes a chunk's signs take in memory: whole 32-bit words, so they are read 4 bytes at a time. */
export function strideOf(dims: number): number {
  return Math.ceil(dims / 32) * 4;
}

/** Score buckets of the top-`count` cut: the scores are bucketed, not sorted. */
const CUT_BUCKETS = 4_096;

/**
 * The `count` chunks whose sign vectors have the largest dot product with `vector`, best
 * first. Per byte of a chunk's signs, a 256-entry table built once from the question holds
 * that byte's share of the dot product (as an integer, scaled so the largest possible sum
 * fits 31 bits), so a chunk costs one lookup per 8 dimensions, read a 32-bit word at a time.
 * The best `count` are cut by a histogram of the scores, then only those are sorted:
 * ~4 ms for 100,000 chunks of 384 dimensions on this project's 2-core machine.
 */
export function bestBySigns(
  segments: readonly Segment[],
  vector: readonly number[],
  count: number,
): string[] {
  const dims = vector.length;
  const stride = strideOf(dims);
  const total = segments.reduce((sum, segment) => sum + segment.ids.length, 0);
  if (total === 0 || count <= 0) return [];
  let absolute = 0;
  for (const component of vector) absolute += Math.abs(component);
  const scale = absolute > 0 ? 2 ** 30 / absolute : 0;
  const table = new Int32Array(stride * 256);
  for (let byte = 0; byte * 8 < dims; byte++) {
    for (let value = 0; value < 256; value++) {
      let sum = 0;
      for (let bit = 0; bit < 8 && byte * 8 + bit < dims; bit++) {
        const component = vector[byte * 8 + bit] ?? 0;
        sum += value & (0x80 >> bit) ? component : -component;
      }
      table[byte * 256 + value] = Math.round(sum * scale);
    }
  }
  const scores = new Int32Array(total);
  let lowest = 2 ** 31;
  let highest = -(2 ** 31);
  let at = 0;
  const span = stride * 256;
  for (const segment of segments) {
    const words = new Uint32Array(segment.bytes.buffer, segment.bytes.byteOffset, segment.bytes.length / 4);
    let word = 0;
    for (let chunk = 0; chunk < segment.ids.length; chunk++) {
      let score = 0;
      // Little-endian words: a word's low byte is the first of its four.
      for (let base = 0; base < span; base += 1_024) {
        const x = words[word++]!;
        score =
          (score +
            table[base | (x & 255)]! +
            table[(base + 256) | ((x >>> 8) & 255)]! +
            table[(base + 512) | ((x >>> 16) & 255)]! +
            table[(base + 768) | (x >>> 24)]!) |
          0;
      }
      scores[at++] = score;
      if (score < lowest) lowest = score;
      if (score > highest) highest = score;
    }
  }
  // The lowest bucket that, with those above it, holds at least `count` chunks.
  const width = (highest - lowest) / CUT_BUCKETS + 1;
  const counts = new Int32Array(CUT_BUCKETS);
  for (let index = 0; index < total; index++) counts[Math.floor((scores[index]! - lowest) / width)]!++;
  let cut = CUT_BUCKETS - 1;
  for (let held = counts[cut]!; held < count && cut > 0; ) held += counts[--cut]!;
  const floor = lowest + cut * width;
  const picked: { id: string; score: number }[] = [];
  at = 0;
  for (const segment of segments)
    for (const id of segment.ids) {
      const score = scores[at++]!;
      if (score >= floor) picked.push({ id, score });
    }
  picked.sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return picked.slice(0, count).map((entry) => entry.id);
}
