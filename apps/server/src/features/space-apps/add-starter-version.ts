import type { Database } from "@liftoff/db";
import type { Kysely } from "kysely";
import { createAppVersion } from "./create-app-version.ts";
import { starterAppFiles } from "./starter-app-files.ts";

/** The `source` of the version a blank space app starts with. */
export const STARTER_VERSION_SOURCE = "starter";

/**
 * Gives a space app created without a template its first version: the starter page
 * (starterAppFiles). Not compiled here: the builder asks for the build as soon as it opens,
 * and API clients that never preview should not pay for a compile.
 */
export async function addStarterVersion(options: {
  db: Kysely<Database>;
  appId: string;
  userId: string;
}): Promise<{ versionId: string }> {
  const files = starterAppFiles();
  return createAppVersion({
    db: options.db,
    appId: options.appId,
    // The app was created a moment ago: a version made in between means someone else
    // already gave it code, and the starter must not land on top of it.
    baseVersionId: null,
    source: STARTER_VERSION_SOURCE,
    createdBy: options.userId,
    change: (draft) => {
      for (const [id, content] of Object.entries(files)) draft.set(id, content);
    },
  });
}
