import { randomBytes, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for Notion's public API, used only by tests. A real HTTP server on
 * 127.0.0.1 speaking the endpoints the Notion connector calls, with Notion's shapes and
 * errors (API version 2022-06-28):
 *
 * - OAuth of a public integration: GET /v1/oauth/authorize consents at once and redirects
 *   back with a one-time code; POST /v1/oauth/token takes HTTP Basic client credentials
 *   and a JSON body, and answers the access token with the workspace's name and id.
 * - POST /v1/search (query, start_cursor, page_size), GET /v1/blocks/{id}/children
 *   (paginated, nested blocks behind has_children), POST /v1/databases/{id}/query.
 *
 * Every API call needs `Notion-Version` and a live bearer token (401 `unauthorized`
 * otherwise, as after a revoke). `failNext` makes the next calls answer 429 or 5xx.
 */

export type FakeNotionBlock = {
  type: string;
  text?: string;
  checked?: boolean;
  children?: FakeNotionBlock[];
};
export type FakeNotionPage = { title: string; blocks: FakeNotionBlock[] };
export type FakeNotionDatabase = { title: string; rows: Record<string, FakeNotionValue>[] };
/** A row's value: text (a title for the first column, rich text after), a number, a select. */
export type FakeNotionValue = string | number | { select: string } | { checkbox: boolean };

export type FakeNotionServer = {
  url: string;
  client: { clientId: string; clientSecret: string };
  /** Environment variables that point the Liftoff server at this fake. */
  env: Record<string, string>;
  workspaceName: string;
  setPage(id: string, page: FakeNotionPage): void;
  setDatabase(id: string, database: FakeNotionDatabase): void;
  /** Every access token issued so far stops working (the builder removed the integration). */
  revokeAll(): void;
  /** Tokens revoked through POST /v1/oauth/revoke, oldest first. */
  revoked: string[];
  /** Lifetime of access tokens issued from now on (null, the default: they do not expire). */
  setTokenTtlSeconds(seconds: number | null): void;
  /** Token grants so far by type, e.g. { authorization_code: 1, refresh_token: 2 }. */
  grants: Record<string, number>;
  /** The next `count` API calls answer `status` (429 or 5xx). */
  failNext(status: number, count?: number): void;
  /** API calls so far, "METHOD /path", oldest first. */
  calls: string[];
  close(): Promise<void>;
};

const PAGE_SIZE_MAX = 100;
const CLIENT = { clientId: "notion-test-client", clientSecret: "notion-test-secret" };

type StoredBlock = { id: string; json: Record<string, unknown>; children: string[] };

export async function startFakeNotionServer(): Promise<FakeNotionServer> {
  const pages = new Map<string, FakeNotionPage & { editedAt: string }>();
  const databases = new Map<string, FakeNotionDatabase & { editedAt: string }>();
  /** Block children by parent id (pages and blocks alike), rebuilt when a page changes. */
  const children = new Map<string, string[]>();
  const blocks = new Map<string, StoredBlock>();
  const codes = new Map<string, { redirectUri: string }>();
  const tokens = new Set<string>();
  const refreshTokens = new Set<string>();
  const revoked: string[] = [];
  const grants: Record<string, number> = {};
  /** Lifetime of access tokens issued from now on; null: they do not expire (and no expires_in). */
  let ttlSeconds: number | null = null;
  const calls: string[] = [];
  let failures: { status: number; left: number } | null = null;
  const workspace = { name: "Acme Notes", id: randomUUID() };
  let url = "";

  function storeBlocks(parentId: string, list: FakeNotionBlock[]): void {
    for (const old of children.get(parentId) ?? []) storeBlocks(old, []);
    const ids = list.map((block) => {
      const id = randomUUID();
      const richText = [{ type: "text", text: { content: block.text ?? "" }, plain_text: block.text ?? "" }];
      const value: Record<string, unknown> =
        block.type === "child_page" ? { title: block.text ?? "" } : { rich_text: richText };
      if (block.type === "to_do") value.checked = block.checked ?? false;
      blocks.set(id, {
        id,
        children: [],
        json: {
          object: "block",
          id,
          type: block.type,
          has_children: (block.children?.length ?? 0) > 0,
          [block.type]: value,
        },
      });
      storeBlocks(id, block.children ?? []);
      return id;
    });
    children.set(parentId, ids);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) notionError(res, 500, "internal_server_error", String(error));
      else res.end();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const requestUrl = new URL(req.url ?? "/", url);
    const path = requestUrl.pathname;
    if (req.method === "GET" && path === "/v1/oauth/authorize") return authorize(requestUrl, res);
    if (req.method === "POST" && path === "/v1/oauth/token") return token(req, res);
    if (req.method === "POST" && path === "/v1/oauth/revoke") return revoke(req, res);

    calls.push(`${req.method} ${path}`);
    if (failures && failures.left > 0) {
      failures.left--;
      const status = failures.status;
      if (failures.left === 0) failures = null;
      return notionError(res, status, status === 429 ? "rate_limited" : "service_unavailable", "Try again");
    }
    if (req.headers["notion-version"] !== "2022-06-28")
      return notionError(res, 400, "missing_version", "Notion-Version header failed validation");
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1];
    if (!bearer || !tokens.has(bearer)) return notionError(res, 401, "unauthorized", "API token is invalid.");

    if (req.method === "POST" && path === "/v1/search") return search(await readJson(req), res);
    const blockChildren = /^\/v1\/blocks\/([^/]+)\/children$/.exec(path);
    if (req.method === "GET" && blockChildren) {
      const id = decodeURIComponent(blockChildren[1]!);
      const list = children.get(id);
      if (!list) return notionError(res, 404, "object_not_found", `Could not find block with ID: ${id}.`);
      return json(
        res,
        200,
        paginate(
          list.map((childId) => blocks.get(childId)!.json),
          requestUrl.searchParams.get("start_cursor"),
          requestUrl.searchParams.get("page_size"),
          "block",
        ),
      );
    }
    const query = /^\/v1\/databases\/([^/]+)\/query$/.exec(path);
    if (req.method === "POST" && query) {
      const id = decodeURIComponent(query[1]!);
      const database = databases.get(id);
      if (!database)
        return notionError(res, 404, "object_not_found", `Could not find database with ID: ${id}.`);
      const body = (await readJson(req)) as { start_cursor?: string; page_size?: number };
      const rows = database.rows.map((row, index) => ({
        object: "page",
        id: `${id}-row-${index}`,
        last_edited_time: database.editedAt,
        properties: Object.fromEntries(
          Object.entries(row).map(([name, value], column) => [name, property(value, column === 0)]),
        ),
      }));
      return json(
        res,
        200,
        paginate(rows, body.start_cursor ?? null, String(body.page_size ?? ""), "page_or_database"),
      );
    }
    return notionError(res, 400, "invalid_request_url", "Invalid request URL.");
  }

  function authorize(requestUrl: URL, res: ServerResponse): void {
    const params = requestUrl.searchParams;
    const redirectUri = params.get("redirect_uri");
    if (
      params.get("client_id") !== CLIENT.clientId ||
      params.get("response_type") !== "code" ||
      !redirectUri
    ) {
      json(res, 400, { error: "invalid_request" });
      return;
    }
    const code = randomBytes(12).toString("hex");
    codes.set(code, { redirectUri });
    const back = new URL(redirectUri);
    back.searchParams.set("code", code);
    const state = params.get("state");
    if (state !== null) back.searchParams.set("state", state);
    res.writeHead(302, { location: back.toString() }).end();
  }

  async function token(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const expected = `Basic ${Buffer.from(`${CLIENT.clientId}:${CLIENT.clientSecret}`).toString("base64")}`;
    if (req.headers.authorization !== expected) return json(res, 401, { error: "invalid_client" });
    const body = (await readJson(req)) as {
      grant_type?: string;
      code?: string;
      redirect_uri?: string;
      refresh_token?: string;
    };
    const grant = body.grant_type ?? "";
    grants[grant] = (grants[grant] ?? 0) + 1;
    if (grant === "refresh_token") {
      // Rotation: the refresh token is spent; the answer carries the next one.
      if (!body.refresh_token || !refreshTokens.delete(body.refresh_token))
        return json(res, 400, {
          error: "invalid_grant",
          error_description: "Token has been expired or revoked.",
        });
      return json(res, 200, issue());
    }
    const issued = body.code ? codes.get(body.code) : undefined;
    if (grant !== "authorization_code" || !issued || issued.redirectUri !== body.redirect_uri)
      return json(res, 400, { error: "invalid_grant", error_description: "Invalid code." });
    codes.delete(body.code!);
    json(res, 200, issue());
  }

  /** A token answer as Notion's: with a refresh token and expires_in once a TTL is set. */
  function issue(): Record<string, unknown> {
    const accessToken = `secret_${randomBytes(16).toString("hex")}`;
    tokens.add(accessToken);
    const refreshToken = `nrt_${randomBytes(16).toString("hex")}`;
    refreshTokens.add(refreshToken);
    if (ttlSeconds !== null) setTimeout(() => tokens.delete(accessToken), ttlSeconds * 1000).unref();
    return {
      access_token: accessToken,
      token_type: "bearer",
      refresh_token: refreshToken,
      ...(ttlSeconds !== null ? { expires_in: ttlSeconds } : {}),
      bot_id: randomUUID(),
      workspace_name: workspace.name,
      workspace_icon: null,
      workspace_id: workspace.id,
      owner: { type: "user", user: { object: "user", id: randomUUID() } },
      duplicated_template_id: null,
    };
  }

  /** Notion's revoke: client credentials as HTTP Basic, the token in a JSON body. */
  async function revoke(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const expected = `Basic ${Buffer.from(`${CLIENT.clientId}:${CLIENT.clientSecret}`).toString("base64")}`;
    if (req.headers.authorization !== expected) return json(res, 401, { error: "invalid_client" });
    const body = (await readJson(req)) as { token?: unknown };
    if (typeof body.token !== "string" || !tokens.delete(body.token))
      return notionError(res, 400, "invalid_request", "Invalid token.");
    revoked.push(body.token);
    json(res, 200, { request_id: randomUUID() });
  }

  function search(body: unknown, res: ServerResponse): void {
    const {
      query = "",
      start_cursor,
      page_size,
    } = body as {
      query?: string;
      start_cursor?: string;
      page_size?: number;
    };
    const wanted = query.toLowerCase();
    const results = [
      ...[...pages].map(([id, page]) => ({
        name: page.title,
        entry: {
          object: "page",
          id,
          url: `https://www.notion.so/${id.replace(/-/g, "")}`,
          last_edited_time: page.editedAt,
          properties: { title: { id: "title", type: "title", title: [{ plain_text: page.title }] } },
        },
      })),
      ...[...databases].map(([id, database]) => ({
        name: database.title,
        entry: {
          object: "database",
          id,
          url: `https://www.notion.so/${id.replace(/-/g, "")}`,
          last_edited_time: database.editedAt,
          title: [{ plain_text: database.title }],
        },
      })),
    ]
      .filter(({ name }) => name.toLowerCase().includes(wanted))
      .map(({ entry }) => entry);
    json(res, 200, paginate(results, start_cursor ?? null, String(page_size ?? ""), "page_or_database"));
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    client: CLIENT,
    env: {
      NOTION_CLIENT_ID: CLIENT.clientId,
      NOTION_CLIENT_SECRET: CLIENT.clientSecret,
      NOTION_API_URL: url,
    },
    workspaceName: workspace.name,
    calls,
    setPage(id, page) {
      pages.set(id, { ...page, editedAt: new Date().toISOString() });
      storeBlocks(id, page.blocks);
    },
    setDatabase(id, database) {
      databases.set(id, { ...database, editedAt: new Date().toISOString() });
    },
    revokeAll() {
      tokens.clear();
      refreshTokens.clear();
    },
    revoked,
    grants,
    setTokenTtlSeconds(seconds) {
      ttlSeconds = seconds;
    },
    failNext(status, count = 1) {
      failures = { status, left: count };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Notion's list shape: results, next_cursor, has_more (cursors are opaque; here an offset). */
function paginate(all: unknown[], cursor: string | null, pageSize: string | null, type: string) {
  const size = Math.min(PAGE_SIZE_MAX, Math.max(1, Number(pageSize) || PAGE_SIZE_MAX));
  const start = cursor ? Number(Buffer.from(cursor, "base64url").toString()) || 0 : 0;
  const results = all.slice(start, start + size);
  const more = start + size < all.length;
  return {
    object: "list",
    results,
    next_cursor: more ? Buffer.from(String(start + size)).toString("base64url") : null,
    has_more: more,
    type,
    [type]: {},
  };
}

function property(value: FakeNotionValue, isTitle: boolean): Record<string, unknown> {
  if (typeof value === "number") return { type: "number", number: value };
  if (typeof value === "object" && "select" in value)
    return { type: "select", select: { name: value.select, color: "default" } };
  if (typeof value === "object" && "checkbox" in value) return { type: "checkbox", checkbox: value.checkbox };
  const text = [{ type: "text", text: { content: value }, plain_text: value }];
  return isTitle ? { type: "title", title: text } : { type: "rich_text", rich_text: text };
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(part as Buffer);
  const text = Buffer.concat(parts).toString("utf8");
  return text ? JSON.parse(text) : {};
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
}

function notionError(res: ServerResponse, status: number, code: string, message: string): void {
  json(res, status, { object: "error", status, code, message });
}
