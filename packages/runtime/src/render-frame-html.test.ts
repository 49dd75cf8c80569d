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

describe("renderFrameHtml with relayed modules", () => {
  const relayed = renderFrameHtml({ ...BASE, relay: { nonce: "n0nce" } });

  it("has one boot script with the nonce, and no import map, stylesheet or module script of its own", () => {
    expect(relayed.match(/<script/g)).toHaveLength(1);
    expect(relayed).toContain('<script nonce="n0nce">');
    expect(relayed).not.toContain('type="importmap"');
    expect(relayed).not.toContain("<link");
    // The pack brings the import map and the CSS; the document names only the app module
    // (a vendor pack relays it separately) and, without a pack, reloads without relay=1.
    expect(relayed).not.toContain(JSON.stringify(BASE.importMap.imports));
    expect(relayed).not.toContain("/runtime/css/app.css");
    expect(relayed).toContain('"/runtime/js/app-1.js"');
    expect(relayed).toContain("location.replace(");
    expect(relayed).toContain("relay=1");
    expect(relayed).toContain('{ source: "liftoff-frame", type: "modules" }');
    // It only takes modules from its parent.
    expect(relayed).toContain("event.source !== parent");
  });

  it("cannot be broken out of by hostile values", () => {
    const html = renderFrameHtml({
      ...BASE,
      relay: { nonce: '"><script>alert(1)</script>' },
      appName: "</script><script>alert(2)</script>",
      jsUrl: "</script><script>alert(3)</script>",
      importMap: { imports: { x: "</script><b>" } },
    });
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html).not.toContain("<b>");
  });
});
