import type { ConnectorProvider } from "@liftoff/domain";
import type { Deps } from "../../http/app-env.ts";
import type { ConnectorAccountRow } from "./connector-tokens.ts";

/** The signed-in builder's own connection to a provider (never anyone else's), if any. */
export function findConnectorAccount(
  deps: Pick<Deps, "db">,
  userId: string,
  provider: ConnectorProvider,
): Promise<ConnectorAccountRow | undefined> {
  return deps.db
    .selectFrom("connector_accounts")
    .selectAll()
    .where("userId", "=", userId)
    .where("provider", "=", provider)
    .executeTakeFirst();
}
