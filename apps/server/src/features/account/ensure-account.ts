import { randomUUID } from "node:crypto";
import type { Database } from "@liftoff/db";
import type { Kysely } from "kysely";

/**
 * Creates the business account of a user once; later calls return the same id. Sign-up
 * calls it directly, and POST /api/account/create (the client's call after any sign-in,
 * including social) is therefore safe to repeat.
 */
export async function ensureAccount(options: {
  db: Kysely<Database>;
  userId: string;
  saleId?: string | undefined;
}): Promise<string> {
  const { db, userId, saleId } = options;
  await db
    .insertInto("accounts")
    .values({ id: randomUUID(), userId, accountType: "builder", plan: null })
    .onConflict((oc) => oc.column("userId").doNothing())
    .execute();
  const account = await db
    .selectFrom("accounts")
    .select(["id", "subscriptionPaymentsIds"])
    .where("userId", "=", userId)
    .executeTakeFirstOrThrow();
  // A sale id arriving with sign-up is the payment that bought the plan; remember it so
  // the payments issue can reconcile it. Nothing is granted from it here.
  if (saleId && !account.subscriptionPaymentsIds.includes(saleId)) {
    await db
      .updateTable("accounts")
      .set({ subscriptionPaymentsIds: JSON.stringify([...account.subscriptionPaymentsIds, saleId]) })
      .where("id", "=", account.id)
      .execute();
  }
  return account.id;
}
