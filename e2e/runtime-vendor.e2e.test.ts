import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join, normalize } from "node:path";
import { KIT_COMPONENTS, VENDOR_SPECIFIERS, type VendorManifest } from "@liftoff/domain";
import { type Browser, chromium, type Page } from "playwright-core";
import { compile } from "tailwindcss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureVendorBuild, frameImportMap, renderFrameHtml } from "../packages/runtime/src/server.ts";

// A compiled app module as packages/compiler emits it (pages, Layout, mainPage), written
// by hand: plain JS with jsx() calls, importing vendor modules through the import map.
const APP_JS = `
import { jsx, jsxs } from "react/jsx-runtime";
import { useState } from "react";
import { Link } from "react-router-dom";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { createPageUrl, entities, User } from "@liftoff/runtime";

function Home() {
  const [count, setCount] = useState(0);
  return jsxs(Card, { children: [
    jsx(CardHeader, { children: jsx(CardTitle, { children: "Home page" }) }),
    jsxs(CardContent, { children: [
      jsx(Button, { id: "count", onClick: () => { localStorage.setItem("clicks", String(count + 1)); setCount(count + 1); }, children: "Clicked " + count }),
      jsxs(Select, { defaultValue: "b", children: [
        jsx(SelectTrigger, { id: "select", children: jsx(SelectValue, {}) }),
        jsxs(SelectContent, { children: [
          jsx(SelectItem, { value: "a", children: "Alpha" }),
          jsx(SelectItem, { value: "b", children: "Beta" }),
        ] }),
      ] }),
      jsx("p", { id: "stored", children: localStorage.getItem("greeting") ?? "none" }),
    ] }),
  ] });
}
function Tasks() {
  return jsxs("div", { children: [
    jsx("h1", { id: "tasks", children: "Tasks page" }),
    jsx("button", { id: "throw", onClick: () => { throw new Error("Click handler failed"); }, children: "Throw" }),
    jsx("button", { id: "reject", onClick: () => { Promise.reject(new Error("Async failure")); }, children: "Reject" }),
    jsx("button", { id: "login", onClick: () => User.login(), children: "Log in" }),
    jsx("button", { id: "load", onClick: async () => {
      const tasks = await entities.Task.list();
      document.getElementById("loaded").textContent = User.isAuthenticated() + ":" + tasks.length;
    }, children: "Load" }),
    jsx("p", { id: "loaded" }),
  ] });
}
function Broken() { throw new Error("Broken page exploded"); }
export function Layout({ children, currentPageName }) {
  return jsxs("div", { children: [
    jsxs("nav", { children: [
      jsx("a", { id: "to-tasks", href: createPageUrl("Tasks"), children: "Tasks" }),
      jsx(Link, { id: "to-home", to: "/Home", children: "Home" }),
      jsx("a", { id: "external", href: "https://example.com/docs", children: "Docs" }),
    ] }),
    jsx("p", { id: "current", children: currentPageName }),
    children,
  ] });
}
export const pages = { Home, Tasks, Broken };
export const mainPage = "Home";
`;

// The host side of the bridge, reduced to what the test needs: answer ready with init,
// record every frame message, send host messages on request.
const HOST_HTML = `<!doctype html><html><body>
<script>
  window.__messages = [];
  window.addEventListener("message", (event) => {
    const frame = document.getElementById("app");
    if (event.source !== frame.contentWindow) return;
    window.__messages.push(event.data);
    if (event.data.type === "ready")
      frame.contentWindow.postMessage({ source: "liftoff-host", type: "init", token: null, path: INIT_PATH,
        storage: { greeting: "hello from host" }, preview: true }, "*");
  });
  window.__send = (message) =>
    document.getElementById("app").contentWindow.postMessage({ source: "liftoff-host", ...message }, "*");
</script>
<iframe id="app" style="width:900px;height:600px;border:0"
  sandbox="allow-scripts allow-forms allow-popups allow-modals allow-downloads"
  src="/runtime/frame?appId=app_1&versionId=v_1&js=JS_NAME"></iframe>
</body></html>`;

// shadcn's export names for each kit module (what models write).
const KIT_EXPORTS: Record<string, string[]> = {
  accordion: ["Accordion", "AccordionItem", "AccordionTrigger", "AccordionContent"],
  alert: ["Alert", "AlertTitle", "AlertDescription"],
  avatar: ["Avatar", "AvatarImage", "AvatarFallback"],
  badge: ["Badge", "badgeVariants"],
  button: ["Button", "buttonVariants"],
  calendar: ["Calendar"],
  card: ["Card", "CardHeader", "CardTitle", "CardDescription", "CardContent", "CardFooter"],
  checkbox: ["Checkbox"],
  dialog: [
    "Dialog",
    "DialogTrigger",
    "DialogContent",
    "DialogHeader",
    "DialogFooter",
    "DialogTitle",
    "DialogDescription",
    "DialogClose",
  ],
  "dropdown-menu": [
    "DropdownMenu",
    "DropdownMenuTrigger",
    "DropdownMenuContent",
    "DropdownMenuItem",
    "DropdownMenuCheckboxItem",
    "DropdownMenuRadioItem",
    "DropdownMenuRadioGroup",
    "DropdownMenuLabel",
    "DropdownMenuSeparator",
    "DropdownMenuShortcut",
    "DropdownMenuGroup",
    "DropdownMenuPortal",
    "DropdownMenuSub",
    "DropdownMenuSubTrigger",
    "DropdownMenuSubContent",
  ],
  form: [
    "Form",
    "FormField",
    "FormItem",
    "FormLabel",
    "FormControl",
    "FormDescription",
    "FormMessage",
    "useFormField",
  ],
  input: ["Input"],
  label: ["Label"],
  popover: ["Popover", "PopoverTrigger", "PopoverContent"],
  progress: ["Progress"],
  "scroll-area": ["ScrollArea", "ScrollBar"],
  select: [
    "Select",
    "SelectTrigger",
    "SelectValue",
    "SelectContent",
    "SelectItem",
    "SelectGroup",
    "SelectLabel",
    "SelectSeparator",
  ],
  separator: ["Separator"],
  sheet: [
    "Sheet",
    "SheetTrigger",
    "SheetContent",
    "SheetHeader",
    "SheetTitle",
    "SheetDescription",
    "SheetFooter",
    "SheetClose",
  ],
  skeleton: ["Skeleton"],
  sonner: ["Toaster", "toast"],
  switch: ["Switch"],
  table: [
    "Table",
    "TableHeader",
    "TableBody",
    "TableRow",
    "TableHead",
    "TableCell",
    "TableCaption",
    "TableFooter",
  ],
  tabs: ["Tabs", "TabsList", "TabsTrigger", "TabsContent"],
  textarea: ["Textarea"],
  toast: ["Toaster", "toast", "useToast"],
  tooltip: ["TooltipProvider", "Tooltip", "TooltipTrigger", "TooltipContent"],
};

type Message = { type: string; [key: string]: unknown };

let manifest: VendorManifest;
let server: Server;
let browser: Browser;
let page: Page;
let origin: string;
const apiCalls: { path: string; authorization: string | null }[] = [];

async function appCss(vendor: VendorManifest): Promise<string> {
  const tailwindDir = join(process.cwd(), "node_modules/tailwindcss");
  const compiler = await compile(`@import "tailwindcss";\n${vendor.themeCss}`, {
    base: tailwindDir,
    loadStylesheet: async (_id: string, base: string) => ({
      path: join(tailwindDir, "index.css"),
      base,
      content: readFileSync(join(tailwindDir, "index.css"), "utf8"),
    }),
  });
  return compiler.build(vendor.candidates);
}

beforeAll(async () => {
  const build = await ensureVendorBuild();
  manifest = build.manifest;
  const css = await appCss(manifest);
  server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    // Module scripts from an opaque-origin frame are CORS requests.
    res.setHeader("Access-Control-Allow-Origin", "*");
    const send = (type: string, body: string | Buffer) => {
      res.writeHead(200, { "content-type": type });
      res.end(body);
    };
    if (url.pathname.startsWith("/live_api/")) {
      // The SDK's calls from the opaque-origin frame: CORS without credentials, bearer token.
      res.setHeader("Access-Control-Allow-Headers", "authorization, content-type");
      if (req.method === "OPTIONS") return send("text/plain", "");
      apiCalls.push({ path: url.pathname, authorization: req.headers.authorization ?? null });
      return send("application/json", JSON.stringify([{ id: "t1", title: "One" }]));
    }
    if (url.pathname === "/host")
      return send(
        "text/html",
        HOST_HTML.replace("JS_NAME", url.searchParams.get("js") ?? "app").replace(
          "INIT_PATH",
          JSON.stringify(url.searchParams.get("path") ?? "/"),
        ),
      );
    if (url.pathname === "/app.js") return send("text/javascript", APP_JS);
    if (url.pathname === "/app.css") return send("text/css", css);
    if (url.pathname === "/runtime/frame")
      return send(
        "text/html",
        renderFrameHtml({
          importMap: frameImportMap(manifest),
          cssUrl: "/app.css",
          jsUrl: `/${url.searchParams.get("js") ?? "app"}.js`,
          appId: url.searchParams.get("appId") ?? "",
          versionId: url.searchParams.get("versionId") ?? "",
        }),
      );
    if (url.pathname.startsWith("/runtime/vendor/")) {
      const file = normalize(url.pathname.slice("/runtime/vendor/".length));
      if (!file.includes("..")) {
        try {
          return send("text/javascript", readFileSync(join(build.dir, file)));
        } catch {}
      }
    }
    res.writeHead(404);
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  page = await browser.newPage();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
});

async function messages(): Promise<Message[]> {
  return page.evaluate(() => (window as unknown as { __messages: Message[] }).__messages);
}

async function waitForMessage(match: (message: Message) => boolean): Promise<Message> {
  const handle = await page.waitForFunction(
    (source) => {
      const test = new Function("m", `return (${source})(m)`) as (m: unknown) => boolean;
      return (window as unknown as { __messages: unknown[] }).__messages.find((m) => test(m)) ?? null;
    },
    match.toString(),
    { timeout: 10_000 },
  );
  return (await handle.jsonValue()) as Message;
}

describe("vendor build", () => {
  it("maps every vendor specifier and kit component to a built file", () => {
    for (const specifier of VENDOR_SPECIFIERS)
      expect(manifest.imports[specifier]).toMatch(/^\/runtime\/vendor\/.+\.js$/);
    for (const name of KIT_COMPONENTS)
      expect(manifest.imports[`@/components/ui/${name}`]).toMatch(/^\/runtime\/vendor\/ui-.+\.js$/);
    expect(manifest.candidates).toEqual(
      expect.arrayContaining(["bg-primary", "rounded-lg", "text-muted-foreground"]),
    );
    expect(manifest.themeCss).toContain("--color-primary");
    expect(manifest.themeCss).not.toContain("@source");
    expect(manifest.themeCss).not.toContain('@import "tailwindcss"');
  });

  it("loads every module in the browser with the expected exports", async () => {
    // Inside its host: opened top-level, the runtime refuses to start (space-app-isolation e2e).
    await page.goto(`${origin}/host`);
    await page.frameLocator("#app").locator("#current").waitFor();
    const frame = page.frames().find((f) => new URL(f.url()).pathname === "/runtime/frame");
    if (!frame) throw new Error("no app frame");
    // A string, so the test runner's transform does not rewrite the browser's import().
    const exported = (await frame.evaluate(`(async (specifiers) => {
      const result = {};
      for (const specifier of specifiers) result[specifier] = Object.keys(await import(specifier));
      return result;
    })(${JSON.stringify(Object.keys(manifest.imports))})`)) as Record<string, string[]>;
    for (const specifier of VENDOR_SPECIFIERS)
      expect(exported[specifier]?.length, specifier).toBeGreaterThan(0);
    expect(exported.react).toEqual(
      expect.arrayContaining(["default", "useState", "useEffect", "createContext"]),
    );
    expect(exported["react/jsx-runtime"]).toEqual(expect.arrayContaining(["jsx", "jsxs", "Fragment"]));
    expect(exported["react-dom/client"]).toEqual(expect.arrayContaining(["createRoot"]));
    expect(exported.lodash).toEqual(expect.arrayContaining(["default", "debounce", "groupBy", "sortBy"]));
    expect(exported["@liftoff/runtime"]).toEqual(
      expect.arrayContaining([
        "start",
        "client",
        "entities",
        "integrations",
        "auth",
        "User",
        "cn",
        "createPageUrl",
      ]),
    );
    expect(Object.keys(KIT_EXPORTS).sort()).toEqual([...KIT_COMPONENTS].sort());
    for (const [name, names] of Object.entries(KIT_EXPORTS))
      expect(exported[`@/components/ui/${name}`], name).toEqual(expect.arrayContaining(names));
  });

  it("is fast once built", async () => {
    const started = performance.now();
    await ensureVendorBuild();
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it("runs an app in a sandboxed frame: render, storage, navigation, errors, kit", async () => {
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto(`${origin}/host`);
    const frame = page.frameLocator("#app");

    expect(await waitForMessage((m) => m.type === "rendered")).toMatchObject({ page: "Home" });
    await expect.poll(() => frame.locator("#current").textContent()).toBe("Home");
    expect(await frame.locator("#stored").textContent()).toBe("hello from host");
    expect(await frame.locator("text=Home page").count()).toBe(1);

    // The kit renders with its styles: Button uses the theme's primary colour.
    const background = await frame.locator("#count").evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(background).not.toBe("rgba(0, 0, 0, 0)");
    await frame.locator("#count").click();
    expect(await frame.locator("#count").textContent()).toBe("Clicked 1");
    expect(await waitForMessage((m) => m.type === "storage")).toMatchObject({ key: "clicks", value: "1" });

    // Select opens in a portal inside the frame and changes value.
    expect(await frame.locator("#select").textContent()).toContain("Beta");
    await frame.locator("#select").click();
    await frame.locator("[role=option]", { hasText: "Alpha" }).click();
    await expect.poll(() => frame.locator("#select").textContent()).toContain("Alpha");

    // A plain <a href="/Tasks"> is routed inside the app and reported to the host.
    await frame.locator("#to-tasks").click();
    expect(await waitForMessage((m) => m.type === "navigate" && m.path === "/Tasks")).toBeTruthy();
    expect(await frame.locator("#tasks").textContent()).toBe("Tasks page");
    expect(await frame.locator("#current").textContent()).toBe("Tasks");

    // Errors outside rendering: an event handler that throws, a rejected promise; each once.
    await frame.locator("#throw").click();
    await frame.locator("#throw").click();
    await frame.locator("#reject").click();
    expect((await waitForMessage((m) => m.type === "error")).error).toMatchObject({
      title: "Click handler failed",
      scope: "uncaught",
    });
    expect(
      (
        await waitForMessage(
          (m) => m.type === "error" && (m.error as { title: string }).title === "Async failure",
        )
      ).error,
    ).toMatchObject({ scope: "unhandledrejection" });

    // The SDK calls the platform origin (the frame's document URL, though its origin is
    // opaque) with the token the host sent; login goes to the host with the current path.
    await frame.locator("#load").click();
    await expect.poll(() => frame.locator("#loaded").textContent()).toBe("false:1");
    await page.evaluate(() =>
      (window as unknown as { __send: (m: unknown) => void }).__send({ type: "token", token: "lat_test" }),
    );
    await frame.locator("#load").click();
    await expect.poll(() => frame.locator("#loaded").textContent()).toBe("true:1");
    expect(apiCalls.map((call) => call.authorization)).toEqual([null, "Bearer lat_test"]);
    expect(apiCalls[0]?.path).toMatch(/^\/live_api\/apps\/app_1\/entities\/Task/);
    await frame.locator("#login").click();
    expect(await waitForMessage((m) => m.type === "login")).toMatchObject({ nextPath: "/Tasks" });

    // External links are handed to the host.
    await frame.locator("#external").click();
    expect(await waitForMessage((m) => m.type === "open")).toMatchObject({ url: "https://example.com/docs" });

    // The host navigates (case-insensitive page name); a render error becomes an App error.
    await page.evaluate(() =>
      (window as unknown as { __send: (m: unknown) => void }).__send({ type: "navigate", path: "/broken" }),
    );
    const error = await waitForMessage(
      (m) => m.type === "error" && (m.error as { scope: string }).scope === "render",
    );
    expect(error.error).toMatchObject({
      title: "Broken page exploded",
      componentName: "Broken",
      scope: "render",
    });
    await expect.poll(() => frame.locator("[role=alert]").textContent()).toContain("Broken page exploded");
    expect(await frame.locator("#current").textContent()).toBe("Broken");

    // The router <Link> still works after the error, and the page renders again.
    await frame.locator("#to-home").click();
    await expect.poll(() => frame.locator("#current").textContent()).toBe("Home");
    const all = await messages();
    expect(all.filter((m) => m.type === "navigate").map((m) => m.path)).toEqual(["/Tasks", "/Home"]);
    expect(all.filter((m) => m.type === "error")).toHaveLength(3);
    expect(all.filter((m) => m.type === "rendered")).toHaveLength(1);
    // The browser saw the handler error twice; the host got it once (deduplicated).
    expect(errors).toEqual(["Click handler failed", "Click handler failed", "Async failure"]);
  });

  it("reports a broken first page and still signals rendered", async () => {
    await page.goto(`${origin}/host?path=/Broken`);
    const error = await waitForMessage((m) => m.type === "error");
    expect(error.error).toMatchObject({ componentName: "Broken", scope: "render" });
    expect(await waitForMessage((m) => m.type === "rendered")).toMatchObject({ page: "Broken" });
    expect((await messages()).filter((m) => m.type === "navigate")).toEqual([]);
  });

  it("reports an app module that fails to load", async () => {
    await page.goto(`${origin}/host?js=missing`);
    const error = await waitForMessage((m) => m.type === "error");
    expect(error.error).toMatchObject({ componentName: "App", scope: "module" });
    expect((error.error as { title: string }).title).toMatch(/missing\.js|dynamically imported module/i);
    expect((await messages()).some((m) => m.type === "rendered")).toBe(false);
  });
});
