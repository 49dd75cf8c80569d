import type { Database } from "@liftoff/db";
import { AppError } from "@liftoff/domain";
import type { Kysely } from "kysely";

export type EndUserApp = {
  id: string;
  name: string;
  accountId: string;
  ownerId: string;
  ownerEmail: string;
  data: Record<string, unknown>;
  publishedVersionId: string | null;
  customHost: string | null;
  kind: string;
  status: string;
};

/**
 * Whether visitors can open the app (and so sign up to it): a space app with a published
 * version, or a generated app or single tool whose status is published (unpublishing keeps
 * its published copy, so the copy alone does not say).
 */
export function isEndUserAppPublished(
  app: Pick<EndUserApp, "kind" | "status" | "publishedVersionId">,
): boolean {
  return app.kind === "space" ? app.publishedVersionId !== null : app.status === "published";
}

/**
 * Whether the app takes end-user sign-ups: a space app's settings, or the published saved
 * app's settings of a generated app or single tool (what its visitors see, not the draft).
 */
export function isEndUserSignupEnabled(app: Pick<EndUserApp, "kind" | "data">): boolean {
  if (app.kind === "space") return app.data.isSignupEnabled === true;
  const published = app.data.publishedSavedApp as { settings?: { isSignupEnabled?: unknown } } | undefined;
  return published?.settings?.isSignupEnabled === true;
}

/** The app an end-user call is about, with what the auth routes need of its owner. */
export async function loadEndUserApp(db: Kysely<Database>, appId: string): Promise<EndUserApp> {
  const row = await db
    .selectFrom("apps")
    .innerJoin("accounts", "accounts.id", "apps.accountId")
    .innerJoin("users", "users.id", "accounts.userId")
    .select([
      "apps.id",
      "apps.name",
      "apps.accountId",
      "apps.data",
      "apps.publishedVersionId",
      "apps.customHost",
      "apps.kind",
      "apps.status",
      "users.id as ownerId",
      "users.email as ownerEmail",
    ])
    .where("apps.id", "=", appId)
    .executeTakeFirst();
  if (!row) throw new AppError("NOT_FOUND", "App not found");
  return { ...row, data: row.data ?? {} };
}
