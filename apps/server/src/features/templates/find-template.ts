import { AppError } from "@liftoff/domain";
import type { LoadedTemplate } from "./load-templates.ts";

export function findTemplate(templates: LoadedTemplate[], id: string): LoadedTemplate {
  const template = templates.find((candidate) => candidate.manifest.id === id);
  if (!template) throw new AppError("NOT_FOUND", "Template not found");
  return template;
}
