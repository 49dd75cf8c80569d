/** A title as one trimmed line, or null when there is none to show. */
export function cleanTitle(raw: string | null | undefined): string | null {
  const title = (raw ?? "").replace(/\s+/g, " ").trim();
  return title === "" ? null : title;
}
