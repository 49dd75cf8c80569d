import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for Google's OAuth 2.0 and the Drive v3 API, used only by tests. A real
 * HTTP server on 127.0.0.1 speaking the endpoints the Drive connector calls, with Google's
 * shapes and errors; one origin serves all three hosts (accounts, oauth2, www.googleapis):
 *
 * - GET /o/oauth2/v2/auth consents at once (it requires access_type=offline and the
 *   drive.readonly scope) and redirects back with a one-time code.
 * - POST /token (form body, client_secret_post): authorization_code gives an access token,
 *   its lifetime (`tokenTtlSeconds`) and a refresh token; refresh_token gives a new access
 *   token; an unknown or revoked grant answers 400 invalid_grant.
 * - GET /drive/v3/about, /drive/v3/files (q with mimeType and `name contains`, pageSize,
 *   pageToken), /drive/v3/files/{id} (metadata, or the bytes with alt=media) and
 *   /drive/v3/files/{id}/export?mimeType (Docs and Slides as text/plain, Sheets as
 *   text/csv). Expired or revoked access tokens answer 401 like Google's.
 */

export type FakeDriveFile = {
  id: string;
  name: string;
  mimeType: string;
  /** The text of a Google Doc or Slides (its export), a Sheet's CSV, or an uploaded file's bytes. */
  content: string | Uint8Array;
};

export type FakeGoogleDriveServer = {
  url: string;
  client: { clientId: string; clientSecret: string };
  /** Environment variables that point the Liftoff server at this fake. */
  env: Record<string, string>;
  accountEmail: string;
  setFile(file: FakeDriveFile): void;
  /** Lifetime of access tokens issued from now on (Google: 3599 s). */
  setTokenTtlSeconds(seconds: number): void;
  /** Every access and refresh token issued so far stops working (access removed in the account). */
  revokeAll(): void;
  /** Tokens revoked through POST /revoke, oldest first. */
  revoked: string[];
  /** The next `count` Drive API calls answer `status` (429 or 5xx). */
  failNext(status: number, count?: number): void;
  /** Grants so far by type, e.g. { authorization_code: 1, refresh_token: 2 }. */
  grants: Record<string, number>;
  calls: string[];
  close(): Promise<void>;
};

const CLIENT = {
  clientId: "drive-test-client.apps.googleusercontent.com",
  clientSecret: "drive-test-secret",
};
const SCOPE = "https://www.googleapis.com/auth/drive.readonly";
const EXPORTS: Record<string, string[]> = {
  "application/vnd.google-apps.document": ["text/plain"],
  "application/vnd.google-apps.presentation": ["text/plain"],
  "application/vnd.google-apps.spreadsheet": ["text/csv"],
};

export async function startFakeGoogleDriveServer(): Promise<FakeGoogleDriveServer> {
  const files = new Map<string, FakeDriveFile & { modifiedTime: string }>();
  const codes = new Map<string, { redirectUri: string }>();
  const accessTokens = new Map<string, number>();
  const refreshTokens = new Set<string>();
  const grants: Record<string, number> = {};
  const calls: string[] = [];
  let ttlSeconds = 3599;
  let failures: { status: number; left: number } | null = null;
  const accountEmail = "builder@drive.test";
  let url = "";

  const revoked: string[] = [];
  /** The refresh token each access token was issued under (its grant). */
  const grantOf = new Map<string, string>();
  const issueAccess = (refreshToken: string) => {
    const token = `ya29.${randomBytes(16).toString("hex")}`;
    accessTokens.set(token, Date.now() + ttlSeconds * 1000);
    grantOf.set(token, refreshToken);
    return token;
  };

  /** Google's revoke: a form with the token; a refresh token takes its access tokens with it. */
  async function revoke(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const parts: Buffer[] = [];
    for await (const part of req) parts.push(part as Buffer);
    const token = new URLSearchParams(Buffer.concat(parts).toString("utf8")).get("token") ?? "";
    const grant = refreshTokens.has(token) ? token : grantOf.get(token);
    if (!grant || !refreshTokens.has(grant))
      return json(res, 400, { error: "invalid_token", error_description: "Token expired or revoked" });
    refreshTokens.delete(grant);
    for (const [access, of] of grantOf) if (of === grant) accessTokens.delete(access);
    revoked.push(token);
    res.writeHead(200).end();
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) googleError(res, 500, "backendError", String(error));
      else res.end();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const requestUrl = new URL(req.url ?? "/", url);
    const path = requestUrl.pathname;
    if (req.method === "GET" && path === "/o/oauth2/v2/auth") return authorize(requestUrl, res);
    if (req.method === "POST" && path === "/token") return token(req, res);
    if (req.method === "POST" && path === "/revoke") return revoke(req, res);
    if (!path.startsWith("/drive/v3/")) return googleError(res, 404, "notFound", "Not Found");

    calls.push(`${req.method} ${path}${requestUrl.searchParams.get("alt") ? "?alt=media" : ""}`);
    if (failures && failures.left > 0) {
      failures.left--;
      const status = failures.status;
      if (failures.left === 0) failures = null;
      return googleError(res, status, status === 429 ? "rateLimitExceeded" : "backendError", "Try again");
    }
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1];
    const expiresAt = bearer ? accessTokens.get(bearer) : undefined;
    if (!expiresAt || expiresAt <= Date.now())
      return googleError(res, 401, "authError", "Request had invalid authentication credentials.");

    if (req.method !== "GET") return googleError(res, 405, "methodNotAllowed", "Method not allowed");
    if (path === "/drive/v3/about")
      return json(res, 200, {
        user: { kind: "drive#user", displayName: "Drive Builder", emailAddress: accountEmail },
      });
    if (path === "/drive/v3/files") return list(requestUrl, res);
    const exported = /^\/drive\/v3\/files\/([^/]+)\/export$/.exec(path);
    if (exported) {
      const file = files.get(decodeURIComponent(exported[1]!));
      if (!file) return googleError(res, 404, "notFound", "File not found.");
      const mimeType = requestUrl.searchParams.get("mimeType") ?? "";
      if (!EXPORTS[file.mimeType]?.includes(mimeType))
        return googleError(res, 400, "badRequest", "The requested conversion is not supported.");
      return bytes(res, mimeType, file.content);
    }
    const single = /^\/drive\/v3\/files\/([^/]+)$/.exec(path);
    if (single) {
      const file = files.get(decodeURIComponent(single[1]!));
      if (!file) return googleError(res, 404, "notFound", "File not found.");
      if (requestUrl.searchParams.get("alt") === "media") {
        if (EXPORTS[file.mimeType])
          return googleError(
            res,
            403,
            "fileNotDownloadable",
            "Only files with binary content can be downloaded.",
          );
        return bytes(res, file.mimeType, file.content);
      }
      return json(res, 200, metadata(file));
    }
    return googleError(res, 404, "notFound", "Not Found");
  }

  function authorize(requestUrl: URL, res: ServerResponse): void {
    const params = requestUrl.searchParams;
    const redirectUri = params.get("redirect_uri");
    if (
      params.get("client_id") !== CLIENT.clientId ||
      params.get("response_type") !== "code" ||
      params.get("access_type") !== "offline" ||
      !(params.get("scope") ?? "").split(" ").includes(SCOPE) ||
      !redirectUri
    ) {
      json(res, 400, { error: "invalid_request" });
      return;
    }
    const code = `4/${randomBytes(12).toString("hex")}`;
    codes.set(code, { redirectUri });
    const back = new URL(redirectUri);
    back.searchParams.set("code", code);
    back.searchParams.set("scope", SCOPE);
    const state = params.get("state");
    if (state !== null) back.searchParams.set("state", state);
    res.writeHead(302, { location: back.toString() }).end();
  }

  async function token(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const parts: Buffer[] = [];
    for await (const part of req) parts.push(part as Buffer);
    const form = new URLSearchParams(Buffer.concat(parts).toString("utf8"));
    if (form.get("client_id") !== CLIENT.clientId || form.get("client_secret") !== CLIENT.clientSecret)
      return json(res, 401, { error: "invalid_client", error_description: "Unauthorized" });
    const grant = form.get("grant_type") ?? "";
    grants[grant] = (grants[grant] ?? 0) + 1;
    if (grant === "authorization_code") {
      const code = form.get("code") ?? "";
      const issued = codes.get(code);
      if (!issued || issued.redirectUri !== form.get("redirect_uri"))
        return json(res, 400, { error: "invalid_grant", error_description: "Malformed auth code." });
      codes.delete(code);
      const refreshToken = `1//${randomBytes(16).toString("hex")}`;
      refreshTokens.add(refreshToken);
      return json(res, 200, {
        access_token: issueAccess(refreshToken),
        expires_in: ttlSeconds,
        refresh_token: refreshToken,
        scope: SCOPE,
        token_type: "Bearer",
      });
    }
    if (grant === "refresh_token") {
      if (!refreshTokens.has(form.get("refresh_token") ?? ""))
        return json(res, 400, {
          error: "invalid_grant",
          error_description: "Token has been expired or revoked.",
        });
      return json(res, 200, {
        access_token: issueAccess(form.get("refresh_token") ?? ""),
        expires_in: ttlSeconds,
        scope: SCOPE,
        token_type: "Bearer",
      });
    }
    json(res, 400, { error: "unsupported_grant_type" });
  }

  function list(requestUrl: URL, res: ServerResponse): void {
    const q = requestUrl.searchParams.get("q") ?? "";
    const mimeTypes = [...q.matchAll(/mimeType = '([^']+)'/g)].map((match) => match[1]);
    const nameMatch = /name contains '((?:[^'\\]|\\.)*)'/.exec(q);
    const name = nameMatch ? nameMatch[1]!.replace(/\\(.)/g, "$1").toLowerCase() : "";
    const matching = [...files.values()]
      .filter((file) => mimeTypes.length === 0 || mimeTypes.includes(file.mimeType))
      .filter((file) => file.name.toLowerCase().includes(name))
      .sort((a, b) => b.modifiedTime.localeCompare(a.modifiedTime));
    const size = Math.min(1000, Number(requestUrl.searchParams.get("pageSize")) || 100);
    const start = Number(requestUrl.searchParams.get("pageToken") ?? 0) || 0;
    const page = matching.slice(start, start + size).map(metadata);
    json(res, 200, {
      kind: "drive#fileList",
      ...(start + size < matching.length ? { nextPageToken: String(start + size) } : {}),
      files: page,
    });
  }

  function metadata(file: FakeDriveFile & { modifiedTime: string }) {
    return {
      kind: "drive#file",
      id: file.id,
      name: file.name,
      mimeType: file.mimeType,
      modifiedTime: file.modifiedTime,
      webViewLink: `https://docs.google.com/document/d/${file.id}/edit`,
    };
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    client: CLIENT,
    env: {
      GOOGLE_DRIVE_CLIENT_ID: CLIENT.clientId,
      GOOGLE_DRIVE_CLIENT_SECRET: CLIENT.clientSecret,
      GOOGLE_DRIVE_OAUTH_URL: url,
      GOOGLE_DRIVE_TOKEN_URL: url,
      GOOGLE_DRIVE_API_URL: url,
    },
    accountEmail,
    grants,
    calls,
    setFile(file) {
      files.set(file.id, { ...file, modifiedTime: new Date().toISOString() });
    },
    setTokenTtlSeconds(seconds) {
      ttlSeconds = seconds;
    },
    revokeAll() {
      accessTokens.clear();
      refreshTokens.clear();
    },
    revoked,
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

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json; charset=UTF-8" }).end(JSON.stringify(body));
}

function bytes(res: ServerResponse, mimeType: string, content: string | Uint8Array): void {
  const body = typeof content === "string" ? Buffer.from(content) : Buffer.from(content);
  res.writeHead(200, { "content-type": mimeType, "content-length": String(body.byteLength) }).end(body);
}

/** Google's JSON error shape: error.code, error.message, error.errors[].reason. */
function googleError(res: ServerResponse, status: number, reason: string, message: string): void {
  json(res, status, { error: { code: status, message, errors: [{ message, domain: "global", reason }] } });
}
