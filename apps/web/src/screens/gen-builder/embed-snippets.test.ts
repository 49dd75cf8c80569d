import { describe, expect, it } from "vitest";
import { embedUrl, iframeSnippet, scriptSnippet } from "./embed-snippets.ts";

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
