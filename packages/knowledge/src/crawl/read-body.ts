import type { IncomingMessage } from "node:http";
import { pipeline, type Readable } from "node:stream";
import { createBrotliDecompress, createGunzip, createInflate } from "node:zlib";

export type ReadBodyResult = { body: Buffer; truncated: boolean };

/**
 * Streams a response body up to `maxBytes` DECODED bytes (so a small gzip bomb is capped
 * too) and stops reading (destroying the socket) as soon as the cap is passed. Throws when
 * the stream fails, e.g. when the request's signal aborted it (timeout).
 */
export async function readBody(response: IncomingMessage, maxBytes: number): Promise<ReadBodyResult> {
  const decoded = decodedStream(response);
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of decoded) {
      const buffer = chunk as Buffer;
      total += buffer.length;
      if (total > maxBytes) {
        chunks.push(buffer.subarray(0, buffer.length - (total - maxBytes)));
        return { body: Buffer.concat(chunks), truncated: true };
      }
      chunks.push(buffer);
    }
  } finally {
    // Stop the download when we return early or fail; a no-op once the body is complete.
    if (!response.complete) response.destroy();
  }
  return { body: Buffer.concat(chunks), truncated: false };
}

function decodedStream(response: IncomingMessage): Readable {
  const encoding = String(response.headers["content-encoding"] ?? "")
    .trim()
    .toLowerCase();
  const decoder =
    encoding === "gzip" || encoding === "x-gzip"
      ? createGunzip()
      : encoding === "deflate"
        ? createInflate()
        : encoding === "br"
          ? createBrotliDecompress()
          : null;
  if (!decoder) return response;
  // pipeline (unlike pipe) forwards a failure of the response into the decoder, so the
  // reader sees a timeout instead of waiting forever.
  return pipeline(response, decoder, () => {});
}
