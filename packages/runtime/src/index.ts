// @liftoff/runtime: what runs inside a space app's sandboxed frame. The compiler's virtual
// modules (`@/api/entities`, `@/lib/utils`, …) import these names; the frame document calls
// `start`. Built into the vendor set (scripts/build-vendor.mjs), never imported by the server.
export { appInfo, auth, Core, client, entities, integrations, User } from "./app-api.ts";
export { cn } from "./cn.ts";
export { createPageUrl } from "./create-page-url.ts";
export type { AppModule } from "./resolve-page.ts";
export type { RuntimeConfig } from "./runtime-client.ts";
export { type AppSource, start } from "./start.tsx";
