import { readFile, stat } from "node:fs/promises";
import { extname, resolve, sep } from "node:path";

const CONTENT_TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".woff2": "font/woff2",
  ".woff": "font/woff",
  ".svg": "image/svg+xml",
  ".png": "image/png",
};

/**
 * One file of the prebuilt vendor directory, or null. The relative path comes from the URL,
 * so it is decoded, refused when it holds `..`, NUL or backslashes, and the resolved path
 * must still lie inside the directory.
 */
export async function readVendorFile(
  dir: string,
  relativePath: string,
): Promise<{ body: Buffer; contentType: string } | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(relativePath);
  } catch {
    return null;
  }
  if (decoded === "" || decoded.includes("\0") || decoded.includes("\\")) return null;
  if (decoded.split("/").some((part) => part === ".." || part === "." || part === "")) return null;
  const root = resolve(dir);
  const full = resolve(root, decoded);
  if (!full.startsWith(root + sep)) return null;
  const info = await stat(full).catch(() => null);
  if (!info?.isFile()) return null;
  return {
    body: await readFile(full),
    contentType: CONTENT_TYPES[extname(full).toLowerCase()] ?? "application/octet-stream",
  };
}
