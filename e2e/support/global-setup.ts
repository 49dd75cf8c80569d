import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { startFakeNotionServer } from "../../apps/server/src/testing/fake-notion-server.ts";
import { startFakeOAuthProvider } from "../../apps/server/src/testing/fake-oauth-provider.ts";
import { createFakeOpenAiServer } from "../../apps/server/src/testing/fake-openai-server.ts";
// @ts-expect-error plain ESM script without types
import { buildIfNeeded } from "../../scripts/build-if-needed.mjs";

export const E2E_ADMIN_EMAIL = "admin@e2e.liftoff.test";
/** The platform admin whose session reads the dev mailbox for the tests (it is admin-only). */
export const E2E_MAIL_READER_EMAIL = "mail-reader@e2e.liftoff.test";
/**
 * More platform admins, one per test that writes app code (editing code is admin-only,
 * spec section 6). An address signs up once per run, so each test takes its own.
 */
export const E2E_CODE_ADMIN_EMAILS = {
  isolationProbe: "code-admin-probe@e2e.liftoff.test",
  escapeProbe: "code-admin-escape@e2e.liftoff.test",
  memberCorner: "code-admin-members@e2e.liftoff.test",
  routing: "code-admin-routing@e2e.liftoff.test",
  spaceAppFlow: "code-admin-flow@e2e.liftoff.test",
  chat: "code-admin-chat@e2e.liftoff.test",
  buildWarnings: "code-admin-warnings@e2e.liftoff.test",
  relayProbe: "code-admin-relay@e2e.liftoff.test",
  accessibleForms: "code-admin-a11y-forms@e2e.liftoff.test",
  a11yPanels: "code-admin-a11y-panels@e2e.liftoff.test",
  a11yRoutes: "code-admin-a11y-routes@e2e.liftoff.test",
  genBuilder: "code-admin-gen-builder@e2e.liftoff.test",
  genBuilderA11y: "code-admin-gen-a11y@e2e.liftoff.test",
  toolAppPage: "code-admin-tool-page@e2e.liftoff.test",
  toolRun: "code-admin-tool-run@e2e.liftoff.test",
  toolRunAdmin: "code-admin-tool-run-admin@e2e.liftoff.test",
  toolRunMemory: "code-admin-tool-run-memory@e2e.liftoff.test",
  assistantChat: "code-admin-assistant-chat@e2e.liftoff.test",
  dataSources: "code-admin-data-sources@e2e.liftoff.test",
  connectors: "code-admin-connectors@e2e.liftoff.test",
  runLimits: "code-admin-run-limits@e2e.liftoff.test",
} as const;
/** The page the fake Notion workspace of the shared server holds. */
export const E2E_NOTION_PAGE = {
  id: "7c0f4a52-2d6e-4b8f-9a31-5e0c8d2b1f44",
  title: "Visitor handbook",
  sentence: "Visitors park in the blue garage on Elm Street; the gate code is 4417.",
} as const;
/** The platform admin who answers plan requests in e2e/plan-request.e2e.test.ts. */
export const E2E_PLAN_ADMIN_EMAIL = "plan-admin@e2e.liftoff.test";
/** The platform admin of the accessibility suite (it scans /admin too). */
export const E2E_A11Y_ADMIN_EMAIL = "a11y-admin@e2e.liftoff.test";
/** The identity the fake Google/GitHub hands out (consent is automatic). */
export const E2E_SOCIAL_USER = {
  id: "4242",
  email: "social-sam@e2e.liftoff.test",
  emailVerified: true,
  name: "Social Sam",
};

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    /** The fake model provider's control URL (POST {url}/enqueue {replies}), see e2e/support/fake-ai.ts. */
    fakeAiControlUrl: string;
    /** A platform admin's bearer token, for reading the dev mailbox (e2e/support/mailbox.ts). */
    mailboxToken: string;
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

/**
 * Builds what is stale, then starts the production server exactly as `npm start` does, on a
 * free port with a throw-away data directory (PGlite), or on E2E_DATABASE_URL when set.
 */
export default async function setup(project: TestProject) {
  buildIfNeeded();
  // Outside services are the one thing we stand in for: a local provider speaking the
  // real OAuth/OIDC protocol, started first because the server reads its discovery document.
  const oauth = await startFakeOAuthProvider({ user: E2E_SOCIAL_USER });
  // The model provider too: an OpenAI-compatible fake that tests script over HTTP. With
  // nothing scripted it answers 500, which AI features handle as a provider failure.
  const ai = await createFakeOpenAiServer({ chunkSize: 24, chunkDelayMs: 4 });
  // And Notion, for the notes-workspace connector (e2e/connectors.e2e.test.ts): its
  // workspace holds one page, whose consent screen lets the builder in at once.
  const notion = await startFakeNotionServer();
  notion.setPage(E2E_NOTION_PAGE.id, {
    title: E2E_NOTION_PAGE.title,
    blocks: [
      { type: "heading_1", text: "Parking" },
      { type: "paragraph", text: E2E_NOTION_PAGE.sentence },
    ],
  });
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "liftoff-e2e-"));
  const baseUrl = `http://localhost:${port}`;
  const root = new URL("../..", import.meta.url).pathname;
  const server: ChildProcess = spawn(process.execPath, [join(root, "apps/server/dist/main.js")], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      ADMIN_EMAILS: [
        E2E_ADMIN_EMAIL,
        E2E_MAIL_READER_EMAIL,
        E2E_PLAN_ADMIN_EMAIL,
        E2E_A11Y_ADMIN_EMAIL,
        ...Object.values(E2E_CODE_ADMIN_EMAILS),
      ].join(","),
      LOG_LEVEL: "warn",
      DATABASE_URL: process.env.E2E_DATABASE_URL ?? "",
      SMTP_URL: "",
      ...oauth.env,
      ...notion.env,
      // The data sources suite crawls a site this machine serves on 127.0.0.1.
      CRAWL_PRIVATE_ADDRESSES: "true",
      AI_PROVIDER: "openai-compatible",
      AI_BASE_URL: ai.baseURL,
      AI_MODEL: "fake-model",
      AI_MAX_RETRIES: "0",
      // Stands for the well-known local ports (Ollama's 11434 and the rest): the fake speaks
      // the same OpenAI-compatible API on its own port.
      AI_LOCAL_SERVERS: ai.baseURL,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const deadline = Date.now() + 150_000;
  while (true) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    const ok = await fetch(`${baseUrl}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) break;
    if (Date.now() > deadline) throw new Error("server did not become healthy in time");
    await new Promise((r) => setTimeout(r, 250));
  }
  project.provide("baseUrl", baseUrl);
  project.provide("mailboxToken", await createMailReader(baseUrl));
  project.provide("fakeAiControlUrl", ai.baseURL.replace(/\/v1$/, "/__control"));
  return async () => {
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
    await oauth.close();
    await ai.close();
    await notion.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}

/**
 * The first admin of the fresh server: signs up, reads its own verification mail (a user
 * may read mail to their own address, and a listed admin address may while no admin exists
 * yet) and opens the link, as the operator of a new install does.
 */
async function createMailReader(baseUrl: string): Promise<string> {
  const post = (path: string, body: unknown, token?: string) =>
    fetch(`${baseUrl}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
  const signUp = await post("/api/session/signup", {
    email: E2E_MAIL_READER_EMAIL,
    password: "mail-reader-pass-1",
  });
  if (signUp.status !== 201) throw new Error(`mail reader sign-up failed: ${signUp.status}`);
  const { token } = (await signUp.json()) as { token: string };
  const inbox = await fetch(`${baseUrl}/api/dev/mailbox`, { headers: { authorization: `Bearer ${token}` } });
  const { mails } = (await inbox.json()) as { mails: { text: string }[] };
  const link = mails.map((m) => m.text.match(/https?:\/\/\S+\/auth\/handler\S*/)?.[0]).find(Boolean);
  if (!link) throw new Error("no verification mail for the mail reader");
  const verified = await post("/api/account/verifyEmail", {
    oobCode: new URL(link).searchParams.get("oobCode"),
  });
  if (verified.status !== 200) throw new Error(`mail reader verification failed: ${verified.status}`);
  return token;
}
