import { appFileIdSchema, appFileName } from "@liftoff/domain";

/** Groups a new file can be added to. Layout and Styles hold one file each. */
export type NewFileGroup = "pages" | "components" | "services" | "layout" | "styles";

export const NEW_FILE_GROUPS: readonly { id: NewFileGroup; label: string; placeholder: string }[] = [
  { id: "pages", label: "Page", placeholder: "Dashboard" },
  { id: "components", label: "Component", placeholder: "tasks/TaskCard" },
  { id: "services", label: "Service", placeholder: "formatDate" },
  { id: "layout", label: "Layout", placeholder: "layout" },
  { id: "styles", label: "Styles", placeholder: "globals" },
];

/** The file id a group + name stands for; the extension is added when missing. */
export function newFileId(group: NewFileGroup, rawName: string): string {
  const name = rawName.trim().replace(/^\/+|\/+$/g, "");
  switch (group) {
    case "layout":
      return "layout.jsx";
    case "styles":
      return "globals.css";
    case "pages":
      return `pages/${/\.(jsx|tsx)$/.test(name) ? name : `${name}.jsx`}`;
    case "components":
      return `components/${/\.(jsx|tsx|js|ts)$/.test(name) ? name : `${name}.jsx`}`;
    case "services":
      return `services/${/\.(js|ts)$/.test(name) ? name : `${name}.js`}`;
  }
}

/** Validates a new file: the path rules of appFileIdSchema and no duplicate. Null when fine. */
export function newFileError(id: string, existingIds: readonly string[]): string | null {
  const parsed = appFileIdSchema.safeParse(id);
  if (!parsed.success) {
    if (id.startsWith("pages/"))
      return "Page names start with a capital letter and use letters and digits only";
    return parsed.error.issues[0]?.message ?? "Invalid file path";
  }
  const lower = id.toLowerCase();
  if (existingIds.some((existing) => existing.toLowerCase() === lower))
    return "A file with this path already exists";
  return null;
}

/** Starter content per group, so a new file compiles and renders right away. */
export function starterContent(id: string): string {
  const name = appFileName(id);
  if (id === "globals.css") return "/* Extra CSS, loaded after the generated utilities. */\n";
  if (id.startsWith("layout.")) {
    return [
      "export default function Layout({ children, currentPageName }) {",
      "  return (",
      '    <div className="min-h-screen bg-background text-foreground">',
      '      <main className="mx-auto max-w-5xl p-6">{children}</main>',
      "    </div>",
      "  );",
      "}",
      "",
    ].join("\n");
  }
  if (id.startsWith("pages/")) {
    return [
      `export default function ${name}() {`,
      "  return (",
      '    <div className="space-y-2">',
      `      <h1 className="text-2xl font-semibold">${name}</h1>`,
      '      <p className="text-muted-foreground">Start building this page.</p>',
      "    </div>",
      "  );",
      "}",
      "",
    ].join("\n");
  }
  if (id.startsWith("components/")) {
    if (/\.(js|ts)$/.test(id)) return `export function ${name}() {\n  return null;\n}\n`;
    return [
      `export default function ${name}({ children }) {`,
      '  return <div className="rounded-lg border p-4">{children}</div>;',
      "}",
      "",
    ].join("\n");
  }
  return `export function ${/^[A-Za-z_$][\w$]*$/.test(name) ? name : "helper"}() {\n  return null;\n}\n`;
}
