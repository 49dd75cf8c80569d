import { describe, expect, it } from "vitest";
import { embedUrl, iframeSnippet, scriptSnippet } from "./embed-snippets.ts";
import {
  defaultShareMessage,
  resolveShareContent,
  SHARE_NETWORKS,
  sharePostText,
  shareUrl,
  typedPrefix,
} from "./share-urls.ts";

const content = { url: "https://liftoff.test/app/trips/tool/plan?x=1&y=2", message: "Plan a trip & go!" };

describe("resolveShareContent", () => {
  it("uses the page and the default message when none is given", () => {
    expect(resolveShareContent({ title: "Trip planner", pageUrl: "https://liftoff.test/app/trips" })).toEqual(
      {
        url: "https://liftoff.test/app/trips",
        message: defaultShareMessage("Trip planner"),
      },
    );
    expect(defaultShareMessage("Trip planner")).toContain("Trip planner");
    expect(defaultShareMessage(" ")).toBe("Check out this AI tool I just used:");
  });

  it("keeps a given link and message, and refuses a link that is not a web address", () => {
    expect(
      resolveShareContent({
        url: content.url,
        message: " Hi ",
        title: "T",
        pageUrl: "https://liftoff.test/p",
      }),
    ).toEqual({ url: content.url, message: "Hi" });
    expect(
      resolveShareContent({ url: "javascript:alert(1)", title: "T", pageUrl: "https://liftoff.test/p" }).url,
    ).toBe("https://liftoff.test/p");
  });
});

describe("shareUrl", () => {
  it("builds each network's share address with the content encoded", () => {
    const urls = Object.fromEntries(SHARE_NETWORKS.map((network) => [network, shareUrl(network, content)]));
    const link = encodeURIComponent(content.url);
    expect(urls.twitter).toBe(
      `https://twitter.com/intent/tweet?text=Plan%20a%20trip%20%26%20go!&url=${link}`,
    );
    expect(urls.facebook).toBe(`https://www.facebook.com/sharer/sharer.php?u=${link}`);
    expect(urls.linkedin).toBe(`https://www.linkedin.com/sharing/share-offsite/?url=${link}`);
    expect(urls.whatsapp).toBe(`https://wa.me/?text=${encodeURIComponent(sharePostText(content))}`);
    expect(urls.email).toBe(
      `mailto:?subject=Plan%20a%20trip%20%26%20go!&body=${encodeURIComponent(sharePostText(content))}`,
    );
    expect(shareUrl("email", { ...content, title: "Trip planner" })).toMatch(
      /^mailto:\?subject=Trip%20planner&/,
    );
    // Every query value decodes back to exactly what was given.
    expect(new URL(urls.twitter as string).searchParams.get("url")).toBe(content.url);
  });
});

describe("typedPrefix", () => {
  it("types a character per step, whole emoji only, never past the end", () => {
    expect(typedPrefix("Hi 👋!", 0, 10)).toBe("");
    expect(typedPrefix("Hi 👋!", 35, 10)).toBe("Hi ");
    expect(typedPrefix("Hi 👋!", 40, 10)).toBe("Hi 👋");
    expect(typedPrefix("Hi 👋!", 10_000, 10)).toBe("Hi 👋!");
  });
});

describe("embed snippets", () => {
  it("points at the tool page with embed=1, on the platform host or a custom host", () => {
    expect(embedUrl({ origin: "https://liftoff.test", base: "/app/trips", toolPath: "plan" })).toBe(
      "https://liftoff.test/app/trips/tool/plan?embed=1",
    );
    expect(embedUrl({ origin: "https://tools.example.com/", base: "", toolPath: "plan" })).toBe(
      "https://tools.example.com/tool/plan?embed=1",
    );
  });

  it("escapes the title in the iframe and cannot be closed early in the script", () => {
    const url = "https://liftoff.test/app/trips/tool/plan?embed=1";
    expect(iframeSnippet({ url, title: 'A "quoted" <tool>' })).toBe(
      `<iframe src="${url}" title="A &quot;quoted&quot; &lt;tool&gt;" width="100%" height="720" style="border:0;max-width:100%" loading="lazy" allow="clipboard-write"></iframe>`,
    );
    const script = scriptSnippet({ url, title: "</script><b>" });
    expect(script.match(/<\/script>/g)).toHaveLength(1);
    expect(script).toContain(`frame.src = "${url}";`);
  });
});
