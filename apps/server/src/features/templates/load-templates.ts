import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { pageNameOf, type TemplateManifest, templateManifestSchema } from "@liftoff/domain";
import { log } from "../../log.ts";
import { readTemplateFiles } from "./read-template-files.ts";

export type LoadedTemplate = {
  manifest: TemplateManifest;
  /** File id → content, exactly as in the template folder. */
  files: Record<string, string>;
  /** Page names, the main page first. */
  pages: string[];
  /** Read at load, so a file removed later cannot break the image route. */
  image: { bytes: Buffer<ArrayBuffer>; contentType: "image/svg+xml" | "image/png" };
};

/** Reads and checks one template folder; throws with the reason when it is broken. */
export function loadTemplate(dir: string, folder: string): LoadedTemplate {
  const raw: unknown = JSON.parse(readFileSync(join(dir, "template.json"), "utf8"));
  const parsed = templateManifestSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`template.json: ${issue?.path.join(".") ?? ""} ${issue?.message ?? "invalid"}`);
  }
  const manifest = parsed.data;
  if (manifest.id !== folder) throw new Error(`template.json id "${manifest.id}" must match its folder`);
  for (const entity of manifest.entities)
    if (entity.schema.name !== entity.name)
      throw new Error(`entity "${entity.name}" has a schema named "${entity.schema.name}"`);

  const files = readTemplateFiles(dir);
  const pageNames = Object.keys(files)
    .map(pageNameOf)
    .filter((name): name is string => name !== null);
  if (!pageNames.includes(manifest.mainPage))
    throw new Error(`main page "${manifest.mainPage}" has no pages/${manifest.mainPage}.jsx`);
  const pages = [manifest.mainPage, ...pageNames.filter((name) => name !== manifest.mainPage)];

  const png = join(dir, "preview.png");
  const svg = join(dir, "preview.svg");
  const found = existsSync(png)
    ? { path: png, contentType: "image/png" as const }
    : existsSync(svg)
      ? { path: svg, contentType: "image/svg+xml" as const }
      : null;
  if (!found) throw new Error("preview.png or preview.svg is missing");
  return {
    manifest,
    files,
    pages,
    image: { bytes: readFileSync(found.path), contentType: found.contentType },
  };
}

/**
 * Every valid template under `dir`, sorted by name. A broken template is logged and left
 * out so one bad folder never keeps the server from starting.
 */
export function loadTemplates(dir: string | null): LoadedTemplate[] {
  if (!dir) {
    log.error("templates folder not found; /api/templates will be empty");
    return [];
  }
  const templates: LoadedTemplate[] = [];
  for (const folder of readdirSync(dir).sort()) {
    const path = join(dir, folder);
    if (!statSync(path).isDirectory()) continue;
    try {
      templates.push(loadTemplate(path, folder));
    } catch (error) {
      log.error("template skipped", { template: folder, reason: (error as Error).message });
    }
  }
  return templates.sort((a, b) => a.manifest.name.localeCompare(b.manifest.name));
}
