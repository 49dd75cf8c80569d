export * from "./connector-contract.ts";
export * from "./context-item.ts";
export * from "./data-source-contract.ts";
export * from "./data-source-messages.ts";
