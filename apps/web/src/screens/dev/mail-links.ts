const ENTITIES: Record<string, string> = {
  "&amp;": "&",
  "&quot;": '"',
  "&#39;": "'",
  "&lt;": "<",
  "&gt;": ">",
};

function decodeEntities(value: string): string {
  return value.replace(/&(amp|quot|#39|lt|gt);/g, (match) => ENTITIES[match] ?? match);
}

/**
 * The http(s) links of a mail's HTML, in order of appearance, without duplicates. Falls
 * back to bare URLs in the plain-text body when the HTML holds none.
 */
export function extractMailLinks(html: string, text = ""): string[] {
  const links: string[] = [];
  const add = (url: string) => {
    if (/^https?:\/\//i.test(url) && !links.includes(url)) links.push(url);
  };
  for (const match of html.matchAll(/href\s*=\s*(?:"([^"]*)"|'([^']*)')/gi)) {
    add(decodeEntities((match[1] ?? match[2] ?? "").trim()));
  }
  if (links.length === 0) {
    for (const match of text.matchAll(/https?:\/\/[^\s<>"')]+/gi)) add(match[0]);
  }
  return links;
}
