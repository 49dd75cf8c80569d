import { parseHTML } from "linkedom";
import { hasNofollow } from "./has-nofollow.ts";
import { normalizeUrl } from "./normalize-url.ts";

export type ParsedPage = {
  title: string | null;
  /** Absolute, normalised links to follow; empty when the page says nofollow. */
  links: URL[];
};

/**
 * Title and followable links of an HTML page. Links resolve against `<base href>` when
 * present (itself resolved against the page URL). `<meta name="robots">` with nofollow or
 * none, or `nofollow` from an X-Robots-Tag header, stops link following from the page;
 * `<a rel="nofollow">` links are skipped one by one.
 */
export function parsePage(options: { html: string; pageUrl: URL; headerNofollow: boolean }): ParsedPage {
  const { document } = parseHTML(options.html);
  const title = document.querySelector("title")?.textContent?.replace(/\s+/g, " ").trim() || null;
  if (options.headerNofollow || metaNofollow(document)) return { title, links: [] };
  const baseHref = document.querySelector("base[href]")?.getAttribute("href");
  const base = (baseHref && normalizeUrl(baseHref, options.pageUrl)) || options.pageUrl;
  const links: URL[] = [];
  for (const anchor of document.querySelectorAll("a[href], area[href]")) {
    const rel = (anchor.getAttribute("rel") ?? "").toLowerCase().split(/\s+/);
    if (rel.includes("nofollow")) continue;
    const url = normalizeUrl(anchor.getAttribute("href") ?? "", base);
    if (url) links.push(url);
  }
  return { title, links };
}

function metaNofollow(document: Document): boolean {
  for (const meta of document.querySelectorAll("meta[name][content]")) {
    const name = (meta.getAttribute("name") ?? "").toLowerCase();
    if (name !== "robots" && name !== "liftoffbot") continue;
    if (hasNofollow(meta.getAttribute("content") ?? "")) return true;
  }
  return false;
}
