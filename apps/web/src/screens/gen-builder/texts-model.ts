import {
  examplesSchema,
  GENERATED_APP_MESSAGES,
  SAVED_APP_LIMITS,
  type SavedApp,
  type SavedAppKind,
  savedAppSchema,
  type Tool,
  toolSchema,
} from "@liftoff/domain";

export type AppTextKey = "header" | "description";
export type ToolTextKey = "inputLabel" | "inputPlaceholder" | "welcomeMessage";

/** The contract's message for an app text as typed, or null. */
export function appTextError(key: AppTextKey, value: string): string | null {
  const checked = savedAppSchema.shape[key].safeParse(value);
  return checked.success ? null : (checked.error.issues[0]?.message ?? null);
}

/** The contract's message for a tool text as typed, or null. */
export function toolTextError(key: ToolTextKey, value: string): string | null {
  const checked = toolSchema.shape[key].safeParse(value);
  return checked.success ? null : (checked.error.issues[0]?.message ?? null);
}

/** The contract's message for one example as typed, or null. */
export function exampleError(value: string): string | null {
  const checked = examplesSchema.element.safeParse(value);
  return checked.success ? null : (checked.error.issues[0]?.message ?? null);
}

/**
 * The app with a header or description changed. A single tool is an app with one tool
 * "titled by its header" (upgradeSavedApp), and activation needs that tool's title, so for
 * kind "tool" the one tool's title and description follow the app's.
 */
export function setAppText(app: SavedApp, kind: SavedAppKind, key: AppTextKey, value: string): SavedApp {
  const next: SavedApp = { ...app, [key]: value };
  if (kind === "tool" && app.tools.length === 1) {
    const toolKey = key === "header" ? "title" : "description";
    next.tools = app.tools.map((tool) => ({ ...tool, [toolKey]: value }));
  }
  return next;
}

export function canAddExample(examples: readonly string[]): boolean {
  return examples.length < SAVED_APP_LIMITS.maxExamples;
}

/** The tooltip of a disabled "Add example" button. */
export const EXAMPLES_FULL_MESSAGE = GENERATED_APP_MESSAGES.tooManyExamples;

export function addExample(examples: readonly string[]): string[] {
  return canAddExample(examples) ? [...examples, ""] : [...examples];
}

export function removeExample(examples: readonly string[], index: number): string[] {
  return examples.filter((_, at) => at !== index);
}

export function updateExample(examples: readonly string[], index: number, value: string): string[] {
  return examples.map((example, at) => (at === index ? value : example));
}

/**
 * A server message for one text. The builder keys app messages by the path in the saved
 * app ("header", "tools.0.inputLabel"); a panel given the messages of one tool keys them
 * inside it ("inputLabel"). Both are read, the saved-app path first.
 */
export function textMessage(
  messages: Record<string, string>,
  options: { app: SavedApp; tool: Tool | null; key: string },
): string | undefined {
  if (!options.tool) return messages[options.key];
  const index = options.app.tools.findIndex((tool) => tool.toolId === options.tool?.toolId);
  return (index >= 0 ? messages[`tools.${index}.${options.key}`] : undefined) ?? messages[options.key];
}
