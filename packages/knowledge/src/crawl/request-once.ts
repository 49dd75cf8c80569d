import http, { type IncomingMessage } from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import type { CrawlAgents } from "./crawl-agents.ts";

export type RequestOnceOptions = {
  url: URL;
  userAgent: string;
  agents: CrawlAgents;
  lookup: LookupFunction;
  /** Aborting destroys the socket, also while the body is still streaming. */
  signal: AbortSignal;
};

/**
 * One GET through node:http(s) (not global fetch: its connector cannot be given our lookup
 * without an undici dependency) that resolves with the response head; redirects are NOT
 * followed here. The body is left to the caller to stream or destroy.
 */
export function requestOnce(options: RequestOnceOptions): Promise<IncomingMessage> {
  const { url } = options;
  const isHttps = url.protocol === "https:";
  const client = isHttps ? https : http;
  const hostname = url.hostname.startsWith("[") ? url.hostname.slice(1, -1) : url.hostname;
  return new Promise((resolve, reject) => {
    const request = client.request({
      protocol: url.protocol,
      hostname,
      port: url.port || (isHttps ? 443 : 80),
      path: `${url.pathname}${url.search}`,
      method: "GET",
      agent: isHttps ? options.agents.https : options.agents.http,
      lookup: options.lookup,
      signal: options.signal,
      headers: {
        "user-agent": options.userAgent,
        accept: "text/html,application/xhtml+xml;q=0.9,*/*;q=0.5",
        "accept-encoding": "gzip, deflate, br",
      },
    });
    request.once("response", resolve);
    request.once("error", reject);
    request.end();
  });
}
