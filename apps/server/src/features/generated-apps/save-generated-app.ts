import type { Database } from "@liftoff/db";
import { AppError, looseRecord, type PostAppsBody, type SavedAppResponse } from "@liftoff/domain";
import type { Kysely } from "kysely";
import type { ManagedApp } from "../space-apps/find-managed-app.ts";
import { commitSavedApp } from "./commit-saved-app.ts";
import { savedAppKind } from "./read-saved-app.ts";

/**
 * POST /api/apps with a document (spec section 7: appType, genApp or app, appBuilderVersion,
 * appId): the builder's auto-save. The whole document replaces the stored one once every
 * rule passes.
 */
export async function saveGeneratedApp(options: {
  db: Kysely<Database>;
  managed: ManagedApp;
  body: PostAppsBody;
}): Promise<SavedAppResponse> {
  const { body, managed } = options;
  const kind = savedAppKind(managed.app);
  if (body.appType !== kind)
    throw new AppError("BAD_REQUEST", `This app is a ${kind === "tool" ? "single tool" : "generated app"}`, {
      fields: [{ path: "appType", message: "Does not match the app" }],
    });
  const sent = body.genApp ?? body.app;
  if (sent === undefined || sent === null || typeof sent !== "object" || Array.isArray(sent))
    throw new AppError("BAD_REQUEST", "Send the app document as genApp or app", {
      fields: [{ path: kind === "tool" ? "app" : "genApp", message: "Required" }],
    });
  const doc = looseRecord(sent);
  // The version may come beside the document rather than in it (spec: "plus appBuilderVersion").
  const versioned =
    doc.appBuilderVersion === undefined && body.appBuilderVersion !== undefined
      ? { ...doc, appBuilderVersion: body.appBuilderVersion }
      : doc;
  return commitSavedApp({
    db: options.db,
    managed,
    source: "save",
    next: () => versioned,
    ...(body.baseVersion === undefined ? {} : { baseVersion: body.baseVersion }),
  });
}
