export * from "./is-safe-redirect.ts";
export * from "./post-login-redirect.ts";
