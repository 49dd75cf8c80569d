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
  const preload = options.preload ?? [options.importMap.imports["@liftoff/runtime"] ?? ""];
  const links = preload.map((url) => `<link rel="modulepreload" href="${attribute(url)}">`).join("\n");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${attribute(options.appName || "App")}</title>
<script type="importmap">${scriptJson({ imports: options.importMap.imports })}</script>
${links}
<link rel="stylesheet" href="${attribute(options.cssUrl)}">
</head>
<body>
<div id="root"></div>
<script type="module">
import { start } from "@liftoff/runtime";
start(() => import(${scriptJson(options.jsUrl)}), ${scriptJson(config)});
</script>
</body>
</html>
`;
}
