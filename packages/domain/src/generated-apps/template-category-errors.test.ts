import { describe, expect, it } from "vitest";
import { templateCategoryErrors } from "./template-category-errors.ts";

describe("templateCategoryErrors", () => {
  it("flags empty and repeated categories (spec section 5)", () => {
    expect(templateCategoryErrors(["Writing", "", "writing ", "Travel"])).toEqual([
      null,
      "Category name cannot be empty",
      "Category already exists",
      null,
    ]);
  });
});
