import { describe, expect, it } from "vitest";
import { renderFrameHtml } from "./render-frame-html.ts";

const BASE = {
  importMap: {
    imports: {
      "@liftoff/runtime": "/runtime/vendor/liftoff-runtime-ABC.js",
      react: "/runtime/vendor/react-X.js",
    },
  },
  cssUrl: "/runtime/css/app.css",
  jsUrl: "/runtime/js/app-1.js",
  appId: "app_1",
  versionId: "ver_1",
};

describe("renderFrameHtml", () => {
  it("holds the import map, the CSS and a module script that starts the app", () => {
    const html = renderFrameHtml(BASE);
    const map = /<script type="importmap">(.*?)<\/script>/s.exec(html)?.[1];
    expect(JSON.parse(map ?? "")).toEqual({ imports: BASE.importMap.imports });
    expect(html).toContain('<link rel="stylesheet" href="/runtime/css/app.css">');
    expect(html).toContain('import { start } from "@liftoff/runtime";');
    expect(html).toContain(
      'start(() => import("/runtime/js/app-1.js"), {"appId":"app_1","versionId":"ver_1"});',
    );
    expect(html).toContain('<div id="root"></div>');
  });

  it("passes apiBase when given", () => {
    expect(renderFrameHtml({ ...BASE, apiBase: "https://api.example.com" })).toContain(
      '"apiBase":"https://api.example.com"',
    );
  });

  it("names the document after the app and hands the name to the runtime (appInfo.name)", () => {
    const html = renderFrameHtml({ ...BASE, appName: "Ada's Tasks" });
    expect(html).toContain("<title>Ada&#39;s Tasks</title>");
    expect(html).toContain('"appName":"Ada\'s Tasks"');
    expect(renderFrameHtml(BASE)).toContain("<title>App</title>");
  });

  it("cannot be broken out of by hostile values", () => {
    const html = renderFrameHtml({
      ...BASE,
      appName: "</title><script>alert(3)</script>",
      appId: "</script><script>alert(1)</script>",
      cssUrl: '"><script>alert(2)</script>',
      importMap: { imports: { x: "</script><b>" } },
    });
    expect(html.match(/<script/g)?.length).toBe(2);
    expect(html).not.toContain("<b>");
    expect(html).toContain("&quot;&gt;&lt;script&gt;");
  });
});
