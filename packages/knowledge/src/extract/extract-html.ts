import { Readability } from "@mozilla/readability";
import { parseHTML } from "linkedom";
import { cleanTitle } from "./clean-title.ts";
import { EXTRACT_LIMITS } from "./extract-limits.ts";
import type { ExtractedDocument } from "./extracted-document.ts";
import { htmlToText } from "./html-to-text.ts";
import { normalizeWhitespace } from "./normalize-whitespace.ts";
import { tooMuchTextError } from "./too-much-text-error.ts";

/** Page furniture that is never the content: left out of the fallback body text. */
const FURNITURE = "script, style, noscript, template, nav, header, footer, aside, form, iframe, svg";

/**
 * A web page as one section: the article Readability finds (its title, else <title>,
 * else the address), or, when it finds none, the body's text without scripts, styles,
 * navigation and the other page furniture. `url` names the page when nothing else does.
 */
export function extractHtml(html: string, url: string): ExtractedDocument {
  if (html.length > EXTRACT_LIMITS.maxChars) throw tooMuchTextError();
  const bytes = Buffer.byteLength(html, "utf8");
  // Readability rewrites the document it reads, so the fallback parses its own copy.
  const { document } = parseHTML(html);
  const pageTitle = cleanTitle(document.querySelector("title")?.textContent);
  let article: { title?: string | null; content?: string | null } | null = null;
  try {
    for (const element of document.querySelectorAll("script, style, noscript, template, nav"))
      element.remove();
    article = new Readability(document as unknown as Document).parse();
  } catch {
    // Readability throws on some odd documents: the body text is still worth having.
    article = null;
  }
  let text = "";
  if (article?.content)
    text = normalizeWhitespace(htmlToText(parseHTML(`<body>${article.content}</body>`).document));
  if (text === "") {
    const fallback = parseHTML(html).document;
    for (const element of fallback.querySelectorAll(FURNITURE)) element.remove();
    text = normalizeWhitespace(htmlToText(fallback.body ?? fallback));
  }
  const title = cleanTitle(article?.title) ?? pageTitle ?? cleanTitle(url);
  return { title, sections: [{ text, locator: null }], bytes };
}
