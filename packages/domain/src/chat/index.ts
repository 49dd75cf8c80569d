export * from "./chat-action.ts";
export * from "./chat-constants.ts";
export * from "./chat-message.ts";
export * from "./chat-messages.ts";
export * from "./chat-requests.ts";
export * from "./chat-validation.ts";
