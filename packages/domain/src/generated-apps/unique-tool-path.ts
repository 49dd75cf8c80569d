/**
 * The path to give a tool so that no other tool of the app has it (spec section 5:
 * "Duplicates get a suffix -2, -3 and so on"). Paths compare case-insensitively because
 * they are URL segments a visitor types. A path already ending in a number is suffixed
 * again ('report-2' becomes 'report-2-2'), so the builder's own numbering is never
 * rewritten. `maxLength` keeps the suffix inside the path cap by shortening the stem.
 */
export function uniqueToolPath(path: string, takenPaths: Iterable<string>, maxLength = Infinity): string {
  const taken = new Set([...takenPaths].map((taken) => taken.toLowerCase()));
  const fit = (stem: string, suffix: string) =>
    `${stem.slice(0, Math.max(1, maxLength - suffix.length))}${suffix}`;
  const first = fit(path, "");
  if (!taken.has(first.toLowerCase())) return first;
  for (let n = 2; ; n++) {
    const candidate = fit(path, `-${n}`);
    if (!taken.has(candidate.toLowerCase())) return candidate;
  }
}

/** Every tool's path made unique in list order: the first keeps its path, later copies get -2, -3… */
export function uniqueToolPaths(paths: readonly string[], maxLength = Infinity): string[] {
  const result: string[] = [];
  for (const path of paths) result.push(uniqueToolPath(path, result, maxLength));
  return result;
}
