import { type AppFile, type AppFilesBundle, appFileGroup, appFileName } from "@liftoff/domain";

export type BundleChange = {
  versionId: string;
  /** Files created or rewritten. */
  upsert?: readonly { id: string; content: string }[];
  /** File ids removed. */
  remove?: readonly string[];
};

const byId = (a: AppFile, b: AppFile) => a.id.localeCompare(b.id);

/**
 * The bundle after a successful save or delete, so the tree, the page switcher and the
 * preview follow without reloading every file from the server.
 */
export function applyBundleChange(bundle: AppFilesBundle, change: BundleChange): AppFilesBundle {
  const removed = new Set(change.remove ?? []);
  const next: AppFilesBundle = {
    ...bundle,
    versionId: change.versionId,
    layout: bundle.layout && removed.has(bundle.layout.id) ? null : bundle.layout,
    globals_css: bundle.globals_css && removed.has(bundle.globals_css.id) ? null : bundle.globals_css,
    pages: bundle.pages.filter((file) => !removed.has(file.id)),
    components: bundle.components.filter((file) => !removed.has(file.id)),
    services: bundle.services.filter((file) => !removed.has(file.id)),
  };
  for (const { id, content } of change.upsert ?? []) {
    const file: AppFile = { id, name: appFileName(id), content };
    const put = (list: AppFile[]) =>
      list.some((existing) => existing.id === id)
        ? list.map((existing) => (existing.id === id ? file : existing))
        : [...list, file].sort(byId);
    switch (appFileGroup(id)) {
      case "layout":
        next.layout = file;
        break;
      case "styles":
        next.globals_css = file;
        break;
      case "pages":
        next.pages = put(next.pages);
        break;
      case "components":
        next.components = put(next.components);
        break;
      case "services":
        next.services = put(next.services);
        break;
    }
  }
  return next;
}
