import { describe, expect, it } from "vitest";
import { extractHtml } from "./extract-html.ts";

const paragraph = (topic: string): string =>
  `<p>${topic} is described here in enough words that a reader would call this paragraph real content, with commas, clauses, and sentences. It goes on a while longer, so that the article scores well.</p>`;

describe("extractHtml", () => {
  it("reads the article and its title, without navigation, scripts or styles", () => {
    const html = `<!doctype html><html><head><title>Site | Orbits</title><style>p{color:red}</style></head>
      <body><nav><a href="/">Home</a> <a href="/about">About us</a></nav>
      <article><h1>Orbital mechanics</h1>${paragraph("Kepler's first law")}${paragraph("The vis-viva equation")}
      <p>Line one<br>line two</p></article>
      <script>console.log("tracking")</script><footer>© 2024 Site</footer></body></html>`;
    const document = extractHtml(html, "https://example.com/orbits");
    expect(document.title).toBe("Site | Orbits");
    expect(document.bytes).toBe(Buffer.byteLength(html));
    const text = document.sections[0]?.text ?? "";
    expect(document.sections).toHaveLength(1);
    expect(document.sections[0]?.locator).toBeNull();
    expect(text).toContain("Kepler's first law is described here");
    expect(text).toContain("so that the article scores well.\n\nThe vis-viva equation");
    expect(text).toContain("Line one\nline two");
    for (const noise of ["About us", "tracking", "color:red", "© 2024"]) expect(text).not.toContain(noise);
  });

  it("falls back to the body text when there is no article, and to the address as title", () => {
    const html = `<html><body><nav>Menu</nav><div>Short note.</div><div>Second <b>bold</b> bit.</div><script>x()</script></body></html>`;
    const document = extractHtml(html, "https://example.com/note");
    expect(document.title).toBe("https://example.com/note");
    expect(document.sections).toEqual([{ text: "Short note.\n\nSecond bold bit.", locator: null }]);
  });

  it("gives an empty section for a page with no text", () => {
    expect(
      extractHtml(
        "<html><head><title>Empty</title></head><body><script>1</script></body></html>",
        "https://e.com",
      ).sections,
    ).toEqual([{ text: "", locator: null }]);
  });
});
