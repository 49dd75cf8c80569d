import type { Database } from "@liftoff/db";
import type { AppKind, AppStatus, AppSummary } from "@liftoff/domain";
import type { Selectable } from "kysely";

export function toAppSummary(row: Selectable<Database["apps"]>): AppSummary {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind as AppKind,
    slug: row.slug,
    status: row.status as AppStatus,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    draftVersionId: row.draftVersionId,
    publishedVersionId: row.publishedVersionId,
    publishedAt: row.publishedAt ? row.publishedAt.toISOString() : null,
    customHost: row.customHost,
  };
}
