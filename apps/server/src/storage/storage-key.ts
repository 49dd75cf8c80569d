import { AppError } from "@liftoff/domain";

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

/**
 * Keys become file paths on disk (and object names in a bucket), so only plain segments
 * are allowed: no '..', no empty or absolute parts, no separators other than '/'. A bad
 * key is a bug in our code, never user input (names are made safe first), hence INTERNAL.
 */
export function assertValidStorageKey(key: string): void {
  const segments = key.split("/");
  if (key.length > 1000 || segments.some((s) => !SEGMENT.test(s) || s.includes("..")))
    throw new AppError("INTERNAL", `Invalid storage key: ${JSON.stringify(key)}`);
}

/** A file name reduced to safe characters, keeping its extension readable ("фото.png" → "file.png"). */
export function safeFileName(name: string): string {
  const clean = (part: string) =>
    part
      .normalize("NFKD")
      .replace(/[^A-Za-z0-9._-]+/g, "-")
      .replace(/\.{2,}/g, ".")
      .replace(/^[-.]+|[-.]+$/g, "");
  const match = /^(.+)\.([A-Za-z0-9]{1,10})$/.exec(name);
  const ext = match ? match[2]! : "";
  const base = clean(match ? match[1]! : name).slice(0, 90) || "file";
  return ext ? `${base}.${ext}` : base;
}

export function appFileKey(accountId: string, appId: string, fileId: string, name: string): string {
  const key = `accounts/${accountId}/apps/${appId}/${fileId}-${safeFileName(name)}`;
  assertValidStorageKey(key);
  return key;
}
