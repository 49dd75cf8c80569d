import type { Deps } from "../../http/app-env.ts";
import { log } from "../../log.ts";
import { requireConnector } from "./require-connector.ts";
import { openTokens } from "./seal-tokens.ts";

/**
 * DELETE /api/integrations/connectors/{provider}: forgets the builder's connection and its
 * tokens, then withdraws the access at the provider (Notion's and Google's revoke
 * endpoints), so a copy of the tokens anywhere (a backup, a log) is worth nothing either.
 * The revoke is best effort: the connection is gone here whatever the provider answers (a
 * refusal is logged; the builder can still remove the access in the provider's settings).
 * Items added with it stay (their chunks stay searchable); a re-sync fails with the
 * connector message until the builder connects again.
 */
export async function disconnectConnector(options: {
  deps: Pick<Deps, "db" | "config">;
  userId: string;
  provider: string;
}): Promise<void> {
  const adapter = requireConnector(options.deps.config, options.provider);
  const removed = await options.deps.db
    .deleteFrom("connector_accounts")
    .where("userId", "=", options.userId)
    .where("provider", "=", adapter.provider)
    .returning(["id", "sealedTokens"])
    .executeTakeFirst();
  if (!removed) return;
  const tokens = openTokens(options.deps.config.authSecret, removed.id, removed.sealedTokens);
  if (!tokens) return;
  await adapter.revoke(tokens).catch((error) =>
    log.warn("connector: revoking the access at the provider failed", {
      provider: adapter.provider,
      error,
    }),
  );
}
