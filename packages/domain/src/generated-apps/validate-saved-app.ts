import type { PlanId } from "../plans/plan-ids.ts";
import type { UpgradeReason } from "../plans/upgrade-reasons.ts";
import { SIGNUP_NEEDS_PUBLISH_MESSAGE } from "../space-apps/app-settings.ts";
import { DEFAULT_SAVED_APP_SETTINGS, type SavedAppSettings } from "./app-settings.ts";
import { checkAddTool } from "./check-add-tool.ts";
import { checkPaidMemberships } from "./check-paid-memberships.ts";
import { checkToolActivation } from "./check-tool-activation.ts";
import { OPTION_FIELD_TYPES } from "./custom-field.ts";
import { customFieldLimitError } from "./custom-field-limit-error.ts";
import { emailFieldPersonalError } from "./email-field-personal-error.ts";
import { fieldDeletionError, isFieldInactive } from "./field-deletion-error.ts";
import { fieldMemorizeError } from "./field-memorize-error.ts";
import { fieldNameError } from "./field-name-error.ts";
import { fieldOptionErrors } from "./field-option-errors.ts";
import { unknownFieldTags } from "./field-tags.ts";
import { fieldTypeError } from "./field-type-error.ts";
import {
  GENERATED_APP_MESSAGES,
  inactiveFieldMessage,
  unknownFieldTagMessage,
} from "./generated-app-messages.ts";
import { type SavedApp, type SavedAppKind, savedAppSchema } from "./saved-app.ts";
import { SAVED_APP_SETTINGS_RANGES } from "./saved-app-limits.ts";
import {
  ADMIN_ONLY_SETTINGS,
  canEditAppSettings,
  canHideWatermark,
  SETTINGS_NEED_UPGRADE_MESSAGE,
} from "./settings-access.ts";
import { signupSettingsErrors } from "./signup-settings-errors.ts";
import { templateCategoryErrors } from "./template-category-errors.ts";
import type { Tool } from "./tool.ts";

/** Who saves, and what was stored before (null for a first save). */
export type SavedAppValidationContext = {
  kind: SavedAppKind;
  plan: PlanId | null | undefined;
  isAdmin: boolean;
  /** The stored document: what it already had is never refused again (a downgrade must not stop saves). */
  previous?: SavedApp | null;
  /** Sign-up can be turned on only for a published app or one with a custom domain; unknown: not checked. */
  canEnableSignup?: boolean;
  /** Paid memberships need a custom domain; unknown: not checked. */
  hasCustomDomain?: boolean;
};

/** Messages keyed by the dotted path of the value they are about ("tools.0.path"). */
export type FieldMessages = Record<string, string>;

export type SavedAppValidation =
  | { ok: true; app: SavedApp; warnings: FieldMessages }
  | { ok: false; errors: FieldMessages; warnings: FieldMessages; upgradeReason?: UpgradeReason };

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Checks a v4 document a builder saves (POST /api/apps) against the contract and every
 * rule of spec sections 5 and 6. `errors` refuse the save (a 400 with one message per
 * path); `warnings` are shown but never refuse it, since auto-save must keep the
 * builder's work while it is still being written: unknown [tags] in the instructions, and
 * fields that are inactive because no tag uses them.
 *
 * Rules about change (activating, adding tools or fields, new field types, memorize,
 * hiding the watermark, admin-only and plan-gated settings) compare with `previous`, so
 * what the stored document already holds stays savable after a downgrade or a role change.
 */
export function validateSavedApp(doc: unknown, context: SavedAppValidationContext): SavedAppValidation {
  const errors: FieldMessages = {};
  const warnings: FieldMessages = {};
  let upgradeReason: UpgradeReason | undefined;
  const fail = (path: string, message: string, reason?: UpgradeReason) => {
    errors[path] ??= message;
    upgradeReason ??= reason;
  };

  const parsed = savedAppSchema.safeParse(doc);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) fail(issue.path.map(String).join(".") || "app", issue.message);
    return { ok: false, errors, warnings };
  }
  const app = parsed.data;
  const previous = context.previous ?? null;
  const previousTools = new Map((previous?.tools ?? []).map((tool) => [tool.toolId, tool]));
  const toolIds = new Set(app.tools.map((tool) => tool.toolId));

  if (context.kind === "tool" && app.tools.length !== 1)
    fail("tools", GENERATED_APP_MESSAGES.singleToolCount);
  if (app.tools.length > (previous?.tools.length ?? 0)) {
    const add = checkAddTool({ toolCount: app.tools.length - 1, plan: context.plan });
    if (!add.ok) fail("tools", add.message, add.upgradeReason);
  }

  // Tools already active in the stored document count first, so a new activation is the one refused.
  let activeCount = app.tools.filter(
    (tool) => tool.status === "active" && previousTools.get(tool.toolId)?.status === "active",
  ).length;
  const seenIds = new Set<string>();
  const seenPaths = new Set<string>();
  app.tools.forEach((tool, index) => {
    const at = `tools.${index}`;
    if (seenIds.has(tool.toolId)) fail(`${at}.toolId`, GENERATED_APP_MESSAGES.duplicateId);
    seenIds.add(tool.toolId);
    if (seenPaths.has(tool.path.toLowerCase())) fail(`${at}.path`, GENERATED_APP_MESSAGES.duplicatePath);
    seenPaths.add(tool.path.toLowerCase());
    const before = previousTools.get(tool.toolId) ?? null;
    if (tool.status === "active" && before?.status !== "active") {
      const activation = checkToolActivation({
        title: tool.title,
        isActive: false,
        activeToolCount: activeCount,
        plan: context.plan,
      });
      if (activation.ok) activeCount++;
      else fail(`${at}.status`, activation.message, activation.upgradeReason);
    }
    // Pro tools and credits per run are admin settings (spec section 6); a new tool starts at the defaults.
    if (!context.isAdmin) {
      if (tool.isProTool !== (before?.isProTool ?? false))
        fail(`${at}.isProTool`, GENERATED_APP_MESSAGES.adminOnlySetting);
      // A new tool may start at the spec's default or at the app's own credits per run.
      const allowed = before
        ? [before.creditsPerRun]
        : [SAVED_APP_SETTINGS_RANGES.creditsPerRun.default, app.settings.creditsPerRun];
      if (!allowed.includes(tool.creditsPerRun))
        fail(`${at}.creditsPerRun`, GENERATED_APP_MESSAGES.adminOnlySetting);
    }
    checkTool(tool, before, at, { app, context, toolIds, fail, warnings });
  });

  checkStyle(app, previous, context, fail);
  checkSettings(app.settings, previous?.settings ?? null, context, fail);

  return Object.keys(errors).length === 0
    ? { ok: true, app, warnings }
    : { ok: false, errors, warnings, ...(upgradeReason ? { upgradeReason } : {}) };
}

type Fail = (path: string, message: string, reason?: UpgradeReason) => void;

function checkTool(
  tool: Tool,
  before: Tool | null,
  at: string,
  env: {
    app: SavedApp;
    context: SavedAppValidationContext;
    toolIds: ReadonlySet<string>;
    fail: Fail;
    warnings: FieldMessages;
  },
) {
  const { context, fail, warnings } = env;
  const stepIds = new Set<string>();
  tool.inputSteps.forEach((step, index) => {
    if (stepIds.has(step.id)) fail(`${at}.inputSteps.${index}.id`, GENERATED_APP_MESSAGES.duplicateId);
    stepIds.add(step.id);
  });
  if (tool.isMultiStepInput && tool.inputSteps.length === 0)
    fail(`${at}.inputSteps`, GENERATED_APP_MESSAGES.stepsNeeded);
  const blockIds = new Set<string>();
  tool.blocks.forEach((block, index) => {
    if (blockIds.has(block.id)) fail(`${at}.blocks.${index}.id`, GENERATED_APP_MESSAGES.duplicateId);
    blockIds.add(block.id);
  });

  if (tool.fields.length > (before?.fields.length ?? 0)) {
    const limit = customFieldLimitError(tool.fields.length);
    if (limit) fail(`${at}.fields`, limit);
  }
  const beforeFields = new Map((before?.fields ?? []).map((field) => [field.name.toLowerCase(), field]));
  const names: string[] = [];
  tool.fields.forEach((field, index) => {
    const path = `${at}.fields.${index}`;
    const old = beforeFields.get(field.name.toLowerCase());
    const nameError = fieldNameError(field.name, names);
    if (nameError) fail(`${path}.name`, nameError);
    names.push(field.name);
    if (OPTION_FIELD_TYPES.includes(field.type) && field.options.length === 0)
      fail(`${path}.options`, GENERATED_APP_MESSAGES.selectNeedsOptions);
    fieldOptionErrors(field.options).forEach((message, option) => {
      if (message) fail(`${path}.options.${option}.label`, message);
    });
    const personal = emailFieldPersonalError(field);
    if (personal) fail(`${path}.personal`, personal);
    if (old?.type !== field.type) {
      const typeError = fieldTypeError(field.type, context);
      if (typeError) fail(`${path}.type`, typeError);
    }
    // Memorize is checked when switched on: turning sign-up off later leaves it inert, not invalid.
    if (!old?.memorize || field.type === "photo") {
      const memorize = fieldMemorizeError(field, env.app.settings);
      if (memorize) fail(`${path}.memorize`, memorize);
    }
    if (field.stepId !== null && !stepIds.has(field.stepId))
      fail(`${path}.stepId`, GENERATED_APP_MESSAGES.unknownStep);
    if (field.type === "tool_item_select" && (field.toolId === null || !env.toolIds.has(field.toolId)))
      fail(`${path}.toolId`, GENERATED_APP_MESSAGES.unknownToolForField);
    if (isFieldInactive(field.name, tool.gptPrompt))
      warnings[`${path}.name`] = inactiveFieldMessage(field.name);
  });

  const kept = new Set(names.map((name) => name.toLowerCase()));
  for (const old of before?.fields ?? []) {
    if (kept.has(old.name.toLowerCase())) continue;
    const deletion = fieldDeletionError(old.name, tool.gptPrompt);
    if (deletion) fail(`${at}.fields`, deletion);
  }
  const unknown = unknownFieldTags(tool.gptPrompt, names);
  if (unknown.length > 0) warnings[`${at}.gptPrompt`] = unknownFieldTagMessage(unknown);
}

function checkStyle(
  app: SavedApp,
  previous: SavedApp | null,
  context: SavedAppValidationContext,
  fail: Fail,
) {
  if (app.style.isWatermarkHidden && !previous?.style.isWatermarkHidden && !canHideWatermark(context.plan))
    fail("style.isWatermarkHidden", GENERATED_APP_MESSAGES.watermarkNeedsUpgrade, "watermark");
}

function checkSettings(
  settings: SavedAppSettings,
  previous: SavedAppSettings | null,
  context: SavedAppValidationContext,
  fail: Fail,
) {
  const before = previous ?? DEFAULT_SAVED_APP_SETTINGS;
  const changed = (Object.keys(settings) as (keyof SavedAppSettings)[]).filter(
    (key) => !same(settings[key], before[key]),
  );
  if (changed.length > 0 && !canEditAppSettings(context)) {
    fail("settings", SETTINGS_NEED_UPGRADE_MESSAGE, "default");
    return;
  }
  if (!context.isAdmin)
    for (const key of ADMIN_ONLY_SETTINGS)
      if (changed.includes(key)) fail(`settings.${key}`, GENERATED_APP_MESSAGES.adminOnlySetting);
  if (settings.isSignupEnabled && !before.isSignupEnabled && context.canEnableSignup === false)
    fail("settings.isSignupEnabled", SIGNUP_NEEDS_PUBLISH_MESSAGE);
  for (const [key, message] of Object.entries(signupSettingsErrors(settings)))
    fail(`settings.${key}`, message);
  if (settings.isPaidMembershipsEnabled && !before.isPaidMembershipsEnabled) {
    const memberships = checkPaidMemberships({
      plan: context.plan,
      isSignupEnabled: settings.isSignupEnabled,
      ...(context.hasCustomDomain === undefined ? {} : { hasCustomDomain: context.hasCustomDomain }),
    });
    if (!memberships.ok)
      fail("settings.isPaidMembershipsEnabled", memberships.message, memberships.upgradeReason);
  }
  templateCategoryErrors(settings.templateCategories).forEach((message, index) => {
    if (message) fail(`settings.templateCategories.${index}`, message);
  });
}
