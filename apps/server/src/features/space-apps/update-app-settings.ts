import type { Database } from "@liftoff/db";
import {
  AppError,
  SIGNUP_NEEDS_PUBLISH_MESSAGE,
  SIGNUP_REQUIRED_MESSAGES,
  type SpaceAppSettingsResponse,
  type UpdateSpaceAppSettingsBody,
} from "@liftoff/domain";
import type { Kysely } from "kysely";
import { canEnableSignup } from "../generated-apps/can-enable-signup.ts";
import type { ManagedApp } from "./find-managed-app.ts";
import { getAppSettings } from "./get-app-settings.ts";
import { listVersionPages } from "./list-version-pages.ts";
import { readSpaceAppSettings } from "./read-space-app-settings.ts";

/**
 * Saves the App settings of a space app (only the fields given). Rules of spec section 5:
 * sign-up can be switched on only for a published app or one with a custom domain, and
 * then needs the terms, privacy and support fields; the main page must be a page of the
 * draft; the template and claim flags are for platform admins.
 */
export async function updateAppSettings(options: {
  db: Kysely<Database>;
  managed: ManagedApp;
  body: UpdateSpaceAppSettingsBody;
}): Promise<SpaceAppSettingsResponse> {
  const { db, managed } = options;
  const { app } = managed;
  const patch = options.body.appSettings;
  const current = readSpaceAppSettings(app.data);
  const next = { ...current, ...patch };

  if ((patch.isAppTemplate !== undefined || patch.isClaimable !== undefined) && !managed.isPlatformAdmin)
    throw new AppError("FORBIDDEN", "Only platform admins can change App Template and App claim");
  if (patch.mainPage !== undefined && patch.mainPage !== null) {
    const pages = await listVersionPages(db, app.draftVersionId);
    if (!pages.includes(patch.mainPage))
      throw new AppError("UNPROCESSABLE", "Main page must be one of the app's pages", {
        fields: [{ field: "mainPage", message: "Main page must be one of the app's pages" }],
      });
  }
  if (patch.isSignupEnabled === true && !canEnableSignup(app))
    throw new AppError("UNPROCESSABLE", SIGNUP_NEEDS_PUBLISH_MESSAGE, {
      fields: [{ field: "isSignupEnabled", message: SIGNUP_NEEDS_PUBLISH_MESSAGE }],
    });
  if (next.isSignupEnabled) {
    const fields = (Object.keys(SIGNUP_REQUIRED_MESSAGES) as (keyof typeof SIGNUP_REQUIRED_MESSAGES)[])
      .filter((field) => next[field].trim() === "")
      .map((field) => ({ field, message: SIGNUP_REQUIRED_MESSAGES[field] }));
    if (fields.length > 0) throw new AppError("UNPROCESSABLE", fields[0]!.message, { fields });
  }

  const updated = await db
    .updateTable("apps")
    .set({ data: JSON.stringify({ ...app.data, ...next }), updatedAt: new Date() })
    .where("id", "=", app.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  // The compiled module carries the main page: builds of the live versions are redone on demand.
  if (next.mainPage !== current.mainPage) {
    const versionIds = [app.draftVersionId, app.publishedVersionId].filter((id): id is string => id !== null);
    if (versionIds.length > 0)
      await db.deleteFrom("app_builds").where("versionId", "in", versionIds).execute();
  }
  return getAppSettings(db, updated);
}
