import type { Config } from "../../config.ts";
import type { EndUserApp } from "./load-end-user-app.ts";

/**
 * A mail link to the app's login page (docs/space-apps.md, "End users"): on the platform
 * `/apps/{appId}/login`, on the app's custom host `/login`. The custom host takes the
 * platform's scheme, so local setups on http keep working.
 */
export function appUserLink(
  config: Pick<Config, "publicUrl">,
  app: Pick<EndUserApp, "id" | "customHost">,
  mode: "verifyEmail" | "resetPassword",
  code: string,
): string {
  const query = `mode=${mode}&oobCode=${encodeURIComponent(code)}`;
  if (app.customHost) {
    const scheme = new URL(config.publicUrl).protocol;
    return `${scheme}//${app.customHost}/login?${query}`;
  }
  return `${config.publicUrl}/apps/${encodeURIComponent(app.id)}/login?${query}`;
}
