import { describe, expect, it } from "vitest";
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
