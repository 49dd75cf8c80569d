import { type ChatUsageSummary, usageRecordSchema } from "@liftoff/domain";
import { sql } from "kysely";
import type { Deps } from "../../http/app-env.ts";

const RECENT = 20;

/** Token usage of the app's chat and of the whole account (admins' summary). */
export async function summarizeChatUsage(options: {
  deps: Pick<Deps, "db">;
  appId: string;
  userId: string;
}): Promise<ChatUsageSummary> {
  const { db } = options.deps;
  const sum = (column: "appId" | "userId", value: string) =>
    db
      .selectFrom("chat_usage")
      .select([
        sql<number>`count(*)::int`.as("messages"),
        sql<number>`coalesce(sum("totalTokens"), 0)::int`.as("totalTokens"),
        sql<number>`coalesce(sum("totalCost"), 0)::float8`.as("totalCost"),
      ])
      .where(column, "=", value)
      .executeTakeFirstOrThrow();
  const [app, account, recent] = await Promise.all([
    sum("appId", options.appId),
    sum("userId", options.userId),
    db
      .selectFrom("chat_usage")
      .select("record")
      .where("appId", "=", options.appId)
      .orderBy("createdAt", "desc")
      .limit(RECENT)
      .execute(),
  ]);
  return {
    app,
    account,
    recent: recent.flatMap((r) => {
      const parsed = usageRecordSchema.safeParse(r.record);
      return parsed.success ? [parsed.data] : [];
    }),
  };
}
