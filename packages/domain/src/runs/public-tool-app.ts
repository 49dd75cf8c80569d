import { z } from "zod";
import { appStyleSchema } from "../generated-apps/app-style.ts";
import { customFieldSchema } from "../generated-apps/custom-field.ts";
import { hasBlockValidation, resultBlockKindSchema } from "../generated-apps/result-block.ts";
import type { SavedApp, SavedAppKind } from "../generated-apps/saved-app.ts";
import { canHideWatermark } from "../generated-apps/settings-access.ts";
import { toolSchema } from "../generated-apps/tool.ts";
import { isWatermarkHiddenByDefault } from "../plans/can-use-plan-feature.ts";
import type { PlanId } from "../plans/plan-ids.ts";
import { planLimits } from "../plans/plan-limits.ts";
import { runBlocks } from "./run-blocks.ts";

/**
 * What an end user's browser gets of a published generated app or single tool: what the
 * page shows and the form needs, and nothing the builder keeps for the model. Left out on
 * purpose: the instructions (gptPrompt), each block's instruction and checks (only whether
 * it has any), a field's filter condition, the data items, the model settings, claim,
 * template and payment settings. Tests assert the prompt never appears in it.
 */
export const publicFieldSchema = customFieldSchema.omit({ filterCondition: true });
export type PublicField = z.infer<typeof publicFieldSchema>;

export const publicBlockSchema = z.object({
  id: z.string(),
  kind: resultBlockKindSchema,
  title: z.string(),
  /** Whether the run waits for a verdict on this block (pending → validated or failed). */
  validated: z.boolean(),
});
export type PublicBlock = z.infer<typeof publicBlockSchema>;

export const publicToolSchema = toolSchema
  .pick({
    toolId: true,
    title: true,
    description: true,
    path: true,
    imageUrl: true,
    isProTool: true,
    isMultiStepInput: true,
    inputSteps: true,
    examples: true,
    welcomeMessage: true,
    inputLabel: true,
    inputPlaceholder: true,
    isInputCollapsed: true,
    isInputHidden: true,
    ctaMessage: true,
    ctaButton: true,
    ctaLink: true,
  })
  .extend({
    fields: z.array(publicFieldSchema),
    /** The blocks a run produces, in order (the default 'Result' block when none are laid out). */
    blocks: z.array(publicBlockSchema),
  });
export type PublicTool = z.infer<typeof publicToolSchema>;

export const publicToolAppSchema = z.object({
  appId: z.string(),
  slug: z.string(),
  kind: z.enum(["generated", "tool"]),
  name: z.string(),
  header: z.string(),
  description: z.string(),
  style: appStyleSchema,
  showWatermark: z.boolean(),
  /** The owner's plan lets other sites embed the app's tools (`?embed=1` pages may be framed). */
  canEmbed: z.boolean(),
  /** The app's chat assistant is on: end users can chat with it (generated apps only). */
  chatAssistant: z.boolean(),
  features: z.object({ interactiveFollowups: z.boolean(), customFields: z.boolean() }),
  userCanEditResults: z.boolean(),
  dailyUserLimit: z.number().int(),
  weeklyUserLimit: z.number().int(),
  isSignupEnabled: z.boolean(),
  termsOfServiceLink: z.string(),
  privacyPolicyLink: z.string(),
  supportEmail: z.string(),
  /** Active tools only, in the builder's order: drafts never reach an end user. */
  tools: z.array(publicToolSchema),
});
export type PublicToolApp = z.infer<typeof publicToolAppSchema>;

/**
 * Whether a published generated app or single tool shows the platform watermark (spec
 * section 6): hidden when the owner's plan hides it by default (builder and up), or when
 * the builder switched it off where the plan allows that. Lite and explorer always show it.
 */
export function toolAppShowsWatermark(input: {
  plan: PlanId | null | undefined;
  isWatermarkHidden: boolean;
}): boolean {
  if (isWatermarkHiddenByDefault(input.plan)) return false;
  return !(input.isWatermarkHidden && canHideWatermark(input.plan));
}

/** The end-user view of a published saved app (see publicToolAppSchema for what is left out). */
export function toPublicToolApp(input: {
  app: { id: string; slug: string; name: string; kind: SavedAppKind };
  saved: SavedApp;
  plan: PlanId | null | undefined;
  /**
   * Whether the chat assistant is on now: its switch takes effect at once, so the caller
   * reads it from the current document rather than the published copy (default: the copy's).
   */
  chatAssistantActive?: boolean;
}): PublicToolApp {
  const { saved } = input;
  return {
    appId: input.app.id,
    slug: input.app.slug,
    kind: input.app.kind,
    name: input.app.name,
    header: saved.header,
    description: saved.description,
    style: saved.style,
    showWatermark: toolAppShowsWatermark({
      plan: input.plan,
      isWatermarkHidden: saved.style.isWatermarkHidden,
    }),
    canEmbed: planLimits(input.plan).embedApps,
    chatAssistant:
      input.app.kind === "generated" && (input.chatAssistantActive ?? saved.chatSettings.status === "active"),
    features: {
      interactiveFollowups: saved.features.includes("interactive_followups"),
      customFields: saved.features.includes("custom_fields"),
    },
    userCanEditResults: saved.settings.userCanEditResults,
    dailyUserLimit: saved.settings.dailyUserLimit,
    weeklyUserLimit: saved.settings.weeklyUserLimit,
    isSignupEnabled: saved.settings.isSignupEnabled,
    termsOfServiceLink: saved.settings.termsOfServiceLink,
    privacyPolicyLink: saved.settings.privacyPolicyLink,
    supportEmail: saved.settings.supportEmail,
    tools: saved.tools
      .filter((tool) => tool.status === "active")
      .map((tool) => ({
        toolId: tool.toolId,
        title: tool.title,
        description: tool.description,
        path: tool.path,
        imageUrl: tool.imageUrl,
        isProTool: tool.isProTool,
        isMultiStepInput: tool.isMultiStepInput,
        inputSteps: tool.inputSteps,
        examples: tool.examples,
        welcomeMessage: tool.welcomeMessage,
        inputLabel: tool.inputLabel,
        inputPlaceholder: tool.inputPlaceholder,
        isInputCollapsed: tool.isInputCollapsed,
        isInputHidden: tool.isInputHidden,
        ctaMessage: tool.ctaMessage,
        ctaButton: tool.ctaButton,
        ctaLink: tool.ctaLink,
        fields: tool.fields.map(({ filterCondition: _omitted, ...field }) => field),
        blocks: runBlocks(tool).map((block) => ({
          id: block.id,
          kind: block.kind,
          title: block.title,
          validated: hasBlockValidation(block),
        })),
      })),
  };
}

/** The tool a path names among the app's active tools; a draft's path finds nothing. */
export function findPublicTool(app: Pick<PublicToolApp, "tools">, path: string): PublicTool | null {
  return app.tools.find((tool) => tool.path === path) ?? null;
}
