import type { Database } from "@liftoff/db";
import type { SpaceAppSettingsResponse } from "@liftoff/domain";
import type { Kysely, Selectable } from "kysely";
import { canEnableSignup } from "../generated-apps/can-enable-signup.ts";
import { listVersionPages } from "./list-version-pages.ts";
import { readSpaceAppSettings } from "./read-space-app-settings.ts";

/** The App settings panel's data: the settings, the draft's pages and whether sign-up can be switched on. */
export async function getAppSettings(
  db: Kysely<Database>,
  app: Selectable<Database["apps"]>,
): Promise<SpaceAppSettingsResponse> {
  return {
    appSettings: readSpaceAppSettings(app.data),
    pages: await listVersionPages(db, app.draftVersionId),
    canEnableSignup: canEnableSignup(app),
  };
}
