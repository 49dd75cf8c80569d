const CLOSE_TAG = "</liftoff-action>";

/** A reply cut off in the middle of "</liftoff-action>" leaves a piece that is not content. */
export function withoutPartialCloseTag(body: string): string {
  for (let k = Math.min(body.length, CLOSE_TAG.length - 1); k >= 2; k--) {
    if (CLOSE_TAG.startsWith(body.slice(-k).toLowerCase())) return body.slice(0, -k);
  }
  return body;
}

const BARE_FENCE = /^[ \t]*(?:`{3,}|~{3,})[\w-]*[ \t]*$/;

/**
 * Models like to wrap a whole reply in ```xml. The tags inside are still read, which leaves
 * an unpaired fence line at the edge of the prose next to an action; it is dropped there.
 * Paired fences (a real code block in the prose) are kept.
 */
export function withoutWrappingFences(text: string, afterAction: boolean, beforeAction: boolean): string {
  const lines = text.trim().split("\n");
  let unpaired = lines.filter((line) => /^[ \t]*(?:`{3,}|~{3,})/.test(line)).length % 2 === 1;
  if (unpaired && beforeAction && BARE_FENCE.test(lines[lines.length - 1] ?? "")) {
    lines.pop();
    unpaired = false;
  }
  if (unpaired && afterAction && BARE_FENCE.test(lines[0] ?? "")) lines.shift();
  return lines.join("\n").trim();
}
