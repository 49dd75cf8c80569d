import { PLAN_IDS } from "../plans/plan-ids.ts";
import { PLAN_LIMITS } from "../plans/plan-limits.ts";

/** The saved-app format written today (spec section 9: "App builder version 4"). */
export const APP_BUILDER_VERSION = 4;

/**
 * Caps of a saved app (generated app or single tool). The spec gives the examples (3) and
 * the settings ranges; it names the custom field count and the label and option lengths
 * as limits without values, and says nothing of the rest. Every value chosen here is listed
 * with its reason in docs/defaults.md ("Generated apps and single tools").
 */
export const SAVED_APP_LIMITS = {
  /** Input examples per tool (spec section 9: "Input examples: 3"). */
  maxExamples: 3,
  /** Custom fields per tool; the n of 'There can be a maximum of {n} custom fields…'. */
  maxCustomFields: 20,
  /** Options of one select or multiselect field. */
  maxFieldOptions: 50,
  /** Result blocks per tool. */
  maxBlocks: 20,
  /** Input steps per tool. */
  maxInputSteps: 10,
  /** Tools any app may hold: the largest plan's maxToolsPerApp; the plan's own is checked apart. */
  maxTools: Math.max(...PLAN_IDS.map((id) => PLAN_LIMITS[id].maxToolsPerApp)),
  /** Saved documents kept per app so a bad save can be undone. */
  savedVersionsKept: 20,
  /** Extra features listed on the published app. */
  maxFeatures: 20,
  /** Required keys of one block's validation. */
  maxRequiredKeys: 50,
  /** Template categories of one app. */
  maxTemplateCategories: 20,
} as const;

/** String length caps, in characters. */
export const SAVED_APP_TEXT_LIMITS = {
  header: 120,
  description: 1_000,
  path: 60,
  gptPrompt: 20_000,
  welcomeMessage: 2_000,
  inputLabel: 200,
  inputPlaceholder: 200,
  example: 500,
  ctaMessage: 500,
  ctaButton: 40,
  url: 2_000,
  fieldName: 40,
  fieldLabel: 100,
  fieldOption: 100,
  fieldInstructions: 2_000,
  filterCondition: 500,
  stepTitle: 100,
  blockTitle: 120,
  blockInstruction: 4_000,
  modelCheckPrompt: 4_000,
  requiredKey: 100,
  /** A block's JSON schema, measured as JSON text. */
  jsonSchema: 20_000,
  feature: 200,
  id: 64,
  aiModel: 200,
  templateCategory: 50,
  color: 9,
} as const;

/** Settings ranges and defaults (spec sections 5 and 9). */
export const SAVED_APP_SETTINGS_RANGES = {
  userLimit: { min: 1, max: 100 },
  creditsPerRun: { min: 0, max: 20, default: 1 },
  modelTemperature: { min: 0, max: 2, step: 0.1, default: 0.7 },
  /** Our choice: the spec gives only the range 1 to 100. */
  dailyUserLimitDefault: 10,
  /** Our choice: the spec gives only the range 1 to 100. */
  weeklyUserLimitDefault: 50,
} as const;
