import { createHash, generateKeyPairSync, randomBytes, sign, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for Google and GitHub sign-in, used only by tests (the integration suite
 * and the e2e suite). It is a real HTTP server on 127.0.0.1 speaking the real protocols,
 * so the server's OAuth code runs exactly as in production, just pointed elsewhere:
 *
 * - Google-style OpenID Connect at the root: discovery, /authorize, /token (client_secret_basic
 *   or client_secret_post, PKCE S256/plain), /userinfo, and RS256-signed ID tokens whose key
 *   is published at /jwks.
 * - GitHub-style OAuth: /login/oauth/authorize, /login/oauth/access_token (JSON when asked
 *   with `Accept: application/json`, otherwise form-encoded; errors answered with 200 like
 *   GitHub does), and the REST calls /user and /user/emails.
 *
 * Consent is automatic: /authorize signs in as the current test user (see setUser) and
 * redirects straight back with a one-time code.
 */

export type FakeOAuthUser = {
  /** Subject / GitHub user id. Use digits for GitHub realism (GitHub ids are numbers). */
  id: string;
  email: string;
  emailVerified?: boolean;
  name: string;
  picture?: string | null;
  /** GitHub login; derived from the e-mail when omitted. */
  login?: string;
};

export type FakeOAuthClient = { clientId: string; clientSecret: string };

/**
 * Ways to make the provider misbehave, to check that the app refuses the result: ID tokens
 * signed with a key that is not published, bound to another nonce, or issued for another
 * audience or by another issuer.
 */
export type FakeOAuthFault =
  | "id-token-signature"
  | "id-token-nonce"
  | "id-token-audience"
  | "id-token-issuer";

export type FakeOAuthProviderOptions = {
  user: FakeOAuthUser;
  /** The registered client; both flavours accept it. Defaults to FAKE_OAUTH_CLIENT. */
  client?: FakeOAuthClient;
  /** When set, /authorize refuses any other redirect_uri, like a real provider's app settings. */
  redirectUris?: string[];
};

/** What /authorize received, so tests can assert on the request the app built. */
export type FakeAuthorization = {
  flavor: "oidc" | "github";
  clientId: string;
  redirectUri: string;
  scope: string;
  state: string | null;
  nonce: string | null;
  codeChallenge: string | null;
  codeChallengeMethod: string | null;
};

export type FakeOAuthProvider = {
  /** Origin of the server (no trailing slash): the OIDC issuer and the GitHub base/API URL. */
  url: string;
  client: FakeOAuthClient;
  /** Environment variables that point the Liftoff server at this provider for both flavours. */
  env: Record<string, string>;
  /** Every /authorize request so far, oldest first. */
  authorizations: FakeAuthorization[];
  /** The user the next /authorize signs in as. */
  setUser(user: FakeOAuthUser): void;
  /** Misbehave from the next token request on, until set back to null. */
  setFault(fault: FakeOAuthFault | null): void;
  close(): Promise<void>;
};

export const FAKE_OAUTH_CLIENT: FakeOAuthClient = {
  clientId: "liftoff-test-client",
  clientSecret: "liftoff-test-client-secret",
};

const CODE_TTL_MS = 10 * 60 * 1000;
const TOKEN_TTL_SECONDS = 3600;
const MAX_BODY_BYTES = 64 * 1024;

type IssuedCode = FakeAuthorization & { user: FakeOAuthUser; expiresAt: number; used: boolean };
type IssuedToken = {
  flavor: "oidc" | "github";
  code: string;
  user: FakeOAuthUser;
  scope: string;
  expiresAt: number;
};

class OAuthError extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
    readonly status = 400,
  ) {
    super(description);
  }
}

export async function startFakeOAuthProvider(options: FakeOAuthProviderOptions): Promise<FakeOAuthProvider> {
  const client = options.client ?? FAKE_OAUTH_CLIENT;
  let currentUser = options.user;
  let fault: FakeOAuthFault | null = null;
  const codes = new Map<string, IssuedCode>();
  const tokens = new Map<string, IssuedToken>();
  const authorizations: FakeAuthorization[] = [];

  const { publicKey, privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const kid = randomBytes(8).toString("hex");
  const jwk = { ...publicKey.export({ format: "jwk" }), kid, alg: "RS256", use: "sig" };
  // Signs forged ID tokens under the published key id (fault "id-token-signature").
  const strangerKey = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey;

  let url = "";

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) json(res, 500, { error: "server_error", error_description: String(error) });
      else res.end();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const requestUrl = new URL(req.url ?? "/", url);
    const route = `${req.method} ${requestUrl.pathname}`;
    switch (route) {
      case "GET /.well-known/openid-configuration":
        return json(res, 200, discoveryDocument());
      case "GET /jwks":
        return json(res, 200, { keys: [jwk] });
      case "GET /authorize":
        return authorize(requestUrl, res, "oidc");
      case "GET /login/oauth/authorize":
        return authorize(requestUrl, res, "github");
      case "POST /token":
        return oidcToken(req, res);
      case "POST /login/oauth/access_token":
        return githubToken(req, requestUrl, res);
      case "GET /userinfo":
        return oidcUserInfo(req, res);
      case "GET /user":
        return githubUser(req, res);
      case "GET /user/emails":
        return githubEmails(req, res);
      default:
        return json(res, 404, { error: "not_found", message: `No route ${route}` });
    }
  }

  function discoveryDocument() {
    return {
      issuer: url,
      authorization_endpoint: `${url}/authorize`,
      token_endpoint: `${url}/token`,
      userinfo_endpoint: `${url}/userinfo`,
      jwks_uri: `${url}/jwks`,
      response_types_supported: ["code"],
      subject_types_supported: ["public"],
      id_token_signing_alg_values_supported: ["RS256"],
      scopes_supported: ["openid", "email", "profile"],
      token_endpoint_auth_methods_supported: ["client_secret_post", "client_secret_basic"],
      claims_supported: [
        "aud",
        "email",
        "email_verified",
        "exp",
        "iat",
        "iss",
        "name",
        "picture",
        "sub",
        "nonce",
      ],
      code_challenge_methods_supported: ["plain", "S256"],
      grant_types_supported: ["authorization_code"],
      authorization_response_iss_parameter_supported: true,
    };
  }

  // --- authorization endpoint (both flavours) -------------------------------------------

  function authorize(requestUrl: URL, res: ServerResponse, flavor: "oidc" | "github"): void {
    const q = requestUrl.searchParams;
    const clientId = q.get("client_id");
    const redirectUri = q.get("redirect_uri");
    // Errors about the client or the redirect target must not redirect (RFC 6749 §4.1.2.1).
    if (clientId !== client.clientId) {
      text(res, 400, "invalid_client: unknown client_id");
      return;
    }
    if (!redirectUri || !isAllowedRedirect(redirectUri)) {
      text(res, 400, "redirect_uri_mismatch");
      return;
    }

    const state = q.get("state");
    const back = new URL(redirectUri);
    const fail = (error: string, description: string) => {
      back.searchParams.set("error", error);
      back.searchParams.set("error_description", description);
      if (state !== null) back.searchParams.set("state", state);
      if (flavor === "oidc") back.searchParams.set("iss", url);
      redirect(res, back.href);
    };

    if (flavor === "oidc" && q.get("response_type") !== "code") {
      fail("unsupported_response_type", "only response_type=code is supported");
      return;
    }
    const codeChallenge = q.get("code_challenge");
    const codeChallengeMethod = codeChallenge ? (q.get("code_challenge_method") ?? "plain") : null;
    if (codeChallengeMethod && codeChallengeMethod !== "S256" && codeChallengeMethod !== "plain") {
      fail("invalid_request", "unsupported code_challenge_method");
      return;
    }
    const scope = q.get("scope") ?? "";
    if (flavor === "oidc" && !scope.split(" ").includes("openid")) {
      fail("invalid_scope", "the openid scope is required");
      return;
    }

    const authorization: FakeAuthorization = {
      flavor,
      clientId,
      redirectUri,
      scope,
      state,
      nonce: q.get("nonce"),
      codeChallenge,
      codeChallengeMethod,
    };
    authorizations.push(authorization);
    const code = randomToken();
    codes.set(code, {
      ...authorization,
      user: { ...currentUser },
      expiresAt: Date.now() + CODE_TTL_MS,
      used: false,
    });

    back.searchParams.set("code", code);
    if (state !== null) back.searchParams.set("state", state);
    if (flavor === "oidc") back.searchParams.set("iss", url);
    redirect(res, back.href);
  }

  function isAllowedRedirect(redirectUri: string): boolean {
    try {
      new URL(redirectUri);
    } catch {
      return false;
    }
    return !options.redirectUris || options.redirectUris.includes(redirectUri);
  }

  // --- token endpoints -------------------------------------------------------------------

  async function oidcToken(req: IncomingMessage, res: ServerResponse): Promise<void> {
    try {
      const params = await readParams(req);
      const issued = redeemCode(req, params, "oidc");
      const accessToken = randomToken();
      tokens.set(accessToken, {
        flavor: "oidc",
        code: params.get("code") ?? "",
        user: issued.user,
        scope: issued.scope,
        expiresAt: Date.now() + TOKEN_TTL_SECONDS * 1000,
      });
      res.setHeader("cache-control", "no-store");
      json(res, 200, {
        access_token: accessToken,
        token_type: "Bearer",
        expires_in: TOKEN_TTL_SECONDS,
        scope: issued.scope,
        id_token: idToken(issued),
      });
    } catch (error) {
      if (!(error instanceof OAuthError)) throw error;
      if (error.status === 401) res.setHeader("www-authenticate", 'Basic realm="token"');
      json(res, error.status, { error: error.error, error_description: error.description });
    }
  }

  async function githubToken(req: IncomingMessage, requestUrl: URL, res: ServerResponse): Promise<void> {
    const wantsJson = (req.headers.accept ?? "").includes("application/json");
    const answer = (body: Record<string, string>) => {
      if (wantsJson) json(res, 200, body);
      else {
        res.writeHead(200, { "content-type": "application/x-www-form-urlencoded; charset=utf-8" });
        res.end(new URLSearchParams(body).toString());
      }
    };
    try {
      // GitHub takes the parameters from the query string as well as from the body.
      const params = await readParams(req);
      for (const [key, value] of requestUrl.searchParams) if (!params.has(key)) params.set(key, value);
      const issued = redeemCode(req, params, "github");
      const accessToken = `gho_${randomToken()}`;
      tokens.set(accessToken, {
        flavor: "github",
        code: params.get("code") ?? "",
        user: issued.user,
        scope: issued.scope,
        expiresAt: Date.now() + TOKEN_TTL_SECONDS * 1000,
      });
      answer({ access_token: accessToken, token_type: "bearer", scope: issued.scope.split(" ").join(",") });
    } catch (error) {
      if (!(error instanceof OAuthError)) throw error;
      // GitHub reports token errors with status 200 and an `error` field.
      answer({ error: githubErrorCode(error.error), error_description: error.description });
    }
  }

  function githubErrorCode(error: string): string {
    if (error === "invalid_client") return "incorrect_client_credentials";
    if (error === "invalid_grant") return "bad_verification_code";
    return error;
  }

  function redeemCode(req: IncomingMessage, params: URLSearchParams, flavor: "oidc" | "github"): IssuedCode {
    if (flavor === "oidc" && params.get("grant_type") !== "authorization_code") {
      throw new OAuthError("unsupported_grant_type", "only authorization_code is supported");
    }
    const credentials = clientCredentials(req, params);
    if (
      !credentials ||
      !safeEqual(credentials.clientId, client.clientId) ||
      !safeEqual(credentials.clientSecret, client.clientSecret)
    ) {
      throw new OAuthError("invalid_client", "client authentication failed", 401);
    }
    const code = params.get("code") ?? "";
    const issued = codes.get(code);
    if (!issued || issued.flavor !== flavor)
      throw new OAuthError("invalid_grant", "unknown authorization code");
    if (issued.used) {
      // A replayed code also revokes what it issued (RFC 6749 §4.1.2).
      for (const [token, entry] of tokens) if (entry.code === code) tokens.delete(token);
      throw new OAuthError("invalid_grant", "authorization code already used");
    }
    issued.used = true;
    if (issued.expiresAt < Date.now()) throw new OAuthError("invalid_grant", "authorization code expired");
    if (issued.clientId !== credentials.clientId)
      throw new OAuthError("invalid_grant", "code issued to another client");
    if (params.get("redirect_uri") !== issued.redirectUri) {
      throw new OAuthError(
        flavor === "github" ? "redirect_uri_mismatch" : "invalid_grant",
        "redirect_uri mismatch",
      );
    }
    if (issued.codeChallenge) {
      const verifier = params.get("code_verifier");
      if (!verifier || !/^[A-Za-z0-9\-._~]{43,128}$/.test(verifier)) {
        throw new OAuthError("invalid_grant", "missing or malformed code_verifier");
      }
      const expected =
        issued.codeChallengeMethod === "S256"
          ? createHash("sha256").update(verifier).digest("base64url")
          : verifier;
      if (!safeEqual(expected, issued.codeChallenge))
        throw new OAuthError("invalid_grant", "PKCE verification failed");
    }
    return issued;
  }

  function clientCredentials(req: IncomingMessage, params: URLSearchParams): FakeOAuthClient | null {
    const authorization = req.headers.authorization;
    if (authorization) {
      const match = /^Basic +(.+)$/i.exec(authorization);
      if (!match?.[1]) return null;
      const decoded = Buffer.from(match[1], "base64").toString("utf8");
      const separator = decoded.indexOf(":");
      if (separator < 0) return null;
      const formDecode = (value: string) => new URLSearchParams(`v=${value}`).get("v") ?? "";
      // Basic and body credentials together are ambiguous (RFC 6749 §2.3.1).
      if (params.has("client_secret")) return null;
      return {
        clientId: formDecode(decoded.slice(0, separator)),
        clientSecret: formDecode(decoded.slice(separator + 1)),
      };
    }
    const clientId = params.get("client_id");
    const clientSecret = params.get("client_secret");
    return clientId && clientSecret ? { clientId, clientSecret } : null;
  }

  function idToken(issued: IssuedCode): string {
    const now = Math.floor(Date.now() / 1000);
    const { user } = issued;
    const claims: Record<string, unknown> = {
      iss: fault === "id-token-issuer" ? "https://issuer.invalid" : url,
      aud: fault === "id-token-audience" ? "another-client" : issued.clientId,
      azp: issued.clientId,
      sub: user.id,
      iat: now,
      exp: now + TOKEN_TTL_SECONDS,
      email: user.email,
      email_verified: user.emailVerified ?? true,
      name: user.name,
      ...(user.picture ? { picture: user.picture } : {}),
      ...(issued.nonce ? { nonce: fault === "id-token-nonce" ? randomToken() : issued.nonce } : {}),
    };
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
    const input = `${encode({ alg: "RS256", kid, typ: "JWT" })}.${encode(claims)}`;
    const key = fault === "id-token-signature" ? strangerKey : privateKey;
    return `${input}.${sign("sha256", Buffer.from(input), key).toString("base64url")}`;
  }

  // --- resource endpoints ------------------------------------------------------------------

  function bearer(req: IncomingMessage, flavor: "oidc" | "github"): IssuedToken | null {
    // GitHub also accepts the older `token <value>` scheme.
    const match = /^(?:Bearer|token) +(.+)$/i.exec(req.headers.authorization ?? "");
    const entry = match?.[1] ? tokens.get(match[1]) : undefined;
    if (!entry || entry.flavor !== flavor || entry.expiresAt < Date.now()) return null;
    return entry;
  }

  function oidcUserInfo(req: IncomingMessage, res: ServerResponse): void {
    const entry = bearer(req, "oidc");
    if (!entry) {
      res.setHeader("www-authenticate", 'Bearer error="invalid_token"');
      json(res, 401, { error: "invalid_token", error_description: "missing or invalid access token" });
      return;
    }
    const { user } = entry;
    json(res, 200, {
      sub: user.id,
      email: user.email,
      email_verified: user.emailVerified ?? true,
      name: user.name,
      ...(user.picture ? { picture: user.picture } : {}),
    });
  }

  function githubUser(req: IncomingMessage, res: ServerResponse): void {
    const entry = bearer(req, "github");
    if (!entry) {
      githubUnauthorized(res);
      return;
    }
    const { user } = entry;
    json(res, 200, {
      id: /^\d+$/.test(user.id) ? Number(user.id) : user.id,
      login: githubLogin(user),
      name: user.name,
      avatar_url: user.picture ?? null,
      // GitHub shows only the public address here, and most users keep theirs private.
      email: null,
      type: "User",
    });
  }

  function githubEmails(req: IncomingMessage, res: ServerResponse): void {
    const entry = bearer(req, "github");
    if (!entry) {
      githubUnauthorized(res);
      return;
    }
    if (!entry.scope.split(/[ ,]/).includes("user:email")) {
      json(res, 404, { message: "Not Found", documentation_url: "https://docs.github.com/rest" });
      return;
    }
    const { user } = entry;
    json(res, 200, [
      {
        email: `${githubLogin(user)}@users.noreply.github.com`,
        primary: false,
        verified: true,
        visibility: null,
      },
      { email: user.email, primary: true, verified: user.emailVerified ?? true, visibility: "private" },
    ]);
  }

  function githubUnauthorized(res: ServerResponse): void {
    json(res, 401, {
      message: "Bad credentials",
      documentation_url: "https://docs.github.com/rest",
      status: "401",
    });
  }

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  url = `http://127.0.0.1:${port}`;

  return {
    url,
    client,
    env: {
      GOOGLE_CLIENT_ID: client.clientId,
      GOOGLE_CLIENT_SECRET: client.clientSecret,
      GOOGLE_ISSUER: url,
      GITHUB_CLIENT_ID: client.clientId,
      GITHUB_CLIENT_SECRET: client.clientSecret,
      GITHUB_BASE_URL: url,
      GITHUB_API_URL: url,
    },
    authorizations,
    setUser(user) {
      currentUser = user;
    },
    setFault(next) {
      fault = next;
    },
    close() {
      return new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
    },
  };
}

function githubLogin(user: FakeOAuthUser): string {
  return user.login ?? (user.email.split("@")[0] ?? "user").replace(/[^A-Za-z0-9-]/g, "-");
}

function randomToken(): string {
  return randomBytes(24).toString("base64url");
}

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

async function readParams(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new OAuthError("invalid_request", "request body too large");
    chunks.push(chunk as Buffer);
  }
  const body = Buffer.concat(chunks).toString("utf8");
  const type = req.headers["content-type"] ?? "";
  if (type.includes("application/json")) {
    let parsed: unknown;
    try {
      parsed = body ? JSON.parse(body) : {};
    } catch {
      throw new OAuthError("invalid_request", "malformed JSON body");
    }
    const params = new URLSearchParams();
    if (parsed && typeof parsed === "object") {
      for (const [key, value] of Object.entries(parsed))
        if (typeof value === "string") params.set(key, value);
    }
    return params;
  }
  if (body && !type.includes("application/x-www-form-urlencoded")) {
    throw new OAuthError("invalid_request", "the body must be application/x-www-form-urlencoded");
  }
  return new URLSearchParams(body);
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json; charset=utf-8" });
  res.end(JSON.stringify(body));
}

function text(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, { "content-type": "text/plain; charset=utf-8" });
  res.end(body);
}

function redirect(res: ServerResponse, location: string): void {
  res.writeHead(302, { location });
  res.end();
}
