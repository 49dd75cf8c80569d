import { effectivePlan } from "../plans/is-plan-at-or-above.ts";
import type { PlanId } from "../plans/plan-ids.ts";
import { CUSTOM_FIELD_TYPES, type CustomFieldType } from "./custom-field.ts";
import { GENERATED_APP_MESSAGES } from "./generated-app-messages.ts";

/** Types only admins may add (spec section 5). */
export const ADMIN_ONLY_FIELD_TYPES: readonly CustomFieldType[] = ["place", "tool_item_select"];

/**
 * Why this builder may not use a field `type`, or null (spec section 5): photo is not on
 * lite (admins included: the plan pays for image input), place and tool_item_select are
 * for admins only.
 */
export function fieldTypeError(
  type: CustomFieldType,
  viewer: { plan: PlanId | null | undefined; isAdmin: boolean },
): string | null {
  if (type === "photo" && effectivePlan(viewer.plan) === "lite") return GENERATED_APP_MESSAGES.photoNotOnLite;
  if (ADMIN_ONLY_FIELD_TYPES.includes(type) && !viewer.isAdmin)
    return GENERATED_APP_MESSAGES.adminOnlyFieldType;
  return null;
}

/** The types the field editor offers this builder. */
export function availableFieldTypes(viewer: {
  plan: PlanId | null | undefined;
  isAdmin: boolean;
}): CustomFieldType[] {
  return CUSTOM_FIELD_TYPES.filter((type) => fieldTypeError(type, viewer) === null);
}
