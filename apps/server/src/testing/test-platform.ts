import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createTestDatabase } from "@liftoff/db/testing";
import type { Mail, SessionResponse } from "@liftoff/domain";
import { loadConfig } from "../config.ts";
import { type Platform, startPlatform } from "../start-platform.ts";

export type TestResponse<T = unknown> = { status: number; body: T; headers: Headers };

export type RequestOptions = {
  body?: unknown;
  rawBody?: string;
  token?: string | undefined;
  headers?: Record<string, string>;
};

export type TestPlatform = Platform & {
  /** The PostgreSQL database of this platform (undefined on PGlite), for a second instance. */
  databaseUrl: string | undefined;
  request<T = any>(method: string, path: string, options?: RequestOptions): Promise<TestResponse<T>>;
  signUp(email: string, password?: string, name?: string): Promise<SessionResponse>;
  mailsTo(email: string): Promise<Mail[]>;
  /** Verifies `email` with the newest verification link mailed to it. */
  verify(email: string): Promise<void>;
  /** The first /auth/handler link in the newest mail to `email` (the verification or reset link). */
  latestLink(email: string): Promise<URL>;
};

export const TEST_PASSWORD = "correct-horse-42";
export const TEST_ADMIN_EMAIL = "admin@liftoff.test";

/**
 * The whole platform in-process on an isolated real database (PGlite, or a fresh database
 * on the server when TEST_DATABASE_URL is set), driven through its real HTTP layer with
 * `app.request`. Mail goes to the real dev mailbox table.
 */
export async function createTestPlatform(
  env: Record<string, string> = {},
  options: { webDist?: string } = {},
): Promise<TestPlatform> {
  const dataDir = mkdtempSync(join(tmpdir(), "liftoff-test-"));
  const database = await createTestDatabase();
  const config = loadConfig({
    DATA_DIR: dataDir,
    AUTH_SECRET: "test-secret-that-is-long-enough-for-the-auth-library",
    PUBLIC_URL: "http://localhost:3000",
    LOG_LEVEL: "silent",
    ADMIN_EMAILS: TEST_ADMIN_EMAIL,
    ...env,
  });
  const platform = await startPlatform(config, { database, webDist: options.webDist });

  async function request<T>(
    method: string,
    path: string,
    options: RequestOptions = {},
  ): Promise<TestResponse<T>> {
    const headers: Record<string, string> = { ...(options.headers ?? {}) };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: string | undefined = options.rawBody;
    if (options.body !== undefined) {
      headers["content-type"] ??= "application/json";
      body = JSON.stringify(options.body);
    }
    const response = await platform.app.request(path, { method, headers, body }, undefined);
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON (HTML pages, redirects): keep the text
    }
    return { status: response.status, body: parsed as T, headers: response.headers };
  }

  /** Opens the newest verification link sent to `email` (through the API, as the handler page does). */
  async function verify(email: string): Promise<void> {
    const [mail] = (await mailsTo(email)).filter((m) => m.text.includes("mode=verifyEmail"));
    const match = mail?.text.match(/https?:\/\/\S+\/auth\/handler\S*/);
    if (!match) throw new Error(`no verification link in mail to ${email}`);
    const oobCode = new URL(match[0]).searchParams.get("oobCode");
    const res = await request("POST", "/api/account/verifyEmail", { body: { oobCode } });
    if (res.status !== 200) throw new Error(`verification failed: ${res.status} ${JSON.stringify(res.body)}`);
  }

  async function mailsTo(email: string): Promise<Mail[]> {
    const rows = await platform.deps.db
      .selectFrom("mails")
      .selectAll()
      .where("to", "=", email)
      .orderBy("createdAt", "desc")
      .execute();
    return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
  }

  return {
    ...platform,
    databaseUrl: database.url,
    request,
    mailsTo,
    async signUp(email, password = TEST_PASSWORD, name = "Test User") {
      const res = await request<SessionResponse>("POST", "/api/session/signup", {
        body: { email, password, name },
      });
      if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${JSON.stringify(res.body)}`);
      // Admin rights need a verified address: an admin signed up here opens its
      // verification link, as the real admin of an install does.
      if (platform.deps.config.adminEmails.includes(email.toLowerCase())) await verify(email);
      return res.body;
    },
    verify,
    async latestLink(email) {
      const [mail] = await mailsTo(email);
      const match = mail?.text.match(/https?:\/\/\S+\/auth\/handler\S*/);
      if (!match) throw new Error(`no handler link in mail to ${email}`);
      return new URL(match[0]);
    },
    async close() {
      await platform.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
