/** Elements that start a new block: text on either side of them is not one line. */
const BLOCKS = new Set(
  "address article aside blockquote dd details dialog div dl dt fieldset figcaption figure footer form h1 h2 h3 h4 h5 h6 header hr li main ol p pre section summary table tbody thead tfoot tr ul caption".split(
    " ",
  ),
);
/** Elements whose content is never text a reader sees. */
const SKIPPED = new Set("script style noscript template svg canvas iframe object embed head".split(" "));

type TextNode = {
  nodeType: number;
  nodeName: string;
  nodeValue: string | null;
  childNodes: ArrayLike<TextNode>;
};

/**
 * The visible text of an element with its block structure: paragraphs, headings and list
 * items apart by a blank line, <br> as a line break, table cells apart by a space. Plain
 * textContent runs "<p>One</p><p>Two</p>" into "OneTwo".
 */
export function htmlToText(root: TextNode): string {
  const parts: string[] = [];
  const walk = (node: TextNode, inPre: boolean): void => {
    if (node.nodeType === 3) {
      const value = node.nodeValue ?? "";
      // Outside <pre>, a line break in the source is just a space.
      parts.push(inPre ? value : value.replace(/\s+/g, " "));
      return;
    }
    if (node.nodeType !== 1 && node.nodeType !== 9 && node.nodeType !== 11) return;
    const name = node.nodeName.toLowerCase();
    if (SKIPPED.has(name)) return;
    if (name === "br") {
      parts.push("\n");
      return;
    }
    const block = BLOCKS.has(name);
    if (block) parts.push("\n\n");
    else if (name === "td" || name === "th") parts.push(" ");
    const pre = inPre || name === "pre";
    for (let index = 0; index < node.childNodes.length; index++) {
      const child = node.childNodes[index];
      if (child) walk(child, pre);
    }
    if (block) parts.push("\n\n");
  };
  walk(root, false);
  return parts.join("");
}
