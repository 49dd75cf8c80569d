import type { Database } from "@liftoff/db";
import {
  AppError,
  type AppSummary,
  CUSTOM_HOST_TAKEN_MESSAGE,
  canUseCustomDomain,
  isReservedCustomHost,
} from "@liftoff/domain";
import type { Kysely } from "kysely";
import { isUniqueViolation } from "../../http/is-unique-violation.ts";
import { toAppSummary } from "../apps/to-app-summary.ts";
import { forgetCustomHost } from "../runtime/find-app-by-host.ts";
import type { ManagedApp } from "./find-managed-app.ts";

export const CUSTOM_DOMAIN_PLAN_MESSAGE = "Custom domains are available from the Business plan up";

/**
 * Maps a custom host name to the app (or removes it with null). Business plan and above
 * (spec section 6 names Business and Master; the ladder keeps it higher up); removing is
 * always allowed. A host serves one app. The platform's
 * own host name and localhost are never anyone's (isReservedCustomHost).
 */
export async function setCustomHost(options: {
  db: Kysely<Database>;
  managed: ManagedApp;
  host: string | null;
  platformHost: string;
}): Promise<AppSummary> {
  const { db, managed, host } = options;
  if (host !== null && !canUseCustomDomain(managed.ownerPlan))
    throw new AppError("PLAN_LIMIT", CUSTOM_DOMAIN_PLAN_MESSAGE, { reason: "custom_domain" });
  if (host !== null && isReservedCustomHost(host, options.platformHost))
    throw new AppError("UNPROCESSABLE", "This domain is the platform's own", {
      fields: [{ field: "host", message: "This domain is the platform's own" }],
    });
  try {
    const row = await db
      .updateTable("apps")
      .set({ customHost: host, updatedAt: new Date() })
      .where("id", "=", managed.app.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    forgetCustomHost(db, managed.app.customHost);
    forgetCustomHost(db, host);
    return toAppSummary(row);
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError("CONFLICT", CUSTOM_HOST_TAKEN_MESSAGE, {
        fields: [{ field: "host", message: CUSTOM_HOST_TAKEN_MESSAGE }],
      });
    throw error;
  }
}
