import type { SocialProvider } from "@liftoff/domain";
import type { Config } from "../../config.ts";

/** The social buttons the login screen shows: only providers with credentials configured. */
export function configuredProviders(config: Pick<Config, "google" | "github">): SocialProvider[] {
  const providers: SocialProvider[] = [];
  if (config.google) providers.push("google");
  if (config.github) providers.push("github");
  return providers;
}
