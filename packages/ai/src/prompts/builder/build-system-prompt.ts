import { ACCESSIBILITY_SECTION } from "./accessibility-section.ts";
import { ACTION_PROTOCOL_SECTION } from "./action-protocol-section.ts";
import { COMPILE_RULES_SECTION } from "./compile-rules-section.ts";
import { ENTITIES_SECTION } from "./entities-section.ts";
import { FILE_LAYOUT_SECTION } from "./file-layout-section.ts";
import { ROLE_SECTION } from "./role-section.ts";
import { SDK_SECTION } from "./sdk-section.ts";
import { UI_KIT_SECTION } from "./ui-kit-section.ts";

/** The sections of the builder's system prompt, in order; each lives in its own file. */
export const BUILDER_PROMPT_SECTIONS = [
  ROLE_SECTION,
  ACTION_PROTOCOL_SECTION,
  FILE_LAYOUT_SECTION,
  SDK_SECTION,
  UI_KIT_SECTION,
  ENTITIES_SECTION,
  COMPILE_RULES_SECTION,
  ACCESSIBILITY_SECTION,
] as const;

/**
 * The system prompt of one chat turn: the fixed sections (identical across turns, so
 * providers with prompt caching reuse them) followed by the app summary of this turn.
 */
export function buildSystemPrompt(appSummary: string): string {
  return [...BUILDER_PROMPT_SECTIONS, appSummary].join("\n\n");
}
