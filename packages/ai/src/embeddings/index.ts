export * from "./create-embedder.ts";
export * from "./embedding-config.ts";
