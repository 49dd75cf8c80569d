import { isHexColor } from "./is-hex-color.ts";
import { isHttpUrl, isImageAddress } from "./is-http-url.ts";

/**
 * Tolerant readers for upgradeSavedApp: every one takes any value an old or hand-edited
 * document may hold and returns something the v4 schema accepts, never throwing.
 */
export type LooseRecord = Record<string, unknown>;

/** An object's own keys, or an empty record for anything else (arrays included). */
export function looseRecord(value: unknown): LooseRecord {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as LooseRecord) : {};
}

/** An array as it is, anything else as none. */
export function looseList(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** The first of `keys` that `record` holds (not undefined or null): old documents renamed things. */
export function firstOf(record: LooseRecord, ...keys: string[]): unknown {
  for (const key of keys) if (record[key] !== undefined && record[key] !== null) return record[key];
  return undefined;
}

/** Text cut to `max` characters; numbers and booleans written out; anything else `fallback`. */
export function looseText(value: unknown, max: number, fallback = ""): string {
  if (typeof value === "string") return value.slice(0, max);
  if (typeof value === "number" && Number.isFinite(value)) return String(value).slice(0, max);
  if (typeof value === "boolean") return String(value);
  return fallback;
}

/** true/false, also from 'true'/'false' and 1/0; anything else `fallback`. */
export function looseBoolean(value: unknown, fallback = false): boolean {
  if (typeof value === "boolean") return value;
  if (value === "true" || value === 1 || value === "1") return true;
  if (value === "false" || value === 0 || value === "0") return false;
  return fallback;
}

/**
 * A number inside [min, max] on the `step` grid (1 for whole numbers): numeric text is
 * read, out-of-range values are clamped, anything unreadable gives `fallback`.
 */
export function looseNumber(
  value: unknown,
  range: { min: number; max: number; step: number; fallback: number },
): number {
  const number = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  if (typeof number !== "number" || !Number.isFinite(number)) return range.fallback;
  const clamped = Math.min(range.max, Math.max(range.min, number));
  // Rounded through the number of steps, then to 10 decimals, so 0.7 stays 0.7 and not 0.7000000000000001.
  return Number((Math.round(clamped / range.step) * range.step).toFixed(10));
}

/** One of `values`, matched loosely ('Key-Facts' finds 'key_facts'), else `fallback`. */
export function looseEnum<T extends string, F = T>(
  value: unknown,
  values: readonly T[],
  fallback: F,
  aliases: Readonly<Record<string, T>> = {},
): T | F {
  if (typeof value !== "string") return fallback;
  const key = enumKey(value);
  return values.find((candidate) => enumKey(candidate) === key) ?? aliases[key] ?? fallback;
}

/** 'keyFacts', 'Key facts' and 'key-facts' all read 'key_facts'. */
export function enumKey(value: string): string {
  return value
    .trim()
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .replace(/[\s-]+/g, "_")
    .toLowerCase();
}

/** An http(s) URL, a bare domain given https, or "". */
export function looseUrl(value: unknown, max: number): string {
  const text = looseText(value, max).trim();
  if (text === "" || isHttpUrl(text)) return text;
  const withScheme = `https://${text}`;
  return /^[^\s/:]+\.[^\s/:]+/.test(text) && withScheme.length <= max && isHttpUrl(withScheme)
    ? withScheme
    : "";
}

/** An image address the schema accepts, or "". */
export function looseImage(value: unknown, max: number): string {
  const text = looseText(value, max).trim();
  return text !== "" && isImageAddress(text) ? text : "";
}

/** A hex colour (with '#' added when missing), or "". */
export function looseColor(value: unknown): string {
  const text = looseText(value, 20).trim();
  if (isHexColor(text)) return text;
  return isHexColor(`#${text}`) ? `#${text}` : "";
}
