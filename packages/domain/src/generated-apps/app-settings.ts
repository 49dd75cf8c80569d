import { z } from "zod";
import { boundedText, optionalImage, optionalUrl } from "./bounded-text.ts";
import { GENERATED_APP_MESSAGES, rangeMessage, tooManyMessage } from "./generated-app-messages.ts";
import { inputStepSchema } from "./input-step.ts";
import { SAVED_APP_LIMITS, SAVED_APP_SETTINGS_RANGES, SAVED_APP_TEXT_LIMITS } from "./saved-app-limits.ts";
import { creditsPerRunSchema, examplesSchema } from "./tool.ts";

const { userLimit, modelTemperature } = SAVED_APP_SETTINGS_RANGES;

/**
 * How a run reaches the tool's data items before the answer is generated (spec section 4
 * "Run state": search-similar-item, query-context-items, then generate). Ours: the spec
 * names the setting but not its values. 'query_context_items' answers from the passages
 * that match the input; 'search_similar_item' first finds the closest item of a CSV data
 * item and answers about it.
 */
export const AI_QUERY_METHODS = ["query_context_items", "search_similar_item"] as const;
export const aiQueryMethodSchema = z.enum(AI_QUERY_METHODS);
export type AiQueryMethod = z.infer<typeof aiQueryMethodSchema>;

function userLimitSchema(label: string) {
  return z
    .number()
    .int(`${label} must be a whole number`)
    .min(userLimit.min, rangeMessage(label, userLimit.min, userLimit.max))
    .max(userLimit.max, rangeMessage(label, userLimit.min, userLimit.max));
}

/** Whether `value` is on the 0.1 grid (floating point: 0.7 is 7 tenths, not exactly). */
export function isTemperatureStep(value: number): boolean {
  const tenths = value / modelTemperature.step;
  return Math.abs(tenths - Math.round(tenths)) < 1e-9;
}

/** spec sections 5 and 9: 0 to 2 in steps of 0.1, default 0.7. */
export const modelTemperatureSchema = z
  .number()
  .min(modelTemperature.min, rangeMessage("Temperature", modelTemperature.min, modelTemperature.max))
  .max(modelTemperature.max, rangeMessage("Temperature", modelTemperature.min, modelTemperature.max))
  .refine(isTemperatureStep, GENERATED_APP_MESSAGES.temperatureStep);

const email = z
  .string()
  .max(254, "Support e-mail can be at most 254 characters")
  .refine((value) => value === "" || z.email().safeParse(value).success, "Enter a valid e-mail address");

/**
 * The settings kept in a saved app (spec section 3 "App settings", less the texts, input
 * and call-to-action fields, which v4 keeps on each tool; see appSettingsSchema). Sign-up
 * needs the legal links and support e-mail (checked by signupSettingsErrors, since they
 * may stay empty while sign-up is off).
 */
export const savedAppSettingsSchema = z.object({
  /** "" uses the provider's default model (spec section 9: a small general-purpose model). */
  aiModel: boundedText("AI model", SAVED_APP_TEXT_LIMITS.aiModel),
  modelTemperature: modelTemperatureSchema,
  aiQueryMethod: aiQueryMethodSchema,
  dailyUserLimit: userLimitSchema("Daily runs per user"),
  weeklyUserLimit: userLimitSchema("Weekly runs per user"),
  creditsPerRun: creditsPerRunSchema,
  userCanEditResults: z.boolean(),
  isClaimable: z.boolean(),
  isToolTemplate: z.boolean(),
  templateCategory: boundedText("Template category", SAVED_APP_TEXT_LIMITS.templateCategory),
  templateCategories: z
    .array(boundedText("Template category", SAVED_APP_TEXT_LIMITS.templateCategory))
    .max(
      SAVED_APP_LIMITS.maxTemplateCategories,
      tooManyMessage("template categories", SAVED_APP_LIMITS.maxTemplateCategories),
    ),
  templateImageUrl: optionalImage("Template image"),
  templateDescription: boundedText("Template description", SAVED_APP_TEXT_LIMITS.description),
  mainPage: z.string().max(100).nullable(),
  isAppTemplate: z.boolean(),
  requireBuilderCollaboratorAccount: z.boolean(),
  isSignupEnabled: z.boolean(),
  termsOfServiceLink: optionalUrl("Terms of service link"),
  privacyPolicyLink: optionalUrl("Privacy policy link"),
  supportEmail: email,
  isPaidMembershipsEnabled: z.boolean(),
  paidMembershipsSettings: z.object({
    paymentProvider: z.string().max(40),
    hasPaymentProviderAccessToken: z.boolean(),
    isSetupCompleted: z.boolean(),
  }),
  paidMembershipsProduct: z.object({ id: z.string().max(200), name: z.string().max(200) }).nullable(),
});
export type SavedAppSettings = z.infer<typeof savedAppSettingsSchema>;

/**
 * The spec's fields of App settings that v4 keeps on a tool (for a single tool, its one
 * tool) or, for header and description, on the saved app itself.
 */
export const appSettingsToolFieldsSchema = z.object({
  header: boundedText("Header", SAVED_APP_TEXT_LIMITS.header),
  description: boundedText("Description", SAVED_APP_TEXT_LIMITS.description),
  isMultiStepInput: z.boolean(),
  inputSteps: z
    .array(inputStepSchema)
    .max(SAVED_APP_LIMITS.maxInputSteps, tooManyMessage("input steps", SAVED_APP_LIMITS.maxInputSteps)),
  isInputHidden: z.boolean(),
  isInputCollapsed: z.boolean(),
  inputLabel: boundedText("Input label", SAVED_APP_TEXT_LIMITS.inputLabel),
  inputPlaceholder: boundedText("Input placeholder", SAVED_APP_TEXT_LIMITS.inputPlaceholder),
  welcomeMessage: boundedText("Welcome message", SAVED_APP_TEXT_LIMITS.welcomeMessage),
  examples: examplesSchema,
  ctaMessage: boundedText("Call to action message", SAVED_APP_TEXT_LIMITS.ctaMessage),
  ctaButton: boundedText("Call to action button", SAVED_APP_TEXT_LIMITS.ctaButton),
  ctaLink: optionalUrl("Call to action link", GENERATED_APP_MESSAGES.ctaLinkInvalid),
});

/** Every field of spec section 3 "App settings", as the settings panel edits them. */
export const appSettingsSchema = savedAppSettingsSchema.extend(appSettingsToolFieldsSchema.shape);
export type AppSettings = z.infer<typeof appSettingsSchema>;

/**
 * POST /api/apps/{id}/settings {appSettings}: only the fields given change. The payment
 * provider's access token is written here and never read back (the settings only say
 * whether one is stored).
 */
export const updateAppSettingsBodySchema = z.object({
  appSettings: appSettingsSchema
    .extend({ paymentProviderAccessToken: z.string().max(500) })
    .partial()
    .strict(),
});
export type UpdateAppSettingsBody = z.infer<typeof updateAppSettingsBodySchema>;

export const DEFAULT_SAVED_APP_SETTINGS: Readonly<SavedAppSettings> = Object.freeze({
  aiModel: "",
  modelTemperature: modelTemperature.default,
  aiQueryMethod: "query_context_items",
  dailyUserLimit: SAVED_APP_SETTINGS_RANGES.dailyUserLimitDefault,
  weeklyUserLimit: SAVED_APP_SETTINGS_RANGES.weeklyUserLimitDefault,
  creditsPerRun: SAVED_APP_SETTINGS_RANGES.creditsPerRun.default,
  userCanEditResults: false,
  isClaimable: false,
  isToolTemplate: false,
  templateCategory: "",
  templateCategories: [],
  templateImageUrl: "",
  templateDescription: "",
  mainPage: null,
  isAppTemplate: false,
  requireBuilderCollaboratorAccount: false,
  isSignupEnabled: false,
  termsOfServiceLink: "",
  privacyPolicyLink: "",
  supportEmail: "",
  isPaidMembershipsEnabled: false,
  paidMembershipsSettings: {
    paymentProvider: "",
    hasPaymentProviderAccessToken: false,
    isSetupCompleted: false,
  },
  paidMembershipsProduct: null,
});
