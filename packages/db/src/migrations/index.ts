import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import * as init from "./0001-init.ts";
import * as entities from "./0002-entities.ts";
import * as spaceApps from "./0003-space-apps.ts";
import * as chat from "./0004-chat.ts";
import * as accountSecurity from "./0005-account-security.ts";
import * as planRequests from "./0006-plan-requests.ts";
import * as appUserActivity from "./0007-app-user-activity.ts";
import * as productionBundles from "./0008-production-bundles.ts";
import * as savedAppVersions from "./0009-saved-app-versions.ts";
import * as toolRuns from "./0010-tool-runs.ts";
import * as assistantMessages from "./0011-assistant-messages.ts";
import * as dataSources from "./0012-data-sources.ts";
import * as appApiKeys from "./0013-app-api-keys.ts";
import * as connectors from "./0014-connectors.ts";
import * as refuseFunction from "./0015-refuse-function.ts";
import * as chunkSigns from "./0016-chunk-signs.ts";

/**
 * Every migration, in order. Bundled as code (not read from disk) so the same list runs
 * from source, from the production bundle and in tests. Never edit a shipped migration:
 * add the next one.
 */
export const MIGRATIONS: Record<string, Migration> = {
  "0001-init": init,
  "0002-entities": entities,
  "0003-space-apps": spaceApps,
  "0004-chat": chat,
  "0005-account-security": accountSecurity,
  "0006-plan-requests": planRequests,
  "0007-app-user-activity": appUserActivity,
  "0008-production-bundles": productionBundles,
  "0009-saved-app-versions": savedAppVersions,
  "0010-tool-runs": toolRuns,
  "0011-assistant-messages": assistantMessages,
  "0012-data-sources": dataSources,
  "0013-app-api-keys": appApiKeys,
  "0014-connectors": connectors,
  "0015-refuse-function": refuseFunction,
  "0016-chunk-signs": chunkSigns,
} satisfies Record<string, { up(db: Kysely<unknown>): Promise<void> }>;
