import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { virtualModule } from "../../packages/compiler/src/virtual-module.ts";
import { ROOT } from "../support.ts";
import { UI_DIR } from "./bench-vendor.ts";

export type ViteProject = { dir: string; srcDir: string };

/**
 * The same app as a Vite project, the way such apps are usually built: app files under
 * src/, the same generated modules behind `@/api/*`, `@/entities/*` and `@/lib/utils`,
 * the kit from packages/ui, a runtime on the real SDK, vendor packages from node_modules,
 * Tailwind through @tailwindcss/vite with the kit's theme and sources. The SDK talks to
 * its own origin ('' base URL) about `appId`: the first-render bench serves the build with
 * /live_api/ forwarded to the Liftoff server that holds that app's records.
 */
export function writeViteProject(
  files: Record<string, string>,
  entityNames: string[],
  appId = "bench",
  mainPage = "Home",
): ViteProject {
  const dir = mkdtempSync(join(tmpdir(), "liftoff-bench-vite-"));
  const srcDir = join(dir, "src");
  symlinkSync(join(ROOT, "node_modules"), join(dir, "node_modules"), "dir");
  const write = (path: string, content: string) => {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  };
  for (const [id, content] of Object.entries(files)) write(`src/${id}`, content);
  const virtual: Record<string, string> = {
    "src/api/entities.js": "@/api/entities",
    "src/api/integrations.js": "@/api/integrations",
    "src/api/client.js": "@/api/client",
    "src/api/app.js": "@/api/app",
    "src/lib/utils.js": "@/lib/utils",
    "src/utils.js": "@/utils",
  };
  for (const name of [...entityNames, "User"]) virtual[`src/entities/${name}.js`] = `@/entities/${name}`;
  for (const [path, specifier] of Object.entries(virtual)) {
    const generated = virtualModule(specifier, entityNames);
    if (generated?.kind === "module") write(path, generated.source);
  }
  write(
    "src/runtime.js",
    `import { createClient } from "@liftoff/sdk";
import { cn } from "${join(UI_DIR, "lib/cn.ts")}";
export const client = createClient({ baseUrl: "", appId: ${JSON.stringify(appId)} });
export const entities = client.entities;
export const integrations = client.integrations;
export const auth = client.auth;
export const User = { me: () => client.auth.me(), updateMe: (d) => client.auth.updateMe(d), logout: () => client.auth.logout() };
export const createPageUrl = (name) => "/" + name.replace(/ /g, "-");
export const appInfo = { name: "Bench" };
export { cn };
`,
  );
  const pages = Object.keys(files).filter((id) => /^pages\/[A-Z]\w*\.jsx$/.test(id));
  write(
    "src/main.jsx",
    `import "./index.css";
import { createRoot } from "react-dom/client";
import { MemoryRouter } from "react-router-dom";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import Layout from "./layout.jsx";
${pages.map((id, i) => `import Page${i} from "./${id}";`).join("\n")}
const pages = { ${pages.map((id, i) => `${JSON.stringify(id.slice(6, -4))}: Page${i}`).join(", ")} };
const name = location.pathname.slice(1) || ${JSON.stringify(mainPage)};
const Page = pages[name] ?? pages[${JSON.stringify(mainPage)}];
createRoot(document.getElementById("root")).render(
  <QueryClientProvider client={new QueryClient()}>
    <MemoryRouter><Layout currentPageName={name}><Page /></Layout></MemoryRouter>
  </QueryClientProvider>,
);
`,
  );
  write(
    "src/index.css",
    `@import "tailwindcss";\n@import "${join(UI_DIR, "styles.css")}";\n@import "./globals.css";\n`,
  );
  write(
    "index.html",
    '<!doctype html><html><head><meta charset="utf-8"><title>Bench</title></head><body><div id="root"></div><script type="module" src="/src/main.jsx"></script></body></html>\n',
  );
  return { dir, srcDir };
}

/** resolve.alias of the Vite build: the runtime, the kit, then the app root. */
export function viteAliases(project: ViteProject) {
  return [
    { find: "@liftoff/runtime", replacement: join(project.srcDir, "runtime.js") },
    { find: /^@\/components\/ui\/(.*)$/, replacement: join(UI_DIR, "components/$1") },
    { find: /^@\//, replacement: `${project.srcDir}/` },
  ];
}
