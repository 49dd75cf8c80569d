import http from "node:http";
import https from "node:https";

export type CrawlAgents = { http: http.Agent; https: https.Agent; destroy: () => void };

/**
 * One pair of keep-alive agents per crawl. Never the global agents: a pooled socket opened
 * by other code (without our address check) to the same host could otherwise be reused.
 * Every socket in these pools was opened through the crawl's safe lookup.
 */
export function createCrawlAgents(): CrawlAgents {
  const httpAgent = new http.Agent({ keepAlive: true, maxSockets: 2 });
  const httpsAgent = new https.Agent({ keepAlive: true, maxSockets: 2 });
  return {
    http: httpAgent,
    https: httpsAgent,
    destroy: () => {
      httpAgent.destroy();
      httpsAgent.destroy();
    },
  };
}
