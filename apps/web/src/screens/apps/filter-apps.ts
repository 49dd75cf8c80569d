import type { AppKind, AppSummary } from "@liftoff/domain";

export type KindFilter = AppKind | "all";

/** Case-insensitive name search combined with a kind filter; keeps the server order. */
export function filterApps(apps: readonly AppSummary[], query: string, kind: KindFilter): AppSummary[] {
  const needle = query.trim().toLowerCase();
  return apps.filter(
    (app) =>
      (kind === "all" || app.kind === kind) && (needle === "" || app.name.toLowerCase().includes(needle)),
  );
}
