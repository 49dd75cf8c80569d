import { GENERATED_APP_MESSAGES } from "./generated-app-messages.ts";

/** One message or null per template category (spec section 5): empty, or a repeat ignoring case. */
export function templateCategoryErrors(categories: readonly string[]): (string | null)[] {
  const seen = new Set<string>();
  return categories.map((category) => {
    const key = category.trim().toLowerCase();
    if (key === "") return GENERATED_APP_MESSAGES.categoryEmpty;
    if (seen.has(key)) return GENERATED_APP_MESSAGES.categoryExists;
    seen.add(key);
    return null;
  });
}
