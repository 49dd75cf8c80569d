// Runs of generated apps and single tools: the run state machine, the prompt, the model's
// block format and its streaming parser, block validation, and the run contracts.
export * from "./app-api-key.ts";
export * from "./block-retry-prompt.ts";
export * from "./build-run-prompt.ts";
export * from "./check-json-schema.ts";
export * from "./convert-units.ts";
export * from "./followup-prompt.ts";
export * from "./format-field-value.ts";
export * from "./parse-block-stream.ts";
export * from "./public-tool-app.ts";
export * from "./quote-user-value.ts";
export * from "./read-block-output.ts";
export * from "./run-blocks.ts";
export * from "./run-contract.ts";
export * from "./run-error-codes.ts";
export * from "./run-messages.ts";
export * from "./run-state.ts";
export * from "./run-view.ts";
export * from "./tool-app-path.ts";
export * from "./tool-run-summary.ts";
export * from "./validate-block-output.ts";
