/**
 * The address a tool is embedded by: its tool page with `embed=1` (the page leaves out its
 * chrome). `base` is the app's base ('/app/{slug}' on the platform host, '' on a custom host).
 */
export function embedUrl(input: { origin: string; base: string; toolPath: string }): string {
  const base = input.base.replace(/\/+$/, "");
  return `${input.origin.replace(/\/+$/, "")}${base}/tool/${encodeURIComponent(input.toolPath)}?embed=1`;
}

/** Attribute text: the URL and title are ours or the builder's, still never able to break out of the quotes. */
function attr(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

export const EMBED_HEIGHT_PX = 720;

/** A plain iframe: paste it where the tool should appear. */
export function iframeSnippet(input: { url: string; title: string }): string {
  return `<iframe src="${attr(input.url)}" title="${attr(input.title)}" width="100%" height="${EMBED_HEIGHT_PX}" style="border:0;max-width:100%" loading="lazy" allow="clipboard-write"></iframe>`;
}

/**
 * A script that puts the same iframe where the script stands: for site builders that accept
 * scripts but strip iframes. Inline on purpose, so it needs no file served by us. The URL
 * and title go in as JSON strings (with '<' escaped, so '</script>' cannot end the tag).
 */
export function scriptSnippet(input: { url: string; title: string }): string {
  const json = (value: string) => JSON.stringify(value).replace(/</g, "\\u003c");
  return [
    "<script>",
    "(function () {",
    '  var frame = document.createElement("iframe");',
    `  frame.src = ${json(input.url)};`,
    `  frame.title = ${json(input.title)};`,
    '  frame.width = "100%";',
    `  frame.height = "${EMBED_HEIGHT_PX}";`,
    '  frame.style.border = "0";',
    '  frame.style.maxWidth = "100%";',
    '  frame.allow = "clipboard-write";',
    "  var here = document.currentScript;",
    "  here.parentNode.insertBefore(frame, here);",
    "})();",
    "</script>",
  ].join("\n");
}
