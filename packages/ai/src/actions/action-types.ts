import type { EntityPermissions } from "@liftoff/domain";

/** Spec section 3 "Action in assistant text": what an action does. */
export const ACTION_TYPES = [
  "add_file",
  "edit_file",
  "add_entity",
  "edit_entity",
  "delete_file",
  "import_entities",
  "insert_entity_records",
  "unknown",
] as const;
export type ActionType = (typeof ACTION_TYPES)[number];

export const ENTITY_ACTION_TYPES: readonly ActionType[] = [
  "add_entity",
  "edit_entity",
  "import_entities",
  "insert_entity_records",
];

/**
 * One action found in the assistant's text. `complete` turns true when its closing tag (or
 * closing fence) arrives; at the end of a stream that stopped early it stays false, and
 * `truncated` says the model ran out of output tokens (finish reason 'length').
 */
export type ParsedAction = {
  index: number;
  /** The group the action was written in, or null outside any group. */
  groupIndex: number | null;
  title: string;
  type: ActionType;
  /** The file path for file actions, the entity name for entity actions. */
  file: string | null;
  content: string;
  complete: boolean;
  truncated: boolean;
  /** From read="…" write="…" on entity actions; absent when the model wrote neither. */
  permissions?: EntityPermissions;
  /** 'tag' for <liftoff-action>, 'code-block' for a fenced block that named its file. */
  source: "tag" | "code-block";
  /** Offset of the action's opening tag (or fence) in the reply text. */
  start: number;
};

export type ActionGroup = { index: number; title: string; complete: boolean; actionIndexes: number[] };

/** The reply in reading order: prose (markdown) and the actions between it. */
export type ActionTextPart = { type: "text"; text: string } | { type: "action"; actionIndex: number };

export type ActionParseResult = {
  groups: ActionGroup[];
  actions: ParsedAction[];
  parts: ActionTextPart[];
  /** The prose outside actions, parts joined by blank lines. */
  text: string;
  /** True once finish() was called. */
  finished: boolean;
  /** Some action was cut off by the output-token limit: the reply needs a continuation. */
  truncated: boolean;
};
