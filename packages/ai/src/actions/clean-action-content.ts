const FENCE_OPEN = /^[ \t]*(`{3,}|~{3,})[^\n]*$/;

/**
 * The body of an action as the model wrote it, made ready to apply: line endings
 * normalized, blank lines around it dropped (indentation of the first line kept), and one
 * wrapping code fence removed, since many models fence code even inside a tag. When the
 * body was cut off, only the opening fence is there to remove.
 */
export function cleanActionContent(body: string): string {
  let content = body.replace(/\r\n?/g, "\n");
  content = content.replace(/^(?:[ \t]*\n)+/, "").trimEnd();
  const lines = content.split("\n");
  const open = FENCE_OPEN.exec(lines[0] ?? "");
  if (!open) return content;
  const fence = open[1] as string;
  const last = lines.length > 1 ? (lines[lines.length - 1] as string).trim() : "";
  const closes = last.length >= fence.length && last === (fence[0] as string).repeat(last.length);
  const inner = closes ? lines.slice(1, -1) : lines.slice(1);
  return inner
    .join("\n")
    .replace(/^(?:[ \t]*\n)+/, "")
    .trimEnd();
}
