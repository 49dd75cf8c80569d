import type { Deps } from "../../http/app-env.ts";
import { requireConnector } from "./require-connector.ts";

/**
 * DELETE /api/integrations/connectors/{provider}: forgets the builder's connection and its
 * tokens. Items added with it stay (their chunks stay searchable); a re-sync fails with
 * the connector message until the builder connects again. Access granted at the provider is withdrawn there (Notion's
 * and Google's account settings); this server no longer holds a way to use it.
 */
export async function disconnectConnector(options: {
  deps: Pick<Deps, "db" | "config">;
  userId: string;
  provider: string;
}): Promise<void> {
  const adapter = requireConnector(options.deps.config, options.provider);
  await options.deps.db
    .deleteFrom("connector_accounts")
    .where("userId", "=", options.userId)
    .where("provider", "=", adapter.provider)
    .execute();
}
