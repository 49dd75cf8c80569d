const PAGE_FILE = /^pages\/([A-Z][A-Za-z0-9]*)\.(jsx|tsx)$/;

export type AppShape = {
  /** Page name → file id, in name order. */
  pages: [string, string][];
  layout: string | null;
};

/** The pages (direct children of pages/) and the layout file of a version. */
export function appShape(fileIds: string[]): AppShape {
  const pages = new Map<string, string>();
  for (const id of [...fileIds].sort()) {
    const match = PAGE_FILE.exec(id);
    // pages/X.jsx wins over pages/X.tsx: one page per name.
    if (match && !pages.has(match[1]!)) pages.set(match[1]!, id);
  }
  const layout = fileIds.includes("layout.jsx")
    ? "layout.jsx"
    : fileIds.includes("layout.tsx")
      ? "layout.tsx"
      : null;
  return { pages: [...pages].sort(([a], [b]) => a.localeCompare(b)), layout };
}

/** The chosen main page if it is a page (any case), else Home, else the first page. */
export function chooseMainPage(pageNames: string[], wanted: string | null): string | null {
  const match = wanted ? pageNames.find((name) => name.toLowerCase() === wanted.toLowerCase()) : undefined;
  return match ?? (pageNames.includes("Home") ? "Home" : (pageNames[0] ?? null));
}

/**
 * The generated entry: imports every page and the layout and exports what the runtime's
 * `start(appModule)` reads. Default imports, so a page without a default export fails the
 * bundle with esbuild's "No matching export" error, which becomes a diagnostic on that page.
 */
export function entryModuleSource(shape: AppShape, mainPage: string): string {
  const lines: string[] = [];
  shape.pages.forEach(([, id], i) => {
    lines.push(`import Page${i} from ${JSON.stringify(`@/${id}`)};`);
  });
  if (shape.layout) lines.push(`import Layout from ${JSON.stringify(`@/${shape.layout}`)};`);
  else lines.push("const Layout = null;");
  const entries = shape.pages.map(([name], i) => `  ${JSON.stringify(name)}: Page${i},`);
  lines.push(`export const pages = {\n${entries.join("\n")}\n};`);
  lines.push("export { Layout };");
  lines.push(`export const mainPage = ${JSON.stringify(mainPage)};`);
  return `${lines.join("\n")}\n`;
}
