import { AppError } from "../../errors/app-error.ts";
import { SORT_MAX_KEYS } from "./filter-limits.ts";
import type { FieldRef, SortDirection, SortKey } from "./filter-node.ts";
import { parseFieldPath } from "./parse-field-path.ts";
import { quoteName } from "./quote-name.ts";

/** The order of a list when the caller names none (spec: createdAt:desc). */
export const DEFAULT_SORT: readonly SortKey[] = [
  { field: { kind: "column", name: "createdAt" }, direction: "desc" },
];

/**
 * Reads the `sort` parameter: comma-separated keys, each 'field' (ascending), '-field'
 * (descending) or 'field:asc' / 'field:desc'. A field is a built-in one or a field of the
 * schema (`knownFields`, top-level names; a dot path into a known object field is
 * accepted). Anything else is a 400 — 'Unknown sort field "x"' — rather than a silently
 * ignored key. Empty or absent: createdAt descending.
 */
export function parseSort(sort: string | null | undefined, knownFields: readonly string[]): SortKey[] {
  const text = sort?.trim() ?? "";
  if (text === "") return [...DEFAULT_SORT];
  const parts = text.split(",");
  if (parts.length > SORT_MAX_KEYS)
    throw new AppError("BAD_REQUEST", `Sort accepts at most ${SORT_MAX_KEYS} keys`);
  const known = new Set(knownFields);
  const keys: SortKey[] = [];
  for (const raw of parts) {
    const part = raw.trim();
    let name = part;
    let direction: SortDirection = "asc";
    if (part.startsWith("-")) {
      name = part.slice(1);
      direction = "desc";
    } else if (part.includes(":")) {
      const at = part.lastIndexOf(":");
      name = part.slice(0, at).trim();
      const written = part
        .slice(at + 1)
        .trim()
        .toLowerCase();
      if (written !== "asc" && written !== "desc") {
        throw new AppError(
          "BAD_REQUEST",
          `Invalid sort direction ${quoteName(part.slice(at + 1))} for ${quoteName(name)}: use asc or desc`,
        );
      }
      direction = written;
    }
    const field = knownField(name, known);
    if (!field) throw new AppError("BAD_REQUEST", `Unknown sort field ${quoteName(name)}`);
    if (keys.some((key) => key.field.name === field.name)) {
      throw new AppError("BAD_REQUEST", `Sort field ${quoteName(name)} appears more than once`);
    }
    keys.push({ field, direction });
  }
  return keys;
}

function knownField(name: string, known: ReadonlySet<string>): FieldRef | null {
  const field = parseFieldPath(name);
  if (!field) return null;
  if (field.kind === "column" || known.has(field.path[0]!)) return field;
  return null;
}
