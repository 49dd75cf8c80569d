import { inflateRawSync } from "node:zlib";

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;

export type ReadZipEntriesOptions = {
  bytes: Uint8Array;
  /** Which entries to inflate; the others are skipped without being read. */
  accept: (name: string) => boolean;
  /** Uncompressed bytes of all accepted entries together; more throws. */
  maxTotalBytes: number;
  /** Entries listed in the directory; more throws. */
  maxEntries: number;
};

/**
 * Reads the accepted entries of a zip file with hard limits. The sizes a zip declares can
 * lie, so each entry is inflated with zlib's own output cap: a bomb stops at the limit
 * instead of filling memory. Throws a plain Error on anything malformed; the caller turns
 * it into the message for its file type. ZIP64 (files over 4 GB) is not read.
 */
export function readZipEntries(options: ReadZipEntriesOptions): Map<string, Uint8Array> {
  const { bytes, accept, maxTotalBytes, maxEntries } = options;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = findEndOfDirectory(view);
  const count = view.getUint16(end + 10, true);
  if (count > maxEntries) throw new Error(`The zip lists ${count} entries`);
  let at = view.getUint32(end + 16, true);
  const names = new TextDecoder();
  const entries = new Map<string, Uint8Array>();
  let total = 0;
  for (let index = 0; index < count; index++) {
    need(view, at, 46);
    if (view.getUint32(at, true) !== DIRECTORY_ENTRY) throw new Error("Broken zip directory");
    const method = view.getUint16(at + 10, true);
    const compressedSize = view.getUint32(at + 20, true);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const localOffset = view.getUint32(at + 42, true);
    need(view, at + 46, nameLength);
    const name = names.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    at += 46 + nameLength + extraLength + commentLength;
    if (name.endsWith("/") || !accept(name)) continue;
    need(view, localOffset, 30);
    if (view.getUint32(localOffset, true) !== LOCAL_HEADER) throw new Error("Broken zip entry");
    const dataStart =
      localOffset + 30 + view.getUint16(localOffset + 26, true) + view.getUint16(localOffset + 28, true);
    need(view, dataStart, compressedSize);
    const compressed = bytes.subarray(dataStart, dataStart + compressedSize);
    const room = maxTotalBytes - total;
    let data: Uint8Array;
    if (method === STORED) data = compressed;
    else if (method === DEFLATED) {
      // One byte more than the room left, so "exactly at the limit" and "over it" differ.
      data = inflateRawSync(compressed, { maxOutputLength: Math.max(1, room + 1) });
    } else throw new Error(`Unsupported zip compression method ${method}`);
    total += data.byteLength;
    if (total > maxTotalBytes) throw new Error("The zip inflates beyond the limit");
    entries.set(name, data);
  }
  return entries;
}

function findEndOfDirectory(view: DataView): number {
  // The record is 22 bytes plus a comment of at most 65,535 bytes, at the very end.
  const last = view.byteLength - 22;
  for (let at = last; at >= Math.max(0, last - 65_535); at--) {
    if (view.getUint32(at, true) === END_OF_DIRECTORY) return at;
  }
  throw new Error("Not a zip file");
}

function need(view: DataView, at: number, length: number): void {
  if (at < 0 || at + length > view.byteLength) throw new Error("The zip is truncated");
}
