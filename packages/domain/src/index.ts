// Framework-free product rules and the zod contracts shared by server and web.
export * from "./accounts/has-business-info.ts";
export * from "./auth/email.ts";
export * from "./auth/password-strength.ts";
export * from "./contracts/account.ts";
export * from "./contracts/admin.ts";
export * from "./contracts/apps.ts";
export * from "./contracts/mail.ts";
export * from "./contracts/session.ts";
export * from "./entities/index.ts";
export * from "./entity-access/index.ts";
export * from "./errors/app-error.ts";
export * from "./errors/read-error-body.ts";
export * from "./messages.ts";
export * from "./plans/index.ts";
export * from "./pricing/index.ts";
export * from "./routing/index.ts";
export * from "./space-apps/index.ts";
