import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type TestRoute = string | ((request: IncomingMessage, response: ServerResponse) => void);

export type TestSite = {
  /** http://127.0.0.1:<port> */
  origin: string;
  port: number;
  /** Every request as it arrived: path (with query) and Date.now(). */
  hits: { path: string; at: number }[];
  hitCount: (path: string) => number;
  close: () => Promise<void>;
};

/**
 * A real local web site for crawler tests: a string route is served as text/html, a
 * function route answers by hand; anything else (robots.txt included) is a 404.
 */
export async function serveTestSite(routes: Record<string, TestRoute>): Promise<TestSite> {
  const hits: TestSite["hits"] = [];
  const server = createServer((request, response) => {
    const path = request.url ?? "/";
    hits.push({ path, at: Date.now() });
    const route = routes[path];
    if (typeof route === "function") return route(request, response);
    if (typeof route === "string") {
      response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      response.end(route);
      return;
    }
    response.writeHead(404, { "content-type": "text/plain" });
    response.end("not found");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    hits,
    hitCount: (path) => hits.filter((hit) => hit.path === path).length,
    close: () =>
      new Promise<void>((resolve) => {
        // Hanging test pages keep their sockets open; cut them so close() returns.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A small HTML page with a title and links. */
export function page(title: string, links: string[] = [], head = ""): string {
  const anchors = links.map((href) => `<a href="${href}">${href}</a>`).join("\n");
  return `<!doctype html><html><head><title>${title}</title>${head}</head><body>${anchors}</body></html>`;
}
