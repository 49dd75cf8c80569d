/**
 * /api/docs: the OpenAPI document rendered as one self-contained HTML page. Hosted viewers
 * load their scripts from a CDN, which a self-hosted install may not reach, so this page
 * carries no external assets.
 */
type OpenApiDoc = {
  info: { title: string; version: string; description?: string };
  paths: Record<
    string,
    Record<
      string,
      {
        summary?: string;
        tags?: string[];
        requestBody?: unknown;
        responses?: Record<string, unknown>;
        parameters?: unknown[];
      }
    >
  >;
};

const esc = (s: string) =>
  s.replace(/[&<>"]/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[ch]!);
const COLORS: Record<string, string> = {
  get: "#0e7490",
  post: "#15803d",
  patch: "#a16207",
  put: "#a16207",
  delete: "#b91c1c",
};

export function renderDocsPage(doc: OpenApiDoc): string {
  const byTag = new Map<string, string[]>();
  for (const [path, operations] of Object.entries(doc.paths).sort(([a], [b]) => a.localeCompare(b))) {
    for (const [method, op] of Object.entries(operations)) {
      const tag = op.tags?.[0] ?? "Other";
      const detail = JSON.stringify(
        { parameters: op.parameters, requestBody: op.requestBody, responses: op.responses },
        null,
        2,
      );
      const row = `<details><summary><span class="m" style="background:${COLORS[method] ?? "#52525b"}">${method.toUpperCase()}</span><code>${esc(path)}</code><span class="s">${esc(op.summary ?? "")}</span></summary><pre>${esc(detail)}</pre></details>`;
      byTag.set(tag, [...(byTag.get(tag) ?? []), row]);
    }
  }
  const sections = [...byTag.entries()]
    .map(([tag, rows]) => `<section><h2>${esc(tag)}</h2>${rows.join("")}</section>`)
    .join("");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(doc.info.title)} API</title>
<style>body{font-family:Inter,ui-sans-serif,system-ui,sans-serif;margin:0;background:#fafafa;color:#18181b}main{max-width:960px;margin:0 auto;padding:40px 20px}h1{font-size:28px;margin:0 0 4px}p{color:#52525b}h2{font-size:18px;margin:32px 0 8px}details{background:#fff;border:1px solid #e4e4e7;border-radius:10px;margin:8px 0}summary{cursor:pointer;padding:10px 14px;display:flex;gap:12px;align-items:center;flex-wrap:wrap}.m{color:#fff;font-size:11px;font-weight:700;border-radius:6px;padding:3px 8px;min-width:52px;text-align:center}code{font-size:14px}.s{color:#52525b;font-size:14px}pre{margin:0;padding:14px;border-top:1px solid #e4e4e7;overflow:auto;font-size:12px;background:#fcfcfd}</style></head>
<body><main><h1>${esc(doc.info.title)} API</h1><p>Version ${esc(doc.info.version)}. Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a>. Errors answer <code>{"error":{"code","message"}}</code>; authenticated calls send <code>Authorization: Bearer &lt;token&gt;</code>.</p>${sections}</main></body></html>`;
}
