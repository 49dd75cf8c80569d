/** "nofollow" or "none" in a robots directive list (meta content or X-Robots-Tag). */
export function hasNofollow(directives: string): boolean {
  return directives
    .toLowerCase()
    .split(/[\s,]+/)
    .some((token) => token === "nofollow" || token === "none");
}
