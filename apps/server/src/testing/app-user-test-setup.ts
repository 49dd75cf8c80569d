import { randomUUID } from "node:crypto";
import type { AppUserAuthResponse } from "@liftoff/domain";
import { expect } from "vitest";
import type { TestPlatform } from "./test-platform.ts";

/**
 * A space app of `ownerToken` with sign-up switched on or off. Publishing and the settings
 * panel have their own tests (features/space-apps); here the app's state is written
 * directly: a real version row marked published, and `isSignupEnabled` in apps.data, the
 * same columns those routes write.
 */
export async function createSignupApp(
  t: TestPlatform,
  ownerToken: string,
  options: { name?: string; publish?: boolean; signup?: boolean } = {},
): Promise<string> {
  const created = await t.request<{ id: string }>("POST", "/api/apps", {
    token: ownerToken,
    body: { appType: "space", name: options.name ?? "Members" },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const appId = created.body.id;
  if (options.publish !== false) await markPublished(t, appId);
  await setSignup(t, appId, options.signup !== false);
  return appId;
}

/** A real (empty) version row, set as the app's published version. */
export async function markPublished(t: TestPlatform, appId: string): Promise<void> {
  const versionId = randomUUID();
  // After the versions the app has (a blank space app starts with its starter page).
  const last = await t.deps.db
    .selectFrom("app_versions")
    .select((eb) => eb.fn.max("number").as("n"))
    .where("appId", "=", appId)
    .executeTakeFirst();
  const number = Number(last?.n ?? 0) + 1;
  await t.deps.db
    .insertInto("app_versions")
    .values({ id: versionId, appId, number, parentId: null, files: "{}", entities: "{}", createdBy: null })
    .execute();
  await t.deps.db
    .updateTable("apps")
    .set({ draftVersionId: versionId, publishedVersionId: versionId, publishedAt: new Date() })
    .where("id", "=", appId)
    .execute();
}

export async function setSignup(t: TestPlatform, appId: string, on: boolean): Promise<void> {
  const app = await t.deps.db
    .selectFrom("apps")
    .select("data")
    .where("id", "=", appId)
    .executeTakeFirstOrThrow();
  await t.deps.db
    .updateTable("apps")
    .set({ data: JSON.stringify({ ...app.data, isSignupEnabled: on }) })
    .where("id", "=", appId)
    .execute();
}

/** The link to the app's login page in the newest mail to `email`. */
export async function latestAppLink(t: TestPlatform, email: string): Promise<URL> {
  const [mail] = await t.mailsTo(email);
  const match = mail?.text.match(/https?:\/\/\S+\/login\?mode=\S+/);
  if (!match) throw new Error(`no app login link in mail to ${email}`);
  return new URL(match[0]);
}

export async function signUpEndUser(
  t: TestPlatform,
  appId: string,
  email: string,
  password = "end-user-pass-42",
): Promise<AppUserAuthResponse> {
  const res = await t.request<AppUserAuthResponse>("POST", `/live_api/apps/${appId}/auth/signup`, {
    body: { email, password, name: "End User" },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

/** A builder on the Master plan (many space apps), upgraded by the platform admin. */
export async function signUpBuilder(t: TestPlatform, email: string, adminToken: string) {
  const builder = await t.signUp(email);
  const res = await t.request("POST", `/api/admin/users/${builder.user.id}/plan`, {
    token: adminToken,
    body: { plan: "master" },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return builder;
}
