import type { TemplateSummary } from "@liftoff/domain";
import type { LoadedTemplate } from "./load-templates.ts";

export function toTemplateSummary(template: LoadedTemplate): TemplateSummary {
  const { manifest } = template;
  return {
    id: manifest.id,
    name: manifest.name,
    description: manifest.description,
    category: manifest.category,
    accentColor: manifest.accentColor,
    imageUrl: `/api/templates/${manifest.id}/image`,
    pages: template.pages,
    entities: manifest.entities.map((entity) => entity.name),
  };
}
