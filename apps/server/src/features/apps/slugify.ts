import { randomBytes } from "node:crypto";

/** URL slug for /app/{slug}: the name in lowercase ASCII words plus a short random suffix. */
export function slugify(name: string): string {
  const base = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40)
    .replace(/-+$/g, "");
  const suffix = randomBytes(3).toString("hex");
  return base ? `${base}-${suffix}` : `app-${suffix}`;
}
