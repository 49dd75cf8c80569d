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
};

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
      "users.id as ownerId",
      "users.email as ownerEmail",
    ])
    .where("apps.id", "=", appId)
    .executeTakeFirst();
  if (!row) throw new AppError("NOT_FOUND", "App not found");
  return { ...row, data: row.data ?? {} };
}
