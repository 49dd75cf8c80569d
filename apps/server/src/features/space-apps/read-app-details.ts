import type { Database } from "@liftoff/db";
import type { AppDetails } from "@liftoff/domain";
import type { Selectable } from "kysely";

/** The App details of an app row (description and icon live in apps.data). */
export function readAppDetails(row: Selectable<Database["apps"]>): AppDetails {
  const { description, icon } = row.data;
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: typeof description === "string" ? description : "",
    icon: typeof icon === "string" && icon !== "" ? icon : null,
  };
}
