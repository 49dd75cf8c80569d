import type { Database } from "@liftoff/db";
import {
  APP_SLUG_TAKEN_MESSAGE,
  type AppDetails,
  AppError,
  type UpdateAppDetailsBody,
} from "@liftoff/domain";
import type { Kysely, Selectable } from "kysely";
import { isUniqueViolation } from "../../http/is-unique-violation.ts";
import { readAppDetails } from "./read-app-details.ts";

/** App details panel: name, slug (unique across the platform: it is the public URL), description, icon. */
export async function updateAppDetails(options: {
  db: Kysely<Database>;
  app: Selectable<Database["apps"]>;
  body: UpdateAppDetailsBody;
}): Promise<AppDetails> {
  const { db, app, body } = options;
  try {
    const row = await db
      .updateTable("apps")
      .set({
        name: body.name,
        slug: body.slug,
        data: JSON.stringify({ ...app.data, description: body.description, icon: body.icon }),
        updatedAt: new Date(),
      })
      .where("id", "=", app.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return readAppDetails(row);
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError("CONFLICT", APP_SLUG_TAKEN_MESSAGE, {
        fields: [{ field: "slug", message: APP_SLUG_TAKEN_MESSAGE }],
      });
    throw error;
  }
}
