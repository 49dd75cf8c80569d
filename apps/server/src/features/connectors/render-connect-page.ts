import { randomBytes } from "node:crypto";
import { CONNECTOR_MESSAGE_TYPE, type ConnectorMessage } from "@liftoff/domain";
import type { ConnectOutcome } from "./finish-connect.ts";

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!,
  );

/**
 * The page the connect popup ends on: it tells the builder's pages (same origin only: a
 * BroadcastChannel, which also works when the provider's pages cut the popup off from its
 * opener, and postMessage to the opener) and closes itself. Left open (the same-tab
 * fallback of a blocked popup), it goes back to the app's builder. Its one inline script runs under
 * a nonce; nothing else may run or load.
 */
export function renderConnectPage(outcome: ConnectOutcome): { html: string; csp: string } {
  const nonce = randomBytes(16).toString("base64");
  const message: ConnectorMessage = {
    type: CONNECTOR_MESSAGE_TYPE,
    provider: outcome.provider,
    ok: outcome.ok,
  };
  const back = outcome.appId ? `/build/app/${encodeURIComponent(outcome.appId)}` : "/";
  // JSON inside a script: "<" escaped so no value can close the script element.
  const data = JSON.stringify({ message, back }).replace(/</g, "\\u003c");
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Liftoff</title></head>
<body style="margin:0;font-family:Inter,Segoe UI,Helvetica,Arial,sans-serif;color:#18181b;display:flex;min-height:100vh;align-items:center;justify-content:center;padding:24px;box-sizing:border-box">
<main style="max-width:420px;text-align:center"><p role="status" style="font-size:15px;line-height:22px">${escapeHtml(outcome.message)}</p>
<p><a href="${escapeHtml(back)}" style="color:#4f46e5">Back to your app</a></p></main>
<script nonce="${nonce}">
(function () {
  var data = ${data};
  try { new BroadcastChannel(${JSON.stringify(CONNECTOR_MESSAGE_TYPE)}).postMessage(data.message); } catch (e) {}
  try { if (window.opener) window.opener.postMessage(data.message, window.location.origin); } catch (e) {}
  window.close();
  // Still open: not a popup (the same-tab fallback), or one the provider cut off from us.
  if (data.message.ok) setTimeout(function () { window.location.replace(data.back); }, 400);
})();
</script></body></html>`;
  return {
    html,
    csp: `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
  };
}
