// The chat assistant end users talk to on a generated app's page.
export * from "./assistant-contract.ts";
