import { escapeHtml as attribute, scriptJson } from "./html-escape.ts";

export type FrameHtmlOptions = {
  /** The import map: the vendor manifest's `imports`, plus anything the server adds. */
  importMap: { imports: Record<string, string> };
  cssUrl: string;
  jsUrl: string;
  appId: string;
  versionId: string;
  /** The app's name from its settings: the frame's title and `appInfo.name` for its code. */
  appName?: string;
  /** The platform origin for API calls; defaults to the frame document's own origin. */
  apiBase?: string;
  /** Module URLs to fetch at once (see framePreloads); the runtime entry when left out. */
  preload?: readonly string[];
  /**
   * Relayed modules (the published app's host page): the frame asks its parent for its
   * modules and stylesheet instead of fetching them, and loads them from blob: URLs.
   * `nonce` (fresh per response, in the CSP) lets the boot script add the import map and
   * the start script it builds then.
   */
  relay?: { nonce: string };
};

/**
 * The document of GET /runtime/frame: the import map, the app's CSS, and a module script
 * that starts the runtime with the app module as a loader, so `start` can wait for the
 * host's `init` before app code runs and report a module that fails to load.
 */
export function renderFrameHtml(options: FrameHtmlOptions): string {
  const config: Record<string, string> = { appId: options.appId, versionId: options.versionId };
  if (options.apiBase) config.apiBase = options.apiBase;
  if (options.appName) config.appName = options.appName;
  const head = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${attribute(options.appName || "App")}</title>`;
  const body = `<body>
<div id="root"></div>`;
  if (options.relay) {
    const boot = relayBootScript({
      jsUrl: options.jsUrl,
      config,
    });
    return `${head}
<script nonce="${attribute(options.relay.nonce)}">${boot}</script>
</head>
${body}
</body>
</html>
`;
  }
  const preload = options.preload ?? [options.importMap.imports["@liftoff/runtime"] ?? ""];
  const links = preload.map((url) => `<link rel="modulepreload" href="${attribute(url)}">`).join("\n");
  return `${head}
<script type="importmap">${scriptJson({ imports: options.importMap.imports })}</script>
${links}
<link rel="stylesheet" href="${attribute(options.cssUrl)}">
</head>
${body}
<script type="module">
${startScript(options.jsUrl, config)}
</script>
</body>
</html>
`;
}

function startScript(jsUrl: string, config: Record<string, string>): string {
  return startScriptWith(scriptJson(jsUrl), config);
}

/** The start script with `jsExpression` as the app module's URL, already JavaScript source. */
function startScriptWith(jsExpression: string, config: Record<string, string>): string {
  return `import { start } from "@liftoff/runtime";
start(() => import(${jsExpression}), ${scriptJson(config)});`;
}

/**
 * The classic script of a relayed frame. It asks the parent for the modules (every 100 ms
 * until answered: the host page's script may start after this one) and accepts the answer
 * only from `parent`. The pack brings its import map (`imports`: the vendor set's, or a
 * production bundle's entry and chunks, see bundle-app.mjs), so this document carries
 * none: each module becomes a blob: URL and the map points there (an entry whose module
 * is not in the pack loads from its URL). Then the import map and the start script are
 * added with this script's nonce. Without a pack — the host's answer when it could not
 * fetch it, or a frame opened top-level — the frame reloads itself without `relay`, as the
 * plain frame that loads everything from the network (where the runtime refuses to run
 * top-level, as always). No timeout: the runtime cannot start without the host's `init`
 * either, so a host that never answers could not have run the app anyway. Written as plain
 * ES5-era DOM code: it runs before any module.
 */
function relayBootScript(input: { jsUrl: string; config: Record<string, string> }): string {
  const start = startScriptWith("__LIFTOFF_JS__", input.config);
  return `(function () {
var nonce = document.currentScript.nonce;
var jsUrl = ${scriptJson(input.jsUrl)};
var start = ${scriptJson(start)};
var started = false;
function add(element) { element.nonce = nonce; document.head.appendChild(element); }
function unrelayed() {
  location.replace(location.href.replace(/([?&])relay=1(&|$)/, function (_m, before, after) {
    return after ? before : "";
  }));
}
function boot(pack) {
  if (started) return;
  started = true;
  var modules = pack && typeof pack.modules === "object" && pack.modules ? pack.modules : null;
  var imports = pack && typeof pack.imports === "object" && pack.imports ? pack.imports : null;
  if (!modules || !imports || typeof pack.css !== "string") return unrelayed();
  var map = {}, js = jsUrl, blobs = {}, key;
  for (key in modules) {
    if (typeof modules[key] === "string")
      blobs[key] = URL.createObjectURL(new Blob([modules[key]], { type: "text/javascript" }));
  }
  for (key in imports) if (typeof imports[key] === "string") map[key] = blobs[imports[key]] || imports[key];
  if (blobs[jsUrl]) js = blobs[jsUrl];
  var style = document.createElement("style");
  style.textContent = pack.css;
  document.head.appendChild(style);
  var importMap = document.createElement("script");
  importMap.type = "importmap";
  importMap.textContent = JSON.stringify({ imports: map });
  add(importMap);
  var main = document.createElement("script");
  main.type = "module";
  main.textContent = start.replace("__LIFTOFF_JS__", function () { return JSON.stringify(js); });
  add(main);
}
addEventListener("message", function (event) {
  var data = event.data;
  if (event.source !== parent || !data || data.source !== "liftoff-host" || data.type !== "modules") return;
  boot(data.pack || null);
});
function ask() {
  if (started) return;
  parent.postMessage({ source: "liftoff-frame", type: "modules" }, "*");
  setTimeout(ask, 100);
}
if (parent === window) boot(null);
else ask();
})();`;
}
