import type { TemplateSummary } from "@liftoff/domain";

export const ALL_CATEGORIES = "all";

/** The category filter's options: "All" then each category once, in first-seen order. */
export function templateCategories(templates: TemplateSummary[]): string[] {
  return [...new Set(templates.map((template) => template.category))];
}

export function filterTemplates(templates: TemplateSummary[], category: string): TemplateSummary[] {
  return category === ALL_CATEGORIES
    ? templates
    : templates.filter((template) => template.category === category);
}
