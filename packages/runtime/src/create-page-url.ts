/**
 * The link to one of the app's pages: `createPageUrl("Tasks")` → "/Tasks". A query or hash
 * passed along is kept (`createPageUrl("Task?id=1")` → "/Task?id=1"), since that is how
 * generated apps pass a record id. Spaces become dashes, as in the exported apps models
 * learned from; the page lookup is case-insensitive, so no other normalising is needed.
 */
export function createPageUrl(pageName: string): string {
  const text = String(pageName ?? "").trim();
  const cut = text.search(/[?#]/);
  const name = (cut === -1 ? text : text.slice(0, cut)).replace(/^\/+/, "").replace(/\s+/g, "-");
  const rest = cut === -1 ? "" : text.slice(cut);
  return `/${name}${rest}`;
}
