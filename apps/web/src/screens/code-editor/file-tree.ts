import { type AppFilesBundle, appFileGroup, appFileName } from "@liftoff/domain";

/** The code editor's groups in spec order (section 2): entities are read-only JSON. */
export type TreeGroupId = "layout" | "styles" | "pages" | "components" | "entities" | "services";

export const TREE_GROUPS: readonly { id: TreeGroupId; label: string }[] = [
  { id: "layout", label: "Layout" },
  { id: "styles", label: "Styles" },
  { id: "pages", label: "Pages" },
  { id: "components", label: "Components" },
  { id: "entities", label: "Entities (Read-only)" },
  { id: "services", label: "Services" },
];

export type EditorLanguage = "jsx" | "tsx" | "js" | "ts" | "css" | "json";

export type TreeFile = {
  id: string;
  /** What the tree shows: the path inside its group ('tasks/TaskCard.jsx'). */
  label: string;
  group: TreeGroupId;
  content: string;
  readOnly: boolean;
  language: EditorLanguage;
};

export type TreeGroup = { id: TreeGroupId; label: string; files: TreeFile[] };

export function languageOf(id: string): EditorLanguage {
  const ext = id.slice(id.lastIndexOf(".") + 1).toLowerCase();
  if (ext === "tsx" || ext === "ts" || ext === "js" || ext === "css" || ext === "json") return ext;
  return "jsx";
}

function labelOf(id: string): string {
  const slash = id.indexOf("/");
  return slash >= 0 ? id.slice(slash + 1) : id;
}

/** Every file of a bundle, editable sources first by path, then entity schemas as JSON. */
export function bundleFiles(bundle: AppFilesBundle): TreeFile[] {
  const sources = [
    bundle.layout,
    bundle.globals_css,
    ...bundle.pages,
    ...bundle.components,
    ...bundle.services,
  ].filter((file) => file !== null);
  const files: TreeFile[] = sources.map((file) => ({
    id: file.id,
    label: labelOf(file.id),
    group: appFileGroup(file.id),
    content: file.content,
    readOnly: false,
    language: languageOf(file.id),
  }));
  for (const [name, entity] of Object.entries(bundle.entities)) {
    files.push({
      id: `entities/${name}.json`,
      label: `${name}.json`,
      group: "entities",
      content: `${JSON.stringify(entity.schema, null, 2)}\n`,
      readOnly: true,
      language: "json",
    });
  }
  return files;
}

/** Files grouped for the tree, sorted by label inside each group; empty groups are kept. */
export function groupFiles(files: readonly TreeFile[]): TreeGroup[] {
  return TREE_GROUPS.map((group) => ({
    ...group,
    files: files
      .filter((file) => file.group === group.id)
      .sort((a, b) => a.label.localeCompare(b.label, "en", { sensitivity: "base" })),
  }));
}

/** The app's page names from its page files, in the order of the bundle. */
export function pageNames(bundle: Pick<AppFilesBundle, "pages">): string[] {
  return bundle.pages.map((page) => appFileName(page.id));
}

/** The file the editor opens first: the requested one, else the main page, layout, or any. */
export function initialFileId(files: readonly TreeFile[], mainPage: string | null, wanted?: string | null) {
  if (wanted && files.some((file) => file.id === wanted)) return wanted;
  const main = mainPage
    ? files.find((file) => file.group === "pages" && appFileName(file.id) === mainPage)
    : null;
  return (main ?? files.find((file) => file.group === "pages") ?? files[0])?.id ?? null;
}
