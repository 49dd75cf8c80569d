import { CONNECTOR_LABELS, type ConnectorStatus } from "@liftoff/domain";
import type { Deps } from "../../http/app-env.ts";
import { configuredConnectors } from "./configured-connectors.ts";

/**
 * GET /api/integrations/fetchCarbonTokens (spec section 7): the connectors this server
 * offers and whether the signed-in builder is connected to each, with the account's name.
 * The tokens themselves never leave the server.
 */
export async function listConnectors(options: {
  deps: Pick<Deps, "db" | "config">;
  userId: string;
}): Promise<ConnectorStatus[]> {
  const providers = [...configuredConnectors(options.deps.config).keys()];
  if (providers.length === 0) return [];
  const accounts = await options.deps.db
    .selectFrom("connector_accounts")
    .select(["provider", "accountName"])
    .where("userId", "=", options.userId)
    .where("provider", "in", providers)
    .execute();
  return providers.map((provider) => {
    const account = accounts.find((entry) => entry.provider === provider);
    return {
      provider,
      label: CONNECTOR_LABELS[provider],
      connected: account !== undefined,
      accountName: account?.accountName ?? null,
    };
  });
}
