export * from "./entity-access.ts";
export * from "./entity-caller.ts";
