/**
 * Business constants of the builder chat (spec section 9) and the values the spec leaves
 * unshown, chosen here once (recorded in docs/defaults.md).
 */
/** The chat sends the last 3 messages, never the whole history. */
export const CHAT_CONTEXT_MESSAGES = 3;
/** Up to 4 model steps per turn (tool calls for reading a file or listing entities count). */
export const CHAT_MAX_STEPS = 4;
export const CHAT_DEFAULT_TEMPERATURE = 0.7;
/** Longest user message accepted (characters). */
export const CHAT_MESSAGE_MAX_LENGTH = 20_000;
/** Attachments per message (images through the upload path). */
export const CHAT_ATTACHMENTS_MAX = 5;
/** 'Chat refresh indicator 1 s after recompile' (spec section 9). */
export const CHAT_REFRESH_INDICATOR_MS = 1_000;
/** The chat markdown column's max width (spec section 9). */
export const CHAT_MARKDOWN_MAX_WIDTH_PX = 350;
/** What 'Let's keep going' sends after a truncated reply (spec section 8). */
export const CONTINUE_TRUNCATED_PROMPT = "Continue and repeat the last action if truncated";
