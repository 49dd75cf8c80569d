import type { TemplateSummary } from "@liftoff/domain";
import { describe, expect, it } from "vitest";
import { ALL_CATEGORIES, filterTemplates, templateCategories } from "./filter-templates.ts";

const template = (id: string, category: string): TemplateSummary => ({
  id,
  name: id,
  description: "",
  category,
  accentColor: "#000000",
  imageUrl: `/api/templates/${id}/image`,
  pages: [],
  entities: [],
});

describe("template filters", () => {
  const list = [template("a", "Sales"), template("b", "Business"), template("c", "Sales")];

  it("lists each category once in first-seen order", () => {
    expect(templateCategories(list)).toEqual(["Sales", "Business"]);
  });

  it("keeps everything for all, else only the category", () => {
    expect(filterTemplates(list, ALL_CATEGORIES)).toHaveLength(3);
    expect(filterTemplates(list, "Sales").map((t) => t.id)).toEqual(["a", "c"]);
    expect(filterTemplates(list, "Nope")).toEqual([]);
  });
});
