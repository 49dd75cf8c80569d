/**
 * Bytes → text with the charset the page declares: the Content-Type header first, then a
 * `<meta charset>` / `<meta http-equiv content="...charset=">` in the first 2 KB, else
 * UTF-8. An unknown label falls back to UTF-8 instead of failing the page.
 */
export function decodeHtml(body: Buffer, contentType: string): string {
  const label = charsetOf(contentType) ?? charsetOf(body.subarray(0, 2048).toString("latin1")) ?? "utf-8";
  try {
    return new TextDecoder(label).decode(body);
  } catch {
    return new TextDecoder("utf-8").decode(body);
  }
}

function charsetOf(text: string): string | null {
  const match = /charset\s*=\s*["']?\s*([\w.:-]+)/i.exec(text);
  return match?.[1] ?? null;
}
