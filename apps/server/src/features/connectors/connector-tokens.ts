import type { Database } from "@liftoff/db";
import type { Selectable } from "kysely";
import type { Deps } from "../../http/app-env.ts";
import { type ConnectorAdapter, ConnectorError, type ConnectorTokens } from "./connector-adapter.ts";
import { openTokens, sealTokens } from "./seal-tokens.ts";

export type ConnectorAccountRow = Selectable<Database["connector_accounts"]>;

/**
 * A connection's tokens ready for a call: opened, and refreshed first when the access
 * token has expired (Google's last an hour), the new ones stored sealed. A connection
 * whose tokens cannot be opened (AUTH_SECRET changed) or that cannot be refreshed any more
 * fails as the provider's refusal would: the builder has to connect again.
 */
export async function connectorTokens(options: {
  deps: Pick<Deps, "db" | "config">;
  account: ConnectorAccountRow;
  adapter: ConnectorAdapter;
}): Promise<ConnectorTokens> {
  const { deps, account, adapter } = options;
  const tokens = openTokens(deps.config.authSecret, account.id, account.sealedTokens);
  if (!tokens) throw new ConnectorError("The stored connection cannot be read; connect again", null, false);
  if (tokens.expiresAt === null || tokens.expiresAt > Date.now()) return tokens;
  const refreshed = await adapter.refresh(tokens);
  if (!refreshed) throw new ConnectorError("The access token expired and cannot be refreshed", 401, false);
  await deps.db
    .updateTable("connector_accounts")
    .set({
      sealedTokens: sealTokens(deps.config.authSecret, account.id, refreshed),
      expiresAt: refreshed.expiresAt === null ? null : new Date(refreshed.expiresAt),
      updatedAt: new Date(),
    })
    .where("id", "=", account.id)
    .execute();
  return refreshed;
}
