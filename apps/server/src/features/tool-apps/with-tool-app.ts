import { type PublicToolApp, TOOL_APP_DATA_ID } from "@liftoff/domain";
import { escapeHtml, scriptJson } from "@liftoff/runtime/server";

/**
 * The host page with a published tool app in it: the end users' view of the app as a JSON
 * script (`<` written \u003c, so no value can close the script), read by the page's code
 * (apps/web tool-app/page), and the page's title. Everything injected is escaped.
 */
export function withToolApp(html: string, app: PublicToolApp, title: string): string {
  const data = `<script type="application/json" id="${TOOL_APP_DATA_ID}">${scriptJson(app)}</script>`;
  const page = html.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`);
  return page.includes("</head>") ? page.replace("</head>", () => `${data}</head>`) : `${data}${page}`;
}
