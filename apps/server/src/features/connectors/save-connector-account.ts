import { randomUUID } from "node:crypto";
import type { Deps } from "../../http/app-env.ts";
import type { ConnectorAdapter, ConnectorGrant } from "./connector-adapter.ts";
import { sealTokens } from "./seal-tokens.ts";

/**
 * Stores a builder's connection after a finished consent: one row per user and provider,
 * so connecting again (another workspace, new consent) replaces the tokens in place and the
 * items added with the earlier connection keep reading with the new one.
 */
export async function saveConnectorAccount(options: {
  deps: Pick<Deps, "db" | "config">;
  userId: string;
  adapter: ConnectorAdapter;
  grant: ConnectorGrant;
}): Promise<void> {
  const { deps, userId, adapter, grant } = options;
  const existing = await deps.db
    .selectFrom("connector_accounts")
    .select("id")
    .where("userId", "=", userId)
    .where("provider", "=", adapter.provider)
    .executeTakeFirst();
  const id = existing?.id ?? randomUUID();
  const values = {
    accountName: grant.accountName,
    workspaceId: grant.workspaceId,
    expiresAt: grant.tokens.expiresAt === null ? null : new Date(grant.tokens.expiresAt),
    updatedAt: new Date(),
  };
  const saved = await deps.db
    .insertInto("connector_accounts")
    .values({
      id,
      userId,
      provider: adapter.provider,
      sealedTokens: sealTokens(deps.config.authSecret, id, grant.tokens),
      ...values,
    })
    .onConflict((conflict) =>
      conflict.columns(["userId", "provider"]).doUpdateSet((eb) => ({
        ...values,
        sealedTokens: eb.ref("excluded.sealedTokens"),
      })),
    )
    .returning("id")
    .executeTakeFirstOrThrow();
  // Two consents finishing at once: the row kept the other's id, and tokens are sealed to
  // their row's id, so seal them again for it.
  if (saved.id !== id)
    await deps.db
      .updateTable("connector_accounts")
      .set({ sealedTokens: sealTokens(deps.config.authSecret, saved.id, grant.tokens) })
      .where("id", "=", saved.id)
      .execute();
}
