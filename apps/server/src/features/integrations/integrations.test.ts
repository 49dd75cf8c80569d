import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createSignupApp,
  latestAppLink,
  signUpBuilder,
  signUpEndUser,
} from "../../testing/app-user-test-setup.ts";
import { expectError, uniqueEmail } from "../../testing/expect-error.ts";
import {
  createTestPlatform,
  TEST_ADMIN_EMAIL,
  TEST_PASSWORD,
  type TestPlatform,
} from "../../testing/test-platform.ts";
import { signAppToken } from "../app-tokens/app-token.ts";
import { signFileUrl } from "./file-signature.ts";
import { SEND_EMAIL_PER_APP_PER_HOUR } from "./send-app-email.ts";

// The smallest valid PNG (1×1), so the served bytes can be compared exactly.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

/** The core integrations over HTTP on a real database, the real disk storage and the dev mailbox. */
describe("integrations", () => {
  let t: TestPlatform;
  let owner: { token: string; user: { id: string; email: string } };
  let appId: string;
  let otherAppId: string;
  let user: { token: string; user: { id: string; email: string } };
  let otherUser: { token: string; user: { id: string; email: string } };

  const call = (
    endpoint: string,
    init: { token?: string; body?: unknown; form?: FormData; app?: string } = {},
  ) => {
    const headers: Record<string, string> = {};
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    let body: BodyInit | undefined;
    if (init.form) body = init.form;
    else if (init.body !== undefined) {
      headers["content-type"] = "application/json";
      body = typeof init.body === "string" ? init.body : JSON.stringify(init.body);
    }
    const query = init.app === "" ? "" : `?appId=${init.app ?? appId}`;
    return t.app.request(`/integrations/Core/${endpoint}${query}`, { method: "POST", headers, body });
  };
  const json = async (response: Response | Promise<Response>) => {
    const res = await response;
    return { status: res.status, body: (await res.json()) as any, headers: res.headers };
  };
  const fileForm = (bytes: Uint8Array | string, name: string, type: string) => {
    const form = new FormData();
    form.append("file", new File([bytes as BlobPart], name, { type }));
    return form;
  };

  beforeAll(async () => {
    t = await createTestPlatform();
    const admin = await t.signUp(TEST_ADMIN_EMAIL);
    owner = await signUpBuilder(t, uniqueEmail("integrations", "owner"), admin.token);
    appId = await createSignupApp(t, owner.token, { name: "Files" });
    otherAppId = await createSignupApp(t, owner.token, { name: "Elsewhere" });
    user = await signUpEndUser(t, appId, uniqueEmail("integrations", "user"));
    otherUser = await signUpEndUser(t, otherAppId, uniqueEmail("integrations", "other"));
  });
  afterAll(async () => {
    await t.close();
  });

  it("lists the installed packages of an app", async () => {
    const res = await t.request<any>("GET", `/apps/${appId}/integrations/schema`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      installed_packages: [
        {
          package_name: "Core",
          instance_id: "core",
          endpoints: [
            "InvokeLLM",
            "UploadFile",
            "SendEmail",
            "GenerateImage",
            "ExtractDataFromUploadedFile",
            "UploadPrivateFile",
            "CreateFileSignedUrl",
          ],
        },
      ],
      missing_packages: [],
    });
    expect((await t.request("GET", "/apps/no-such-app/integrations/schema")).status).toBe(404);
  });

  it("needs a caller of this app, an app id, a known endpoint and named parameters", async () => {
    expectError(
      await json(call("Nope", { token: user.token, body: {} })),
      404,
      "NOT_FOUND",
      "Unknown integration Core.Nope",
    );
    expectError(
      await json(call("InvokeLLM", { token: user.token, body: {}, app: "" })),
      400,
      "BAD_REQUEST",
      "App ID is not set",
    );
    expect((await call("InvokeLLM", { body: { prompt: "x" } })).status).toBe(401);
    expect((await call("InvokeLLM", { token: otherUser.token, body: { prompt: "x" } })).status).toBe(401);
    expect((await call("InvokeLLM", { token: "lat_forged.sig", body: { prompt: "x" } })).status).toBe(401);
    const named = 'Integration calls take an object of named parameters, for example { prompt: "…" }';
    expectError(
      await json(call("InvokeLLM", { token: user.token, body: '"Summarize this"' })),
      400,
      "BAD_REQUEST",
      named,
    );
    expectError(
      await json(call("InvokeLLM", { token: user.token, body: "[1,2]" })),
      400,
      "BAD_REQUEST",
      named,
    );
    expect((await call("InvokeLLM", { token: user.token, body: "{oops" })).status).toBe(400);
  });

  it("InvokeLLM, GenerateImage and ExtractDataFromUploadedFile say clearly that no model is configured", async () => {
    for (const name of ["InvokeLLM", "GenerateImage", "ExtractDataFromUploadedFile"]) {
      expectError(
        await json(call(name, { token: user.token, body: { prompt: "Hello" } })),
        503,
        "SERVICE_UNAVAILABLE",
        "No AI model is configured. Set AI_PROVIDER and its key to enable InvokeLLM.",
      );
    }
  });

  it("UploadFile stores an image and serves it inline, cross-origin, with nosniff", async () => {
    const res = await json(
      call("UploadFile", { token: user.token, form: fileForm(PNG, "My photo.png", "image/png") }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const url = new URL(res.body.file_url);
    expect(url.origin).toBe("http://localhost:3000");
    expect(url.pathname).toMatch(/^\/files\/[0-9a-f-]{36}\/My-photo\.png$/);

    const served = await t.app.request(url.pathname);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(served.headers.get("content-disposition")).toMatch(/^inline/);
    expect(served.headers.get("cross-origin-resource-policy")).toBe("cross-origin");

    const row = await t.deps.db
      .selectFrom("stored_files")
      .selectAll()
      .where("id", "=", url.pathname.split("/")[2]!)
      .executeTakeFirstOrThrow();
    const owned = await t.deps.db
      .selectFrom("apps")
      .select("accountId")
      .where("id", "=", appId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ appId, private: false, size: PNG.length, contentType: "image/png" });
    expect(row.key).toBe(`accounts/${owned.accountId}/apps/${appId}/${row.id}-My-photo.png`);
    expect(existsSync(join(t.deps.config.dataDir, "files", ...row.key.split("/")))).toBe(true);

    // The owner's own platform session may call integrations of their app too.
    const asOwner = await call("UploadFile", {
      token: owner.token,
      form: fileForm(PNG, "o.png", "image/png"),
    });
    expect(asOwner.status).toBe(200);

    // So may the web app's session cookie (the builder's chat uploads), but only from the
    // platform's own pages: another site, or an app frame (Origin: null), is refused.
    const login = await t.app.request("/api/session/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: owner.user.email, password: TEST_PASSWORD }),
    });
    const cookie = login.headers.getSetCookie().find((line) => line.startsWith("better-auth.session_token="));
    const cookieHeader = cookie!.split(";")[0]!;
    const withCookie = (origin: string) =>
      t.app.request(`/integrations/Core/UploadFile?appId=${appId}`, {
        method: "POST",
        headers: { cookie: cookieHeader, origin },
        body: fileForm(PNG, "c.png", "image/png"),
      });
    expect((await withCookie("http://localhost:3000")).status).toBe(200);
    expect((await withCookie("https://evil.example")).status).toBe(403);
    expect((await withCookie("null")).status).toBe(403);
  });

  it("serves non-images as downloads that can never run on the platform origin", async () => {
    for (const [name, type] of [
      ["page.html", "text/html"],
      ["logo.svg", "image/svg+xml"],
      ["weird", "not a type"],
    ] as const) {
      const res = await json(
        call("UploadFile", { token: user.token, form: fileForm("<script>alert(1)</script>", name, type) }),
      );
      expect(res.status).toBe(200);
      const served = await t.app.request(new URL(res.body.file_url).pathname);
      expect(served.headers.get("content-disposition")).toMatch(/^attachment/);
      expect(served.headers.get("x-content-type-options")).toBe("nosniff");
      expect(served.headers.get("content-security-policy")).toContain("sandbox");
      if (name === "weird") expect(served.headers.get("content-type")).toBe("application/octet-stream");
    }
  });

  it("UploadFile refuses a missing file and one over 10,000,000 bytes", async () => {
    expectError(
      await json(call("UploadFile", { token: user.token, body: {} })),
      400,
      "BAD_REQUEST",
      "File not found",
    );
    const text = new FormData();
    text.append("file", "not a file");
    expectError(
      await json(call("UploadFile", { token: user.token, form: text })),
      400,
      "BAD_REQUEST",
      "File not found",
    );
    const big = fileForm(new Uint8Array(10_000_001), "big.png", "image/png");
    expectError(
      await json(call("UploadFile", { token: user.token, form: big })),
      413,
      "PAYLOAD_TOO_LARGE",
      "File size to large",
    );
    const huge = fileForm(new Uint8Array(12_000_000), "huge.png", "image/png");
    expect((await call("UploadFile", { token: user.token, form: huge })).status).toBe(413);
    expect((await t.app.request("/files/not-an-id/x.png")).status).toBe(404);
  });

  it("private files: only through a signed URL that expires and cannot be forged", async () => {
    const up = await json(
      call("UploadPrivateFile", { token: user.token, form: fileForm(PNG, "id.png", "image/png") }),
    );
    expect(up.status).toBe(200);
    expect(up.body.file_uri).toMatch(/^private\/[0-9a-f-]{36}$/);
    const id = up.body.file_uri.slice("private/".length);
    expect((await t.app.request(`/files/${id}/id.png`)).status).toBe(404);

    const signed = await json(
      call("CreateFileSignedUrl", {
        token: user.token,
        body: { file_uri: up.body.file_uri, expires_in: 60 },
      }),
    );
    expect(signed.status).toBe(200);
    const url = new URL(signed.body.signed_url);
    expect(url.pathname).toBe(`/files/private/${id}`);
    const served = await t.app.request(`${url.pathname}${url.search}`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);

    const forged = `${url.pathname}?exp=${url.searchParams.get("exp")}&sig=${"A".repeat(43)}`;
    expectError(await json(t.app.request(forged)), 403, "FORBIDDEN", "This link is invalid or has expired");
    const later = `${url.pathname}?exp=${Number(url.searchParams.get("exp")) + 1000}&sig=${url.searchParams.get("sig")}`;
    expect((await t.app.request(later)).status).toBe(403);
    const past = signFileUrl(t.deps.config.authSecret, id, Math.floor(Date.now() / 1000) - 1);
    expect((await t.app.request(`${url.pathname}?exp=${past.exp}&sig=${past.sig}`)).status).toBe(403);
    expect((await t.app.request(url.pathname)).status).toBe(403);

    // Another app cannot sign this app's file, and unknown URIs are not found.
    const elsewhere = await json(
      call("CreateFileSignedUrl", {
        token: otherUser.token,
        app: otherAppId,
        body: { file_uri: up.body.file_uri },
      }),
    );
    expectError(elsewhere, 404, "NOT_FOUND", "File not found");
    expect(
      (await call("CreateFileSignedUrl", { token: user.token, body: { file_uri: "../etc/passwd" } })).status,
    ).toBe(404);
    expect(
      (
        await call("CreateFileSignedUrl", {
          token: user.token,
          body: { file_uri: up.body.file_uri, expires_in: -5 },
        })
      ).status,
    ).toBe(400);
  });

  it("SendEmail writes to the app's own users and its owner, never to strangers", async () => {
    const before = (await t.mailsTo(otherUser.user.email)).length; // the verification mail
    const sent = await json(
      call("SendEmail", {
        token: user.token,
        body: { to: otherUser.user.email, subject: "Hi", body: "Hello" },
      }),
    );
    // otherUser belongs to another app: a stranger here.
    expectError(sent, 403, "FORBIDDEN", "SendEmail can only send to the app's own users");
    expect(await t.mailsTo(otherUser.user.email)).toHaveLength(before);

    const friend = await signUpEndUser(t, appId, uniqueEmail("integrations", "friend"));
    // Not before the friend proved the address: anyone may sign up with a stranger's.
    const unverified = await json(
      call("SendEmail", { token: user.token, body: { to: friend.user.email, subject: "S", body: "B" } }),
    );
    expectError(unverified, 403, "FORBIDDEN", "SendEmail can only send to the app's own users");
    const verifyCode = (await latestAppLink(t, friend.user.email)).searchParams.get("oobCode");
    expect(
      (await t.request("POST", `/live_api/apps/${appId}/auth/verify`, { body: { oobCode: verifyCode } }))
        .status,
    ).toBe(200);
    const ok = await json(
      call("SendEmail", {
        token: user.token,
        body: {
          to: friend.user.email.toUpperCase(),
          subject: "Your order",
          body: "Line one\n<b>bold?</b>",
          from_name: "Shop",
        },
      }),
    );
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const [mail] = await t.mailsTo(friend.user.email);
    expect(mail!.subject).toBe("Your order");
    expect(mail!.text).toContain("Line one\n<b>bold?</b>");
    expect(mail!.html).toContain("Line one<br>&lt;b&gt;bold?&lt;/b&gt;");
    expect(mail!.html).toContain("Shop via Files");

    // The owner's own (verified) address is always allowed.
    await t.verify(owner.user.email);
    expect(
      (
        await call("SendEmail", {
          token: user.token,
          body: { to: owner.user.email, subject: "S", body: "B" },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await call("SendEmail", {
          token: user.token,
          body: { to: "stranger@example.test", subject: "S", body: "B" },
        })
      ).status,
    ).toBe(403);
    expect((await call("SendEmail", { token: user.token, body: { to: friend.user.email } })).status).toBe(
      400,
    );

    // A per-app budget: the hour's last mail goes, the next is refused, other apps are unaffected.
    const key = `send-email\n${appId}`;
    const used = await t.deps.db.selectFrom("rate_limit_hits").select("id").where("key", "=", key).execute();
    const fill = SEND_EMAIL_PER_APP_PER_HOUR - 1 - used.length;
    await t.deps.db
      .insertInto("rate_limit_hits")
      .values(Array.from({ length: fill }, () => ({ key })))
      .execute();
    const send = () =>
      json(
        call("SendEmail", { token: user.token, body: { to: friend.user.email, subject: "S", body: "B" } }),
      );
    expect((await send()).status).toBe(200);
    expectError(
      await send(),
      429,
      "RATE_LIMITED",
      "This app has sent too many e-mails in the last hour, try again later",
    );
  });

  it("SendEmail refuses the owner's address while the owner has not verified it", async () => {
    const builder = await t.signUp(uniqueEmail("integrations", "unverified-owner"));
    const app = await createSignupApp(t, builder.token, { name: "Relay" });
    const member = await signUpEndUser(t, app, uniqueEmail("integrations", "member"));
    const res = await json(
      call("SendEmail", {
        token: member.token,
        body: { to: builder.user.email, subject: "S", body: "B" },
        app,
      }),
    );
    expectError(res, 403, "FORBIDDEN", "SendEmail can only send to the app's own users");
  });

  it("accepts the app's admin preview token", async () => {
    const token = await signAppToken(t.deps.config, { appId, subjectId: owner.user.id, kind: "admin" });
    expect((await call("UploadFile", { token, form: fileForm(PNG, "a.png", "image/png") })).status).toBe(200);
  });
});
